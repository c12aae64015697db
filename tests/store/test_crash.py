"""SIGKILL at random instants never loses an acknowledged change nor leaves a bad file.

The instant is random by the child's own progress, not by the clock: the parent kills it
once it has read a random number of acknowledgements, while the child goes on writing, so
the kill lands anywhere in a later change however fast or loaded the machine is.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from tests.store.helpers import counter, small_campaign
from tui.store import Store, load, log_path, read_log

ROOT = Path(__file__).resolve().parents[2]
KILLS = 24


def test_kill_at_random_points(tmp_path: Path) -> None:
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    save = tmp_path / "crash.toml"
    Store.create(save, small_campaign()).close()
    acknowledged = 0
    for kill in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.store.crash_child", str(save)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert child.stdout is not None
        ready = child.stdout.readline().strip()
        if ready != "ready":
            child.kill()
            child.wait()
            raise AssertionError(f"seed {seed}: child failed to start (run crash_child by hand)")
        read = [child.stdout.readline() for _ in range(rng.randrange(0, 6))]
        os.kill(child.pid, signal.SIGKILL)  # after a random number of acknowledged changes
        # the rest from the same reader: readline may already hold more lines in its buffer,
        # which communicate() (reading the pipe itself) would miss
        out = child.stdout.read()
        child.wait()
        child.stdout.close()
        printed = [int(line) for line in "".join(read).split() + out.split()]
        if printed:
            acknowledged = printed[-1]
        campaign, _ = load(save)  # always loads: never torn, never unreadable
        log = read_log(log_path(save), keep=10**6, validate_all=True).entries
        saved = counter(campaign)
        context = f"seed {seed}, kill {kill}: saved {saved}, acknowledged {acknowledged}"
        assert acknowledged <= saved <= acknowledged + 1, context
        seqs = [e.seq for e in log]
        assert seqs == list(range(1, len(seqs) + 1)), context
        logged = {int(e.text.rsplit(" ", 1)[1]) for e in log}
        assert set(range(1, saved + 1)) <= logged, context  # the log is written first
        assert max(logged, default=0) <= saved + 1, context
        acknowledged = saved  # the change in flight may have landed: it is now the baseline
    with Store.open(save) as store:  # the last kill left the lock free
        assert store.log_count >= acknowledged
