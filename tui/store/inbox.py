"""The inbox of a campaign's answers: ``tablekeeper serve`` drops them, the GM's app takes them.

The GM's app is the campaign's only writer, so a player's answer (the dice typed on a phone,
or "roll for me") cannot be written into the campaign by the server: it travels as a file.
The inbox is a folder per campaign in the per-user state folder
(``~/.local/state/tablekeeper/inbox/CAMPAIGN_ID/``, mode 0700), one file per answered
request, ``REQUEST.json``, and one per character for a roll the player started on their own
page, ``roll-HASH.json`` (:func:`roll_slot`):

- **posting** (the server) creates the file with ``O_CREAT | O_EXCL``, so of two answers
  racing for one request exactly one is taken; the other finds the file there (409). The
  file is fsynced, then the folder;
- **following** (the app) costs one ``stat`` of the folder when nothing changed
  (:meth:`Inbox.changed`); a file caught half-written (the server has created it but not yet
  written it) is read again on the next look, and one still unreadable after
  :data:`STALE_AFTER` seconds is removed (a server killed mid-write); the app removes an
  answer's file once the change it made is durable, so the request is closed in the log by
  then and the server, which follows the log, says 409 to anyone answering it again;
- **who follows**: the app holds an exclusive ``flock`` on ``.follower.lock`` in the folder
  while it follows it; the server asks :meth:`Inbox.followed` (a shared lock tried and given
  back at once) to answer 503 when no app is there to take an answer. The kernel drops the
  lock when the app dies.

No Textual, no campaign: the files hold the request's id, the character and the dice.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from tui.store.files import fsync_dir
from tui.store.lock import probed_held
from tui.store.regular import read_json

__all__ = ["REQUEST_ID", "STALE_AFTER", "Answer", "Inbox", "inbox_dir", "roll_slot"]

#: what a request id may be to name a file (the app makes ``4kq``; a hand edit may differ)
REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: seconds after which an answer file that still does not read is dropped
STALE_AFTER = 30.0
_LOCK = ".follower.lock"
_SUFFIX = ".json"
_NOFOLLOW = os.O_NOFOLLOW | os.O_CLOEXEC
_MAX = 4096


def inbox_dir(campaign_id: str) -> Path:
    """The inbox folder of the campaign ``campaign_id`` in the per-user state folder."""
    from tui.base.locations import state_dir

    return state_dir() / "inbox" / campaign_id


@dataclass(frozen=True)
class Answer:
    """One answer: ``who`` answers ``request`` with ``dice`` (``None``: roll for me).

    A roll the player started on their own page is one too, with its ``line`` (the roll
    line without dice) and its ``roll`` id; its ``request`` is :func:`roll_slot` of ``who``."""

    request: str
    who: str
    dice: str | None
    path: Path
    line: str | None = None
    roll: str | None = None


def roll_slot(who: str) -> str:
    """The file name (without ``.json``) of ``who``'s own roll: one per character, so of two
    rolls racing for it exactly one is taken (``O_EXCL``), and no request id looks like it
    (those begin with a digit)."""
    return "roll-" + hashlib.sha256(who.encode("utf-8")).hexdigest()[:24]


def _read(path: Path) -> Answer | None:
    """The answer in ``path``, or ``None`` while it does not read: a file half written, or
    anything that is no small regular file of flat JSON (a FIFO there is refused at once,
    never waited on — the app looks at the inbox four times a second)."""
    try:
        doc = read_json(path, limit=_MAX, depth=1, follow=False)
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict):
        return None
    request, who, dice = doc.get("request"), doc.get("who"), doc.get("dice")
    if not isinstance(request, str) or path.name != request + _SUFFIX or not isinstance(who, str):
        return None
    if dice is not None and not isinstance(dice, str):
        return None
    line, roll = doc.get("line"), doc.get("roll")
    if line is None and roll is None:
        return Answer(request, who, dice, path)
    if not (isinstance(line, str) and isinstance(roll, str)) or request != roll_slot(who):
        return None
    return Answer(request, who, dice, path, line, roll)


class Inbox:
    """The inbox folder of one campaign (made, mode 0700, by the first post or follow)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._seen: tuple[int, int, int] | None = None
        self._unread = False  # a file did not read yet: look again even if nothing changed
        self._lock_fd: int | None = None

    @classmethod
    def of(cls, campaign_id: str) -> Inbox:
        return cls(inbox_dir(campaign_id))

    def _made(self) -> None:
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)

    def _file(self, request: str) -> Path:
        if not REQUEST_ID.fullmatch(request):
            raise ValueError(f"not a request id: {request!r}")
        return self.folder / (request + _SUFFIX)

    # -- the server's side ------------------------------------------------------------------
    def post(self, request: str, who: str, dice: str | None) -> bool:
        """Drop the answer to ``request``; ``False`` when one is there already (taken).
        Raises ``OSError`` when the folder cannot be written."""
        return self._post(request, {"request": request, "who": who, "dice": dice})

    def _post(self, request: str, doc: dict[str, str | None]) -> bool:
        path = self._file(request)
        self._made()
        data = json.dumps(doc).encode("utf-8")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
        except FileExistsError:
            return False
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        except OSError:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(path)  # never a half answer that blocks the request
            raise
        os.close(fd)
        with contextlib.suppress(OSError):
            fsync_dir(self.folder)
        return True

    def post_roll(self, who: str, roll: str, line: str, dice: str | None) -> bool:
        """Drop ``who``'s own roll ``roll`` of ``line``; ``False`` when one of theirs waits
        already. Raises ``OSError`` when the folder cannot be written."""
        slot = roll_slot(who)
        doc = {"request": slot, "who": who, "dice": dice, "line": line, "roll": roll}
        return self._post(slot, doc)

    def withdraw(self, request: str) -> None:
        """Take back a file just posted (the server found it should not have been)."""
        with contextlib.suppress(OSError):
            os.unlink(self._file(request))

    def waiting(self, request: str) -> bool:
        """Whether an answer to ``request`` is there, not yet taken by the app."""
        return os.path.lexists(self._file(request))

    def followed(self) -> bool:
        """Whether a GM's app follows this inbox right now (holds its lock)."""
        return probed_held(self.folder / _LOCK)

    # -- the app's side ---------------------------------------------------------------------
    def follow(self) -> bool:
        """Take the follower's lock (kept until :meth:`close`); ``False`` while it cannot be
        (a server looking at that instant, another app: try again on the next look)."""
        if self._lock_fd is not None:
            return True
        try:
            self._made()
            fd = os.open(self.folder / _LOCK, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o600)
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._lock_fd = fd
        return True

    @property
    def following(self) -> bool:
        return self._lock_fd is not None

    def changed(self) -> bool:
        """Whether the folder may hold something new since the last :meth:`answers` (one
        ``stat``)."""
        if self._unread:
            return True
        try:
            st = os.stat(self.folder)
        except OSError:
            return False
        return (st.st_ino, st.st_mtime_ns, st.st_nlink) != self._seen

    def answers(self) -> list[Answer]:
        """The answers in the folder, oldest first (by the file's time)."""
        try:
            st = os.stat(self.folder)
            names = os.listdir(self.folder)
        except OSError:
            return []
        self._seen = (st.st_ino, st.st_mtime_ns, st.st_nlink)
        self._unread = False
        found: list[tuple[int, Answer]] = []
        now = time.time()
        for name in names:
            if not name.endswith(_SUFFIX) or name.startswith("."):
                continue
            path = self.folder / name
            answer = _read(path)
            try:
                made = os.stat(path, follow_symlinks=False)
            except OSError:
                continue
            if answer is not None:
                found.append((made.st_mtime_ns, answer))
            elif now - made.st_mtime > STALE_AFTER:
                with contextlib.suppress(OSError):
                    os.unlink(path)
            else:
                self._unread = True
        return [a for _t, a in sorted(found, key=lambda pair: pair[0])]

    def remove(self, answer: Answer) -> None:
        """The answer is dealt with: its file goes (a file already gone is fine)."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(answer.path)

    def close(self) -> None:
        """Stop following (the lock goes)."""
        fd, self._lock_fd = self._lock_fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)
