"""The installed app on a bare pseudo-terminal: faster than tmux, for tests that kill it a lot.

:class:`PtyApp` reads everything the app writes to its terminal, so a test can wait until a
text is *on the screen* (written to the terminal) and kill the process at that instant.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import termios
import time
from collections.abc import Mapping, Sequence

import pytest

__all__ = ["PtyApp"]


class PtyApp:
    """One run of a command on its own pty of ``size`` (columns, rows)."""

    def __init__(
        self, argv: Sequence[str], *, env: Mapping[str, str], size: tuple[int, int] = (80, 24)
    ) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: becomes the app
            try:
                os.execvpe(argv[0], list(argv), {**os.environ, **env})
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        self.output = bytearray()
        self._mark = 0
        self._open = True
        self.status: int | None = None

    def _pump(self, timeout: float) -> bool:
        if not self._open:
            return False
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:  # EIO: the child closed the terminal
            return False
        self.output += data
        return bool(data)

    def wait_for(self, text: str, *, timeout: float = 15.0) -> None:
        """Read until ``text`` appears in what was written since the last :meth:`mark`."""
        needle = text.encode("utf-8")
        deadline = time.monotonic() + timeout
        while needle not in self.output[self._mark :]:
            if time.monotonic() > deadline:
                tail = bytes(self.output[-600:]).decode("utf-8", "replace")
                pytest.fail(f"timed out waiting for {text!r} on the screen; last output: {tail!r}")
            self._pump(0.05)

    def seen(self, text: str) -> bool:
        """Whether ``text`` was written since the last mark (reads what is waiting)."""
        while self._pump(0):
            pass
        return text.encode("utf-8") in self.output[self._mark :]

    def mark(self) -> None:
        """From now on, waits look only at newer output."""
        self._mark = len(self.output)

    def send(self, data: str | bytes) -> None:
        raw = data.encode("utf-8") if isinstance(data, str) else data
        os.write(self.fd, raw)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, sig)

    def wait(self, timeout: float = 10.0) -> int:
        """Wait for the process to end (draining its output); its exit status."""
        deadline = time.monotonic() + timeout
        while True:
            self._pump(0.02)
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = os.waitstatus_to_exitcode(status)
                self._close()
                return self.status
            if time.monotonic() > deadline:
                self.kill()
                os.waitpid(self.pid, 0)
                self._close()
                pytest.fail("the app did not end in time")

    def _close(self) -> None:
        if self._open:
            self._open = False
            with contextlib.suppress(OSError):
                os.close(self.fd)

    def hang_up(self) -> None:
        """Close the terminal as a dropped SSH link does (the kernel sends SIGHUP)."""
        self._close()
