"""A parsed copy of a save, beside it, so that opening a big campaign skips the TOML parser.

Parsing TOML is pure Python: a campaign of 200 characters with 40 skills each takes longer
to parse than the first frame may wait. After every checkpoint the writer leaves
``.NAME.toml.cache`` beside the save (a hidden file in the campaign's own folder, written
atomically, never through a symlink): the document it just wrote, in ``marshal`` form, with
the save's identity (device, inode, size, modification time) and the length of its text
before the past scenes. Opening uses it only when the save still has exactly that identity,
so a save edited by hand, copied or replaced is always parsed afresh; the document still
goes through the schema's validation. A cache that is missing, stale or damaged is ignored
(it is only ever an optimisation, like Python's ``.pyc`` files). Like them it is read only
from the campaign's own folder, which belongs to the GM.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.session.campaign.schema import FORMAT, _plain, character_doc, check_doc, scene_doc
from tui.store.regular import CACHE_LIMIT, read_regular

if TYPE_CHECKING:
    from tui.session.campaign.model import Campaign
    from tui.store.patch import DocCache

__all__ = [
    "StatKey",
    "cache_path",
    "dump_beside",
    "head_doc",
    "load_beside",
    "read_cache",
    "stat_key",
    "write_cache",
]

_VERSION = 2
StatKey = tuple[int, int, int, int]


def stat_key(st: os.stat_result) -> StatKey:
    """A file's identity for the caches and the outside-change checks: device, inode, size
    and modification time (nanoseconds)."""
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def cache_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.cache")


def load_beside(path: Path) -> object:
    """The ``marshal`` data in ``path`` (never through a symbolic link), or ``None``."""
    try:  # a FIFO or a device named like a cache is no cache: never waited on
        return marshal.loads(read_regular(path, limit=CACHE_LIMIT, follow=False))
    except (OSError, EOFError, ValueError, TypeError):
        return None


def dump_beside(target: Path, data: Any) -> None:
    """Write ``data`` in ``marshal`` form to ``target``, atomically (best effort: a cache)."""
    with contextlib.suppress(OSError, ValueError):
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                marshal.dump(data, f)
            os.replace(temp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise


def read_cache(save: Path, key: StatKey) -> tuple[dict[str, Any], int, bool] | None:
    """(head document, head length, written) cached for the save with identity ``key``, or
    ``None``. ``written``: the save is text the writer made itself (a checkpoint), not a file
    it only read, so splitting it into fragments needs no check (:mod:`tui.store.savetext`)."""
    found = load_beside(cache_path(save))
    if (
        not isinstance(found, tuple)
        or len(found) != 5
        or found[0] != _VERSION
        or tuple(found[1]) != key
        or not isinstance(found[2], int)
        or not isinstance(found[3], dict)
        or not isinstance(found[4], bool)
    ):
        return None
    return found[3], found[2], found[4]


def write_cache(
    save: Path, key: StatKey, head_length: int, doc: dict[str, Any], *, written: bool
) -> None:
    """Leave the parsed ``doc`` of the save with identity ``key`` beside it (best effort);
    ``written``: the writer made this text (a checkpoint), rather than only reading it."""
    dump_beside(cache_path(save), (_VERSION, key, head_length, doc, written))


def head_doc(campaign: Campaign, seq: int, cache: DocCache) -> dict[str, Any]:
    """The document of a save just written at ``seq``, past scenes left out; the documents
    of characters, checks and the scene come from ``cache`` when unchanged."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "system": campaign.system,
        "name": campaign.name,
        "adventure": campaign.adventure,
        "checkpoint": seq,
    }
    if campaign.options:
        doc["options"] = _plain(campaign.options)
    doc["characters"] = [cache.doc(ch, character_doc) for ch in campaign.characters]
    if campaign.scene is not None:
        doc["scene"] = cache.doc(campaign.scene, scene_doc)
    if campaign.checks:
        doc["checks"] = [cache.doc(c, check_doc) for c in campaign.checks]
    cache.follow(campaign)
    return doc
