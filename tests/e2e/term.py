"""A tiny tmux harness: a real pty of a given size, keys in, screen text out.

Each :class:`Terminal` runs its own tmux server on a private socket (so tests never touch a
user's tmux) with no config file, or with only the lines a test gives (``config``). The
command runs under ``sh``; when it ends, the pane prints ``__EXIT__=<status>`` and stays
open, so the test can read both the last screen and the exit status. Waiting is polling
with a timeout, never a fixed sleep.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pytest

__all__ = [
    "EXIT_MARK",
    "Terminal",
    "flat",
    "panels",
    "require_tool",
    "squash",
    "tablekeeper_command",
    "visible",
    "wait_for_file",
]

EXIT_MARK = "__EXIT__="
_EXIT = re.compile(r"__EXIT__=(\d+)")
#: Box-drawing and scrollbar glyphs that panels draw around text.
_FRAME = re.compile(r"[│─╭╮╰╯▏▕▁▂▃▄▅▆▇█▌▐┃━]")
#: Vertical edges between side-by-side boxes: panel borders and a notification's bar.
_SPLIT = re.compile(r"[│▌]")


def require_tool(name: str, *fallbacks: str) -> str:
    """The absolute path of ``name`` (or one of ``fallbacks``); fail, never skip, if absent."""
    found = shutil.which(name)
    if found:
        return found
    for path in fallbacks:
        if os.access(path, os.X_OK):
            return path
    pytest.fail(
        f"{name} is not installed: these end-to-end tests need it "
        f"(.ci/run installs tmux and openssh-server/openssh-client with apt-get)"
    )


def tablekeeper_command() -> str:
    """The absolute path of the ``tablekeeper`` console script of the install the tests run
    in: the one beside this interpreter (a venv that was not activated, as ``.ci/pythons``
    runs the suite), else the one on PATH. Another Python's ``tablekeeper`` earlier on PATH
    (a pyenv shim) would test other code."""
    beside = Path(sys.executable).parent / "tablekeeper"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    return require_tool("tablekeeper")


def flat(text: str) -> str:
    """Screen text with frames removed and all whitespace collapsed to single spaces.

    Text that a panel wraps over two rows is then found as one phrase only if nothing else
    shares those rows, so callers prefer phrases that fit one row or use :meth:`region`.
    """
    return " ".join(_FRAME.sub(" ", text).split())


def panels(text: str) -> list[str]:
    """The screen read panel by panel: each ``│``/``▌``-bounded column, top to bottom.

    Side-by-side panels share rows, so a phrase the log panel wraps over two rows is not
    contiguous in :func:`flat` (the party panel's text sits between its halves). Cutting every
    row at ``│`` and gathering the pieces by the column they start at rebuilds each panel.
    """
    columns: dict[int, list[str]] = {}
    for row in text.split("\n"):
        start = 0
        for piece in _SPLIT.split(row):
            columns.setdefault(start, []).append(piece)
            start += len(piece) + 1
    return [flat("\n".join(pieces)) for _, pieces in sorted(columns.items())]


def visible(phrase: str, text: str) -> bool:
    """Whether ``phrase`` is on screen, read row by row or panel by panel."""
    return phrase in flat(text) or any(phrase in panel for panel in panels(text))


def squash(text: str) -> str:
    """Screen text with frames and *all* whitespace removed: finds paths a dialog wrapped."""
    return "".join(flat(text).split())


class Terminal:
    """One tmux session of ``width``×``height`` running one command."""

    def __init__(
        self,
        folder: Path,
        *,
        width: int = 80,
        height: int = 24,
        name: str = "tk",
        config: Sequence[str] = (),
    ) -> None:
        self.tmux = require_tool("tmux")
        self.socket = folder / f"{name}.sock"
        self.config = "/dev/null"  # tmux's defaults, whatever ~/.tmux.conf says
        if config:  # a GM's ~/.tmux.conf, as the README gives it
            conf = folder / f"{name}.tmux.conf"
            conf.write_text("".join(f"{line}\n" for line in config), encoding="utf-8")
            self.config = str(conf)
        self.name = name
        self.width = width
        self.height = height
        self.started = False

    # -- lifecycle -------------------------------------------------------------------------
    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        env = dict(os.environ, TERM=os.environ.get("TERM") or "xterm-256color")
        return subprocess.run(
            [self.tmux, "-f", self.config, "-S", str(self.socket), *args],
            capture_output=True,
            text=True,
            check=check,
            env=env,
            stdin=subprocess.DEVNULL,
            timeout=20,
        )

    def start(
        self, argv: Sequence[str], *, env: Mapping[str, str] | None = None, cwd: Path | None = None
    ) -> None:
        """Run ``argv`` (with ``env`` added, e.g. ``TERM``) in a fresh session."""
        assignments = [f"{k}={v}" for k, v in (env or {}).items()]
        inner = shlex.join(["env", *assignments, *argv])
        script = f'{inner}; echo "{EXIT_MARK}$?"; exec sleep 3600'
        args = ["new-session", "-d", "-s", self.name, "-x", str(self.width), "-y", str(self.height)]
        if cwd is not None:
            args += ["-c", str(cwd)]
        self._run(*args, "sh", "-c", script)
        self.started = True
        # Keep the window exactly this size even when a client attaches to debug.
        self._run("set-option", "-t", self.name, "window-size", "manual", check=False)

    def close(self) -> None:
        """Kill this test's tmux server (and with it the command, if still running)."""
        if self.started:
            self._run("kill-server", check=False)
            self.started = False
        self.socket.unlink(missing_ok=True)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- keys ------------------------------------------------------------------------------
    def type(self, text: str) -> None:
        """Send ``text`` literally (as typed on a keyboard) and wait until the screen shows it.

        Waiting matters: a key pressed next (Enter) that reaches the app in the same read as
        the text is taken for part of a paste, as a terminal would for pasted text.
        """
        self._run("send-keys", "-t", self.name, "-l", text)
        tail = text[-12:]
        self.wait_until(lambda screen: tail in screen, what=f"the typed text {tail!r}")

    def press(self, *keys: str) -> None:
        """Send named keys in tmux's notation: ``Enter``, ``C-z``, ``C-q``, ``Tab``."""
        self._run("send-keys", "-t", self.name, *keys)

    # -- screen ----------------------------------------------------------------------------
    def screen(self, *, escapes: bool = False) -> str:
        """The visible pane, one line per row (``escapes`` keeps the colour sequences)."""
        args = ["capture-pane", "-p", "-t", self.name]
        if escapes:
            args.append("-e")
        return self._run(*args).stdout

    def server_option(self, name: str) -> str:
        """The value of the tmux server option ``name`` (``set-clipboard`` …)."""
        return self._run("show-options", "-s", "-v", name).stdout.strip()

    def paste_buffer(self) -> str | None:
        """The newest of tmux's paste buffers (what an application's OSC 52 copy makes with
        ``set-clipboard on``); None when there is none."""
        done = self._run("show-buffer", check=False)
        return done.stdout if done.returncode == 0 else None

    def region(self, left: int, right: int, *, top: int = 0, bottom: int | None = None) -> str:
        """The text of the columns ``left:right`` (and rows ``top:bottom``), flattened."""
        rows = self.screen().split("\n")[top:bottom]
        return flat("\n".join(row[left:right] for row in rows))

    def wait_until(
        self,
        test: Callable[[str], bool],
        *,
        timeout: float = 10.0,
        what: str = "the expected screen",
    ) -> str:
        """Poll the screen until ``test(screen)``; fail with the last screen on timeout."""
        deadline = time.monotonic() + timeout
        screen = ""
        while True:
            screen = self.screen()
            if test(screen):
                return screen
            if time.monotonic() > deadline:
                pytest.fail(
                    f"timed out after {timeout:.0f}s waiting for {what}; the screen was:\n{screen}"
                )
            time.sleep(0.05)

    def wait_for(self, *phrases: str, timeout: float = 10.0) -> str:
        """Wait until every phrase is on screen (whitespace-insensitive, frames removed)."""
        return self.wait_until(
            lambda s: all(visible(p, s) for p in phrases),
            timeout=timeout,
            what=" and ".join(repr(p) for p in phrases),
        )

    def wait_gone(self, phrase: str, *, timeout: float = 10.0) -> str:
        return self.wait_until(
            lambda s: not visible(phrase, s), timeout=timeout, what=f"{phrase!r} to disappear"
        )

    def wait_exit(self, *, timeout: float = 10.0) -> int:
        """Wait for the command to end; its exit status."""
        screen = self.wait_until(
            lambda s: _EXIT.search(s) is not None, timeout=timeout, what="the command to exit"
        )
        match = _EXIT.search(screen)
        assert match is not None
        return int(match[1])


def wait_for_file(test: Callable[[], bool], *, timeout: float = 10.0, what: str) -> None:
    """Poll ``test()`` (e.g. a condition on a save read from disk) until true or fail."""
    deadline = time.monotonic() + timeout
    last: BaseException | None = None
    while time.monotonic() < deadline:
        try:
            if test():
                return
            last = None
        except Exception as exc:  # the save may be mid-replace; try again
            last = exc
        time.sleep(0.05)
    pytest.fail(
        f"timed out after {timeout:.0f}s waiting for {what}"
        + (f" (last error: {last!r})" if last else "")
    )
