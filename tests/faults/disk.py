"""Ways to make the disk fail under a running app, real where the machine allows it.

* :class:`Disk` gives a folder that can be made full and healed again. On a tiny ``tmpfs``
  (needs root with ``CAP_SYS_ADMIN``) "full" is real: a filler file takes every free block.
  Where mounting is not allowed it falls back to an injected ``OSError(ENOSPC)`` from
  ``os.fsync``, which every write path of the store calls. ``Disk.real`` says which.
* :func:`read_only_mount` makes the store's log opens for writing fail with ``EROFS``, as on
  a read-only mount (root ignores ``chmod``, so the refusal is injected where the log is
  opened for appending).
* :func:`without_dac_override` prefixes a command so that root loses ``CAP_DAC_OVERRIDE``:
  then ``chmod a-w`` on a folder really stops root's writes (plain root ignores it).
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

__all__ = ["Disk", "disk", "read_only_mount", "toasts", "without_dac_override"]

TMPFS_SIZE = "256k"


def _mount_tmpfs(folder: Path) -> bool:
    mount = shutil.which("mount")
    if mount is None or os.geteuid() != 0:
        return False
    done = subprocess.run(
        [
            mount,
            "-t",
            "tmpfs",
            "-o",
            f"size={TMPFS_SIZE},mode=0755",
            "tablekeeper-faults",
            str(folder),
        ],
        capture_output=True,
        stdin=subprocess.DEVNULL,
    )
    return done.returncode == 0


def _umount(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], capture_output=True, stdin=subprocess.DEVNULL)


class Disk:
    """A folder whose disk can be filled (:meth:`fill`) and emptied again (:meth:`heal`)."""

    def __init__(self, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder = folder
        self.real = _mount_tmpfs(folder)
        self._monkeypatch = monkeypatch
        self._filler = folder / "filler.bin"
        self._patched = False

    def fill(self) -> None:
        """Make every further write fail with ENOSPC."""
        if not self.real:

            def full(*_args: Any, **_kwargs: Any) -> None:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            self._monkeypatch.setattr("os.fsync", full)
            self._patched = True
            return
        chunk = b"\0" * 4096
        fd = os.open(self._filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            while os.write(fd, chunk):
                pass
        except OSError as exc:
            assert exc.errno == errno.ENOSPC, exc
        finally:
            os.close(fd)
        # the last, partly filled pages of existing files may still take a few bytes: a new
        # file (the atomic save's temp file) cannot, and that is what the save needs.

    def heal(self) -> None:
        if self._patched:
            self._monkeypatch.undo()
            self._patched = False
        self._filler.unlink(missing_ok=True)

    def close(self) -> None:
        self.heal()
        if self.real:
            _umount(self.folder)


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record_property: Any) -> Iterator[Disk]:
    folder = tmp_path / "disk"
    folder.mkdir()
    d = Disk(folder, monkeypatch)
    record_property("disk", "tmpfs" if d.real else "injected ENOSPC")
    try:
        yield d
    finally:
        d.close()


def without_dac_override() -> list[str] | None:
    """``setpriv`` arguments that drop root's permission-bypass capabilities, or None.

    None when ``setpriv`` is missing or the drop is not allowed here (checked by trying it).
    """
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    prefix = [
        setpriv,
        "--inh-caps=-dac_override,-dac_read_search",
        "--bounding-set=-dac_override,-dac_read_search",
        "--",
    ]
    with contextlib.suppress(OSError):
        probe = subprocess.run([*prefix, "true"], capture_output=True, stdin=subprocess.DEVNULL)
        if probe.returncode == 0:
            return prefix
    return None


def toasts(app: Any) -> str:
    """The text of every notification currently shown by a running (Pilot) app."""
    return " ".join(str(t.render()) for t in app.screen.query("Toast"))


def read_only_mount(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write open of the store's journal refused with ``EROFS`` (reads still work)."""
    real_open = os.open

    def read_only_fs(path: object, flags: int, *args: object) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr("tui.store.journal.os.open", read_only_fs)
