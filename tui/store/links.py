"""The players' links: one secret token per party character, kept per campaign (no Textual).

A character's page (``http://HOST:PORT/p/TOKEN``, served by ``tablekeeper serve``) is opened
by whoever has its token, so the tokens are kept out of the save — a save shared or sent
along gives nothing away — in the per-user state folder, one file per campaign:
``~/.local/state/tablekeeper/links/CAMPAIGN_ID.json`` (mode 0600, folder 0700), replaced
atomically. It holds ``tokens`` (character name → token, ``secrets.token_urlsafe(24)``: 192
random bits) and ``base``, the address the running server listens on, so the GM's app can
show the links (``/links``). A token is compared in constant time
(``secrets.compare_digest``) with each one kept. The server holds a lock on
``CAMPAIGN_ID.serving`` while it runs: :meth:`Links.serving` tells the app whether the
``base`` is live. A file that does not read is as good as none: new tokens are made.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tui.store.files import atomic_write
from tui.store.lock import probed_held
from tui.store.regular import read_json

__all__ = ["TOKEN_BYTES", "LinkFile", "Links", "links_dir"]

#: random bytes of a token (192 bits; the issue asks at least 128)
TOKEN_BYTES = 24
_NOFOLLOW = os.O_NOFOLLOW | os.O_CLOEXEC
_MAX = 1 << 20


def links_dir() -> Path:
    from tui.base.locations import state_dir

    return state_dir() / "links"


@dataclass(frozen=True)
class LinkFile:
    """What the file holds: each character's token, and the running server's address."""

    tokens: Mapping[str, str] = field(default_factory=dict)
    base: str = ""


def _read(path: Path) -> LinkFile:
    """What the file holds; an empty one when it does not read — no regular file (a FIFO is
    refused at once, never waited on), over :data:`_MAX`, not JSON, or nested past the two
    levels it has."""
    try:
        doc = read_json(path, limit=_MAX, depth=2, follow=False)
    except (OSError, ValueError):
        return LinkFile()
    if not isinstance(doc, dict):
        return LinkFile()
    raw = doc.get("tokens")
    tokens = (
        {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, str) and v}
        if isinstance(raw, dict)
        else {}
    )
    base = doc.get("base")
    return LinkFile(tokens, base if isinstance(base, str) else "")


class Links:
    """The links file of one campaign (``folder``: the per-user one unless a test says)."""

    def __init__(self, campaign_id: str, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else links_dir()
        self.path = self.folder / f"{campaign_id}.json"
        self._serving = self.folder / f"{campaign_id}.serving"
        self._lock_fd: int | None = None

    def read(self) -> LinkFile:
        return _read(self.path)

    def _write(self, links: LinkFile) -> None:
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        data = json.dumps({"tokens": dict(links.tokens), "base": links.base}, indent=1)
        atomic_write(self.path, data.encode("utf-8"), backup=False, mode=0o600)

    def tokens(self, names: Iterable[str], *, new: bool = False) -> dict[str, str]:
        """The token of each of ``names``, made for those that have none (all of them anew
        with ``new``: the old links stop working). Raises ``OSError`` if they cannot be kept."""
        current = LinkFile() if new else self.read()
        tokens = dict(current.tokens)
        wanted = list(dict.fromkeys(names))
        for name in wanted:
            if name not in tokens:
                tokens[name] = secrets.token_urlsafe(TOKEN_BYTES)
        if new or tokens != current.tokens:
            self._write(LinkFile(tokens, current.base))
        return {name: tokens[name] for name in wanted}

    def set_base(self, base: str) -> None:
        """Keep the address the server listens on (``""``: none)."""
        current = self.read()
        if current.base != base:
            self._write(LinkFile(current.tokens, base))

    def who(self, token: str, names: Iterable[str]) -> str | None:
        """Which of ``names`` the token opens, or ``None``; every kept token of them is
        compared (in constant time), whatever matched first."""
        given = token.encode("utf-8", "replace")
        kept = self.read().tokens
        found = None
        for name in names:
            mine = kept.get(name)
            if mine is not None and secrets.compare_digest(given, mine.encode("utf-8")):
                found = name
        return found

    # -- the running server ----------------------------------------------------------------
    def hold_serving(self) -> bool:
        """The server: mark this campaign served while the process lives (``False``: another
        server serves it already)."""
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(self._serving, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._lock_fd = fd
        return True

    def release_serving(self) -> None:
        fd, self._lock_fd = self._lock_fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)

    def serving(self) -> bool:
        """Whether a server of this campaign runs now (its lock is held)."""
        return probed_held(self._serving)
