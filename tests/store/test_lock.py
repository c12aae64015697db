"""One writer per save: the flock, read-only access, release on close and on SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.store.helpers import small_campaign
from tui.store import LockedError, SaveError, Store, is_locked, load

ROOT = Path(__file__).resolve().parents[2]


def test_second_writer_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    first = Store.create(save, small_campaign())
    with pytest.raises(LockedError) as info:
        Store.open(save)
    assert isinstance(info.value, SaveError)
    assert str(info.value).startswith(f"{save}: already open in another Tablekeeper")
    assert "read-only" in str(info.value)
    assert is_locked(save)
    viewer = Store.open(save, read_only=True)
    assert viewer.read_only and viewer.campaign == first.campaign
    first.close()
    assert not is_locked(save)
    second = Store.open(save)
    second.save(small_campaign("Again"))
    second.close()
    viewer.close()
    assert load(save)[0].name == "Again"


def test_closed_store_refuses_to_write(tmp_path: Path) -> None:
    store = Store.create(tmp_path / "c.toml", small_campaign())
    store.close()
    with pytest.raises(SaveError, match="closed"):
        store.save(small_campaign())


def test_lock_released_when_holder_is_killed(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    Store.create(save, small_campaign()).close()
    script = textwrap.dedent(f"""
        import sys
        from tui.store import Store
        store = Store.open({str(save)!r})
        print("locked", flush=True)
        sys.stdin.read()  # holds the lock until killed (or the parent's end closes stdin)
    """)
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "locked"
        with pytest.raises(LockedError, match=f"process {child.pid}"):
            Store.open(save)
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    Store.open(save).close()
