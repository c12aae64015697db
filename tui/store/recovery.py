"""Reading a campaign back: replaying its log onto the save, and what to do when it does not fit.

:func:`open_state` is the one reading of a save and its log that every caller shares — the
writer's and the reader's open, :func:`load`, and ``tablekeeper check`` — so ``check`` says
"ok" exactly when the app opens the campaign. When the log does not fit (a crash left
changes after the checkpoint, then the save was edited), the usual cause is a character
renamed in an editor while the log still names the old one: :func:`renames_that_fit` finds
such renames when they are unambiguous (the character as the last checkpoint wrote it —
from the parse cache, else the backup brought up to the checkpoint by the log — equals the
new one but for its name, or it is the only one that went and the only one that came) and
the log then applies. Opening with those renames applies the log to the renamed character;
:func:`set_log_aside` keeps the whole log beside instead, under a dated name.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tui.language import _
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.session.campaign.schema import character_doc
from tui.store import lock
from tui.store.errors import ReplayError, SaveError, WriteError
from tui.store.files import Read, atomic_write, fsync_dir, read_save, snapshot
from tui.store.logfile import LOG_TAIL, LogRead, read_log
from tui.store.patch import PatchError, apply_patch
from tui.store.paths import backup_path, log_path

__all__ = [
    "State",
    "backup_loads",
    "load",
    "open_state",
    "renamed_patches",
    "renames_that_fit",
    "replay",
    "restore_backup",
    "set_log_aside",
]

Patches = Mapping[int, Mapping[str, Any]]


def replay(path: Path, campaign: Campaign, patches: Patches) -> Campaign:
    """``campaign`` with the ``patches`` applied in ``seq`` order (:class:`ReplayError`)."""
    last = 0
    for seq in sorted(patches):
        try:
            campaign = apply_patch(campaign, patches[seq])
        except PatchError as exc:
            raise ReplayError(
                path,
                _(
                    "log entry {seq} does not apply to the save ({exc}); "
                    "the state up to entry {last} can be opened"
                ).format(seq=seq, exc=exc, last=last),
                campaign=campaign,
                applied=last,
            ) from None
        last = seq
    return campaign


@dataclass(frozen=True)
class State:
    """A save as read, its log as read, and the campaign they make together."""

    read: Read
    found: LogRead
    campaign: Campaign


def open_state(
    real: Path,
    *,
    fd: int | None = None,
    keep: int = LOG_TAIL,
    cached: bool = False,
    renames: Mapping[str, str] | None = None,
) -> State:
    """Read the save at ``real`` (through the writer's ``fd`` when given) and replay its log.

    ``renames`` (old name → new) apply the log's changes of a character renamed in the save
    since. A log that does not fit raises :class:`ReplayError` carrying the renames that
    would make it fit, if there are any.
    """
    read = read_save(real, fd=fd)
    found = read_log(log_path(real), keep=keep, after=read.checkpoint, cached=cached)
    patches = renamed_patches(found.patches, renames) if renames else found.patches
    try:
        campaign = replay(real, read.campaign, patches)
    except ReplayError as exc:
        if not renames:
            exc.renames = renames_that_fit(real, read, found.patches)
        raise
    return State(read, found, campaign)


def load(path: str | os.PathLike[str], *, keep: int = LOG_TAIL) -> tuple[Campaign, list[LogEntry]]:
    """The campaign at ``path`` brought up to date by its log, and the newest ``keep``
    entries (no lock taken)."""
    state = open_state(Path(os.path.realpath(path)), keep=keep)
    return state.campaign, state.found.entries


# -- a log written before a character was renamed ----------------------------------------------
def renamed_patches(patches: Patches, renames: Mapping[str, str]) -> dict[int, dict[str, Any]]:
    """``patches`` addressing each renamed character by its new name (until a patch makes a
    new character of the old name: from there on the old name means that one)."""
    active = dict(renames)
    out: dict[int, dict[str, Any]] = {}
    for seq in sorted(patches):
        patch = dict(patches[seq])
        part = patch.get("characters")
        if active and isinstance(part, Mapping):
            part = dict(part)
            diff = part.get("diff")
            if isinstance(diff, Mapping):
                part["diff"] = {active.get(k, k): v for k, v in diff.items()}
            order = part.get("order")
            if isinstance(order, list):
                part["order"] = [active.get(n, n) if isinstance(n, str) else n for n in order]
            patch["characters"] = part
            new = part.get("new")
            if isinstance(new, Mapping):
                for name in new:
                    active.pop(name, None)
        out[seq] = patch
    return out


def _orphans(campaign: Campaign, patches: Patches) -> list[str]:
    """Names the log's patches address that neither the save nor an earlier patch made."""
    names = {c.name for c in campaign.characters}
    out: list[str] = []
    for seq in sorted(patches):
        part = patches[seq].get("characters")
        if not isinstance(part, Mapping):
            continue
        new = part.get("new")
        made = set(new) if isinstance(new, Mapping) else set()
        diff = part.get("diff")
        order = part.get("order")
        wanted = [*(diff if isinstance(diff, Mapping) else ()), *(order or ())]
        for name in wanted:
            if isinstance(name, str) and name not in names | made and name not in out:
                out.append(name)
        names |= made | set(out)
    return out


def _checkpoint_characters(real: Path, read: Read) -> dict[str, dict[str, Any]] | None:
    """The characters as the writer's last checkpoint wrote them (name → document)."""
    from tui.store.parsecache import cache_path, load_beside

    cached = load_beside(cache_path(real))
    if isinstance(cached, tuple) and len(cached) == 5 and isinstance(cached[3], dict):
        doc = cached[3]
        chars = doc.get("characters")
        if (
            doc.get("checkpoint") == read.checkpoint
            and doc.get("system") == read.campaign.system
            and isinstance(chars, list)
        ):
            return {
                d["name"]: d
                for d in chars
                if isinstance(d, dict) and isinstance(d.get("name"), str)
            }
    try:  # else the backup, brought up to the checkpoint by the log
        bak = read_save(backup_path(real))
        since = bak.checkpoint or 0
        upto = read.checkpoint or 0
        if since > upto or (bak.campaign_id or read.campaign_id) != read.campaign_id:
            return None
        found = read_log(log_path(real), keep=0, after=since)
        state = replay(real, bak.campaign, {s: p for s, p in found.patches.items() if s <= upto})
    except SaveError:
        return None
    return {c.name: character_doc(c) for c in state.characters}


def _rest(doc: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k != "name"}


def renames_that_fit(real: Path, read: Read, patches: Patches) -> dict[str, str]:
    """The renames (old name → new) under which the log applies to the save, when each is
    unambiguous; ``{}`` when the log does not fit for another reason (see the module)."""
    orphans = _orphans(read.campaign, patches)
    if not orphans:
        return {}
    old = _checkpoint_characters(real, read)
    if old is None:
        return {}
    now = {c.name: character_doc(c) for c in read.campaign.characters}
    gone = [n for n in old if n not in now]
    came = [n for n in now if n not in old]
    mapping: dict[str, str] = {}
    for name in orphans:
        if name not in old:
            return {}
        same = [n for n in came if _rest(now[n]) == _rest(old[name])]
        if len(same) == 1:
            mapping[name] = same[0]
        elif not same and len(gone) == 1 and len(came) == 1:
            mapping[name] = came[0]
        else:
            return {}
    if len(set(mapping.values())) != len(mapping):
        return {}
    try:
        replay(real, read.campaign, renamed_patches(patches, mapping))
    except ReplayError:
        return {}
    return mapping


def set_log_aside(path: str | os.PathLike[str]) -> Path | None:
    """Move ``NAME.log.toml`` aside as ``NAME.log.toml.unapplied-TIME`` (the GM chose to open
    the save as it is); the caller holds the writer's lock. Returns the new name (``None``:
    there was no log)."""
    log = log_path(Path(os.path.realpath(path)))
    if not os.path.lexists(log):
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target, n = log.with_name(f"{log.name}.unapplied-{stamp}"), 1
    while os.path.lexists(target):
        n += 1
        target = log.with_name(f"{log.name}.unapplied-{stamp}~{n}")
    try:
        os.rename(log, target)
        fsync_dir(log.parent)
    except OSError as exc:
        raise _write_error(log, _("keep the log beside"), exc) from None
    return target


# -- the backup ----------------------------------------------------------------------------
def _write_error(path: str | os.PathLike[str], what: str, exc: OSError) -> WriteError:
    reason = exc.strerror or str(exc)
    return WriteError(
        path,
        _(
            "cannot {what}: {why}; the file on disk is unchanged and the change is kept in memory"
        ).format(what=what, why=reason),
    )


def backup_loads(path: str | os.PathLike[str]) -> bool:
    """Whether ``NAME.toml.bak`` exists and brings the campaign up to date with its log."""
    real = Path(os.path.realpath(path))
    bak = backup_path(real)
    try:
        read = read_save(bak)
        found = read_log(log_path(real), keep=1, after=read.checkpoint)
        replay(real, read.campaign, found.patches)
    except SaveError:
        return False
    return True


def restore_backup(path: str | os.PathLike[str]) -> Path:
    """Put ``NAME.toml.bak`` back as ``NAME.toml`` and keep the log (only when the GM asks).

    The backup must load with the log replayed onto it; the broken file is moved aside as
    ``NAME.toml.broken-TIME``. Takes the writer's locks first (the save's inode when it is
    readable as a file, its name's lock file, the backup's campaign), so it fails with
    :class:`LockedError` while the campaign is open.
    """
    real = Path(os.path.realpath(path))
    bak = backup_path(real)
    if not bak.is_file():
        raise SaveError(real, _("no backup ({name}) to restore").format(name=bak.name))
    if not backup_loads(real):
        raise SaveError(bak, _("the backup does not load either"))
    fd = lock.acquire(real) if real.is_file() else None
    held = lock.WriterLocks(real)
    try:
        held.take_path()
        ident = read_save(bak).campaign_id
        if ident is not None:
            held.take_campaign(ident)
        if os.path.lexists(real):
            aside = real.with_name(f"{real.name}.broken-{time.strftime('%Y%m%d-%H%M%S')}")
            snapshot(real, aside)
        atomic_write(real, bak.read_bytes(), backup=False)
    except OSError as exc:
        raise _write_error(real, _("restore the backup"), exc) from None
    finally:
        held.release()
        if fd is not None:
            lock.release(fd)
    return real
