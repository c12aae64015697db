"""Reading a campaign file strictly, and replacing it atomically without following links."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import shutil
import stat
import tempfile
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tui.language import _
from tui.session.campaign.history import History, Scenes
from tui.session.campaign.model import Campaign
from tui.session.campaign.schema import SchemaError, from_doc
from tui.session.systems.registry import TRACKERS
from tui.store import nesting, tomlread
from tui.store.errors import SaveError, toml_error, utf8_error
from tui.store.nesting import deep_line, too_deep, too_long
from tui.store.parsecache import read_cache, stat_key
from tui.store.paths import backup_path
from tui.store.regular import SAVE_LIMIT, read_all, read_regular, too_big
from tui.store.savetext import HEADER, SaveText

__all__ = [
    "HEADER",
    "Read",
    "atomic_write",
    "dumps",
    "fsync_dir",
    "parse_save",
    "parse_text",
    "read_campaign",
    "read_save",
    "remove_stale_temps",
    "snapshot",
    "write_text",
]


@dataclass(frozen=True)
class Read:
    """A save as read: the campaign, the log entry it was saved at, and its text."""

    campaign: Campaign
    checkpoint: int | None  # None: a save from before checkpoints (nothing to replay)
    text: str  # the file's text, without the trailing past scenes when they stay unparsed
    #: The identity the file had when read, if the writer's parsed copy beside it did not
    #: match it (so the writer leaves a fresh one): ``None`` when the copy was used.
    uncached: tuple[int, int, int, int] | None = None
    #: The text is exactly what the writer's last checkpoint wrote (its parsed copy says so).
    written: bool = False
    #: The campaign's identity (``campaign_id``; ``None``: a save from before identities),
    #: which the writer's lock is keyed by (:mod:`tui.store.lock`).
    campaign_id: str | None = None


def dumps(campaign: Campaign, checkpoint: int = 0) -> str:
    """The save text for ``campaign`` (stable: the same campaign gives the same bytes)."""
    return SaveText().render(campaign, checkpoint)


def parse_save(
    path: str | os.PathLike[str], data: bytes, identity: tuple[int, int, int, int] | None = None
) -> Read:
    """Parse and validate save bytes; any problem is a :class:`SaveError` naming ``path``.

    The past scenes at the end of a save (``[[scene_history]]`` blocks, which the app
    writes last) are not parsed here: the campaign gets a lazy :class:`History` of them, so
    opening costs the same with ten past scenes or ten thousand. A save laid out otherwise
    is parsed whole. With the save's ``identity`` (device, inode, size, time) the parsed copy
    the writer left beside it is used when it matches (:mod:`tui.store.parsecache`).
    """
    return parse_text(path, _decoded(path, data), identity)


def _decoded(path: str | os.PathLike[str], data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise utf8_error(path, exc, data) from None


def parse_text(
    path: str | os.PathLike[str], text: str, identity: tuple[int, int, int, int] | None = None
) -> Read:
    """:func:`parse_save` of the save's text, decoded already (its bytes need not be kept
    while it is parsed: a save with 50 MB of notes is held as bytes, text, parsed copy and
    cache at once otherwise)."""
    cached = read_cache(Path(path), identity) if identity is not None else None
    if cached is not None and not _fits(text, cached[1]):
        cached = None
    if cached is not None:
        doc, cut = cached[0], (cached[1] if cached[1] < len(text) else None)
        head = text if cut is None else text[:cut]
    else:
        cut = _history_cut(text)
        head = text if cut is None else text[:cut]
        doc = _toml(path, head)
        if cut is not None and "scene_history" in doc:  # past scenes written in two places
            head, cut = text, None
            doc = _toml(path, text)
        deep = too_deep(doc)
        if deep is not None:
            raise SaveError(
                path, _("nested too deeply (at most 16 levels of tables and arrays)"), key_path=deep
            )
        long = too_long(doc)
        if long is not None:
            raise SaveError(
                path,
                _("a text of more than {limit} million characters").format(
                    limit=f"{float(nesting.MAX_TEXT / 1_000_000):,g}"
                ),
                key_path=long,
            )
    checkpoint = _checkpoint(path, doc)
    ident = _campaign_id(path, doc, head if cached is not None else None)
    try:
        campaign = from_doc(doc, TRACKERS)
    except SchemaError as exc:
        raise SaveError(path, exc.message, key_path=exc.path or None) from None
    except RecursionError:  # belt and braces: the depth check above should prevent it
        raise SaveError(path, _("values nested too deeply")) from None
    if cut is not None:
        tail = text[cut:]
        count = tail.count(_HISTORY_LINE) + 1
        lines = head.count("\n")
        history = History.lazy(tail, count, lambda t: _parse_history(path, t, lines))
        campaign = replace(campaign, scene_history=history)
    return Read(
        campaign,
        checkpoint,
        head,
        None if cached is not None else identity,
        cached is not None and cached[2],
        ident,
    )


#: The ``campaign_id`` line as the app writes it (found so in a text the parse cache stood for).
_ID_LINE = re.compile(r'(?m)^campaign_id[ \t]*=[ \t]*"([A-Za-z0-9_-]{8,64})"[ \t]*$')


def _campaign_id(path: str | os.PathLike[str], doc: dict[str, Any], head: str | None) -> str | None:
    """The save's ``campaign_id`` (taken out of ``doc``); read from ``head`` when the document
    came from the parse cache, which holds the text the writer itself wrote."""
    from tui.store.lock import CAMPAIGN_ID

    value = doc.pop("campaign_id", None)
    if value is None and head is not None:
        found = _ID_LINE.search(head[: head.find("\n[")] if "\n[" in head else head)
        return found[1] if found is not None else None
    if value is None:
        return None
    if not isinstance(value, str) or not CAMPAIGN_ID.fullmatch(value):
        raise SaveError(
            path,
            _(
                "must be 8 to 64 letters, digits, '-' or '_' (the campaign's identity; "
                "delete the line to give the campaign a new one)"
            ),
            key_path="campaign_id",
        )
    return value


_HISTORY_LINE = "\n[[scene_history]]\n"
#: A table header that is not a past scene (nor one of its sub-tables).
_OTHER_HEADER = re.compile(r"(?m)^[ \t]*\[(?!\[?[ \t]*scene_history[ \t]*[\].])")


def _fits(text: str, cut: int) -> bool:
    """Whether a cached head length still marks where the past scenes begin in ``text``."""
    return cut == len(text) or (0 < cut < len(text) and text.startswith("[[scene_history]]", cut))


def _history_cut(text: str) -> int | None:
    """Where the trailing run of past scenes starts, if the rest of the file is only that."""
    at = text.find(_HISTORY_LINE)
    if at < 0:
        return None
    tail = text[at + 1 :]
    if '"""' in tail or "'''" in tail or _OTHER_HEADER.search(tail):
        return None  # something else follows (or could hide in a string): parse it all
    return at + 1


def _toml(path: str | os.PathLike[str], text: str) -> dict[str, Any]:
    try:
        return tomlread.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise toml_error(path, exc, text) from None
    except RecursionError:
        line, column = deep_line(text)
        raise SaveError(path, _("values nested too deeply"), line=line, column=column) from None


def _parse_history(path: str | os.PathLike[str], tail: str, lines: int) -> Scenes:
    """The past scenes of a save's tail (``lines`` lines into the file), validated."""
    try:
        doc = tomlread.loads(tail)
    except tomllib.TOMLDecodeError as exc:
        raise toml_error(path, exc, tail, lines) from None
    except RecursionError:
        raise SaveError(
            path, _("past scenes nested too deeply"), line=lines + 1, column=1
        ) from None
    scenes = doc.get("scene_history", [])
    deep = too_deep(doc)
    if set(doc) - {"scene_history"} or not isinstance(scenes, list) or deep is not None:
        raise SaveError(
            path,
            _("expected past scenes only") if deep is None else _("nested too deeply"),
            key_path=deep or "scene_history",
        )
    if not all(isinstance(s, dict) for s in scenes):
        raise SaveError(path, _("expected tables"), key_path="scene_history")
    return tuple(scenes)


def _checkpoint(path: str | os.PathLike[str], doc: dict[str, Any]) -> int | None:
    value = doc.pop("checkpoint", None)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SaveError(
            path, _("must be a whole number ≥ 0 (the last log entry saved)"), key_path="checkpoint"
        )
    return value


def read_save(path: str | os.PathLike[str], *, fd: int | None = None) -> Read:
    """Read the save at ``path`` (through ``fd`` when given: the writer reads what it locked)."""
    try:
        st = os.fstat(fd) if fd is not None else os.stat(path)
        if fd is not None:
            if st.st_size > SAVE_LIMIT:
                raise OSError(errno.EFBIG, too_big(st.st_size, SAVE_LIMIT))
            data = read_all(fd, st.st_size, SAVE_LIMIT, path)
        else:
            data = read_regular(path, limit=SAVE_LIMIT)
    except FileNotFoundError:
        raise SaveError(path, _("no such file")) from None
    except IsADirectoryError:
        raise SaveError(path, _("is a folder, not a save")) from None
    except OSError as exc:
        raise SaveError(path, _("cannot read: {why}").format(why=exc.strerror or exc)) from None
    identity = stat_key(st) if len(data) == st.st_size else None
    text = _decoded(path, data)
    del data  # the text alone is kept from here on
    return parse_text(path, text, identity)


def read_campaign(path: str | os.PathLike[str]) -> Campaign:
    """Parse and validate the save at ``path`` (the checkpoint only, no log replayed)."""
    return read_save(path).campaign


def fsync_dir(folder: Path) -> None:
    """Make renames in ``folder`` durable."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def snapshot(path: Path, target: Path) -> None:
    """Make ``target`` a copy of ``path`` without a moment where ``target`` is missing.

    ``target`` is replaced by a rename, so a symlink standing there is replaced, never
    followed.
    """
    temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        os.link(path, temp, follow_symlinks=False)  # cheap: shares data until path is replaced
    except OSError:
        shutil.copyfile(path, temp, follow_symlinks=False)
    try:
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def atomic_write(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    backup: bool = True,
    lock: bool = False,
    mode: int | None = None,
) -> int | None:
    """Replace ``path`` by ``data`` atomically (temp file, fsync, rename, fsync the folder).

    The new file has ``mode``, else the old file's (0644 for a new one).

    With ``backup`` the old file becomes ``NAME.toml.bak``. With ``lock`` the new file is
    locked (:func:`tui.store.lock.lock_fd`) *before* it takes the name, and its descriptor is
    returned, still open and locked, for the caller to keep; otherwise ``None``. Raises
    ``OSError`` with every file as it was, except a leftover backup refresh.
    """
    from tui.store.lock import lock_fd

    p = Path(path)
    folder = p.parent
    if mode is None:
        try:
            mode = stat.S_IMODE(os.stat(p, follow_symlinks=False).st_mode)
        except FileNotFoundError:
            mode = 0o644
    fd, temp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    try:
        os.fchmod(fd, mode)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
        if lock and not lock_fd(fd):
            raise OSError(errno.EAGAIN, _("the new file is locked by another process"))
        if backup and os.path.lexists(p):
            snapshot(p, backup_path(p))
        os.replace(temp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        with contextlib.suppress(OSError):
            os.close(fd)
        raise
    with contextlib.suppress(OSError):  # the rename happened; the log holds every change anyway
        fsync_dir(folder)
    if lock:
        return fd
    os.close(fd)
    return None


def _temp_names(save: Path) -> re.Pattern[str]:
    """The names of the temporary files the writer makes beside ``save`` (see the callers:
    :func:`atomic_write` of the save, :func:`snapshot` of its backup or broken copy, the
    parse caches of the save and of its log)."""
    from tui.store.paths import log_path

    name, log = re.escape(save.name), re.escape(log_path(save).name)
    rand = r"[a-z0-9_]{8}"  # tempfile.mkstemp's
    return re.compile(
        rf"\.{name}\.{rand}\.tmp"
        rf"|\.{name}\.(?:bak|broken-\d{{8}}-\d{{6}})\.[0-9a-f]{{8}}\.tmp"
        rf"|\.\.(?:{name}|{log})\.cache\.{rand}\.tmp"
    )


def remove_stale_temps(save: Path) -> list[Path]:
    """Remove what an interrupted checkpoint left beside ``save`` (a kill between writing
    the temporary file and renaming it): only files named as this save's own temporary
    files, regular, this user's, and not locked by a writer still writing one. Call it
    only while holding the writer's lock, so that no live writer is making one now."""
    from tui.store.lock import lock_fd

    pattern = _temp_names(save)
    removed: list[Path] = []
    try:
        names = [n for n in os.listdir(save.parent) if pattern.fullmatch(n)]
    except OSError:
        return removed
    for name in names:
        temp = save.with_name(name)
        with contextlib.suppress(OSError):
            fd = os.open(temp, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
            try:
                st = os.fstat(fd)
                if stat.S_ISREG(st.st_mode) and st.st_uid == os.geteuid() and lock_fd(fd):
                    os.unlink(temp)
                    removed.append(temp)
            finally:
                os.close(fd)
    return removed


def write_text(target: Path, text: str) -> None:
    """``text`` into ``target`` whole or not at all (a temporary file in the same folder,
    fsynced, renamed over it): a recap, which a reader must never see half written."""
    temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with open(temp, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, target)
    finally:
        temp.unlink(missing_ok=True)
