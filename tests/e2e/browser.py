"""What the browser tests share: ``tablekeeper serve`` on a free port, and headless Chromium.

Chromium is Debian's ``chromium`` with ``chromium-driver``, driven by ``selenium``, offline:
no updates, no sync, a fresh profile in the test's folder.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.sshd import free_port
from tests.e2e.term import require_tool

__all__ = ["CHROME_FLAGS", "Served", "chrome"]

CHROME_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1280,900",
)


class Served:
    """``COMMAND serve SAVE --port P`` on a free port, and what it prints."""

    def __init__(
        self,
        command: Sequence[str],
        save: Path,
        folder: Path,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.port = free_port()
        self.out = (folder / "serve.out").open("w+b")
        self.process = subprocess.Popen(
            [*command, "serve", str(save), "--port", str(self.port)],
            stdout=self.out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            cwd=folder,
            env={**os.environ, **(env or {})},
        )

    def output(self) -> str:
        self.out.seek(0)
        return self.out.read().decode("utf-8", "replace")

    def printed(self, pattern: str, what: str, timeout: float = 20) -> re.Match[str]:
        """The first match of ``pattern`` in what the server printed, waited for."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = re.search(pattern, self.output())
            if found:
                return found
            if self.process.poll() is not None:
                pytest.fail(f"tablekeeper serve exited:\n{self.output()}")
            time.sleep(0.05)
        pytest.fail(f"tablekeeper serve printed no {what}:\n{self.output()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.out.close()


def chrome(folder: Path, *flags: str) -> Any:
    """A headless Chromium (selenium's driver) with its profile and HOME in ``folder``;
    ``flags`` after :data:`CHROME_FLAGS` (a later window size wins)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = require_tool("chromium", "/usr/bin/chromium")
    for flag in (*CHROME_FLAGS, *flags, f"--user-data-dir={folder / 'chrome-profile'}"):
        options.add_argument(flag)
    service = Service(
        require_tool("chromedriver", "/usr/bin/chromedriver"),
        env={**os.environ, "HOME": str(folder)},
    )
    return webdriver.Chrome(options=options, service=service)
