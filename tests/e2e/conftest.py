"""The end-to-end tests' shared fixture: a throwaway ``sshd`` per test module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.e2e.sshd import Sshd


@pytest.fixture(scope="module")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sshd]:
    daemon = Sshd(tmp_path_factory.mktemp("sshd"))
    try:
        daemon.start()
        daemon.check_login()
        yield daemon
    finally:
        daemon.stop()
