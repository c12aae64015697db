"""A throwaway ``sshd`` on 127.0.0.1 for the SSH end-to-end tests.

Keys (an ed25519 host key and a user key) are generated in a temp folder; the daemon gets
its own config (key auth only, no PAM, loopback only, a free high port) and pid file, runs in
the foreground (``-D -e``) as a child of the test and is stopped in teardown. It logs in the
current user (root in CI, hence ``PermitRootLogin prohibit-password``). The ``sshd`` fixture
(``tests/e2e/conftest.py``) starts one per test module; :func:`remote_command` is what a test
runs in the login.
"""

from __future__ import annotations

import getpass
import os
import shlex
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.e2e.term import require_tool, tablekeeper_command

__all__ = ["SEED", "Sshd", "free_port", "remote_command"]

#: the remote app's dice seed (TABLEKEEPER_SEED)
SEED = "20261130"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _keygen(ssh_keygen: str, path: Path) -> None:
    subprocess.run(
        [ssh_keygen, "-q", "-t", "ed25519", "-N", "", "-C", "tablekeeper-e2e", "-f", str(path)],
        check=True,
        capture_output=True,
        stdin=subprocess.DEVNULL,
    )


@dataclass
class Sshd:
    """Start with :meth:`start`, log in with :meth:`ssh_argv`, stop with :meth:`stop`."""

    folder: Path
    port: int = 0
    user: str = field(default_factory=getpass.getuser)
    process: subprocess.Popen[bytes] | None = None

    @property
    def key(self) -> Path:
        return self.folder / "user_ed25519"

    @property
    def log(self) -> Path:
        return self.folder / "sshd.log"

    def start(self, *, timeout: float = 10.0) -> None:
        sshd = require_tool("sshd", "/usr/sbin/sshd")
        ssh_keygen = require_tool("ssh-keygen")
        require_tool("ssh")
        self.folder.mkdir(parents=True, exist_ok=True)
        host_key = self.folder / "host_ed25519"
        _keygen(ssh_keygen, host_key)
        _keygen(ssh_keygen, self.key)
        authorized = self.folder / "authorized_keys"
        authorized.write_bytes(self.key.with_suffix(".pub").read_bytes())
        authorized.chmod(0o600)
        # sshd insists on its privilege-separation folder even when it never uses it.
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)
        self.port = free_port()
        config = self.folder / "sshd_config"
        config.write_text(
            "\n".join(
                [
                    f"Port {self.port}",
                    "ListenAddress 127.0.0.1",
                    f"HostKey {host_key}",
                    f"PidFile {self.folder / 'sshd.pid'}",
                    f"AuthorizedKeysFile {authorized}",
                    "PubkeyAuthentication yes",
                    "PasswordAuthentication no",
                    "KbdInteractiveAuthentication no",
                    "PermitRootLogin prohibit-password",
                    f"AllowUsers {self.user}",
                    "UsePAM no",
                    "StrictModes no",
                    "PrintMotd no",
                    "PrintLastLog no",
                    "X11Forwarding no",
                    "LogLevel VERBOSE",
                    "",
                ]
            )
        )
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [sshd, "-D", "-e", "-f", str(config)],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        self._wait_listening(timeout)

    def _wait_listening(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                pytest.fail(f"sshd exited with {self.process.returncode}:\n{self.log_text()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        pytest.fail(
            f"sshd did not listen on port {self.port} within {timeout}s:\n{self.log_text()}"
        )

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def ssh_argv(self, remote_command: str) -> list[str]:
        """``ssh -tt`` into this daemon with the test key, running ``remote_command``."""
        return [
            require_tool("ssh"),
            "-F",
            "/dev/null",
            "-i",
            str(self.key),
            "-p",
            str(self.port),
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "BatchMode=yes",
            "-o",
            "LogLevel=ERROR",
            "-o",
            "ConnectTimeout=10",
            "-tt",
            f"{self.user}@127.0.0.1",
            remote_command,
        ]

    def check_login(self) -> None:
        """One non-interactive login, so a broken setup fails here with sshd's own log."""
        argv = self.ssh_argv("echo ssh-ok")
        argv.remove("-tt")
        done = subprocess.run(
            argv, capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL
        )
        if done.stdout.strip() != "ssh-ok":
            pytest.fail(
                f"ssh login failed ({done.returncode}): {done.stderr}\nsshd log:\n{self.log_text()}"
            )

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.process = None
        pid_file = self.folder / "sshd.pid"
        pid_file.unlink(missing_ok=True)


def remote_command(folder: Path, save: Path, env: dict[str, str]) -> str:
    """``cd FOLDER && env … /abs/tablekeeper SAVE`` for the remote login shell."""
    assignments = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "TABLEKEEPER_SEED": SEED,
        # the test run's own per-user folders (tests/conftest.py), not the login's
        **{k: v for k, v in os.environ.items() if k.startswith("XDG_")},
        **env,
    }
    argv = ["env", *(f"{k}={v}" for k, v in assignments.items()), tablekeeper_command(), save.name]
    return f"cd {shlex.quote(str(folder))} && {shlex.join(argv)}"
