"""A catalog compiled once: the ``.mo`` bytes of a ``.po``, kept in the per-user cache folder.

Parsing the Russian ``.po`` (about 10,000 lines) took most of a Russian start: 60 ms of every
``tablekeeper --help`` and every app start. So the first start in a language writes what the
parse gives — the catalog as the bytes of a ``.mo``, which :class:`gettext.GNUTranslations`
reads in a few milliseconds — to a file of the cache folder, and the next starts read that.

The file (``catalogs/tablekeeper-LANG-HASH.mo-cache``, HASH from the ``.po``'s path) is::

    b"TKMO1\\n"  KEY-LENGTH (4 bytes)  KEY  CRC32 (4 bytes)  MO

with KEY the ``.po``'s path, size and ``mtime_ns``, the Tablekeeper version and this format's
number, and the CRC over KEY and MO. It is used only when every part is there and agrees:
a ``.po`` saved by a translator (another size or time), another version, a truncated or
damaged file, a folder or a FIFO in its place (opened without waiting, by the reader the
caller gives, :func:`tui.base.regular.read_bounded`), anything :mod:`gettext` refuses —
each is passed over and the ``.po`` parsed and the file written anew (a temporary file and a
rename, so a reader never sees half of one). A cache that cannot be written (a read-only
folder) costs only the time. No ``marshal`` nor ``pickle``: the file holds bytes that
:mod:`gettext`'s own ``.mo`` reader checks, and nothing of it is ever run. Imports no
Textual or Rich (nor :mod:`dataclasses`: the ``.po`` reader is loaded only to rebuild).
"""

from __future__ import annotations

import io
import os
import sys
import zlib
from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:
    import gettext

__all__ = ["FORMAT", "MAGIC", "Reader", "cache_file", "compiled", "key_of", "load", "store"]

MAGIC = b"TKMO1\n"
#: bumped when what the file holds changes (its layout, or how :mod:`po` builds the ``.mo``)
FORMAT = 1
#: more than any catalog's ``.mo`` (the Russian one is about 260 kB)
LIMIT = 64 << 20

#: reads a regular file whole without waiting on it, refusing past ``limit`` bytes
#: (:func:`tui.base.regular.read_bounded`)
Reader = Callable[..., bytes]


def _version() -> str:
    """Tablekeeper's version from its ``dist-info`` folder's name (as :mod:`tui.cli.version`
    reads it; that module sits above this one), else ``?``."""
    for folder in sys.path:
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        for name in names:
            if name.startswith("tablekeeper-") and name.endswith(".dist-info"):
                return name[len("tablekeeper-") : -len(".dist-info")]
    return "?"


def cache_file(folder: str | os.PathLike[str], lang: str, po_path: str) -> str:
    """Where the compiled ``po_path`` (the catalog of ``lang``) is kept in ``folder``."""
    tag = zlib.crc32(os.fsencode(os.path.abspath(po_path)))
    return os.path.join(folder, f"tablekeeper-{lang}-{tag:08x}.mo-cache")


def key_of(po_path: str) -> bytes:
    """What the compiled bytes depend on; ``OSError`` when the ``.po`` cannot be seen."""
    st = os.stat(po_path)
    parts = (os.path.abspath(po_path), str(st.st_size), str(st.st_mtime_ns), _version())
    return os.fsencode("\0".join((*parts, str(FORMAT))))


def load(file: str, key: bytes, read: Reader) -> bytes | None:
    """The ``.mo`` bytes kept in ``file`` for ``key`` (the ``.po`` as it is now), or ``None``
    when the file is missing, stale or damaged in any way (never an exception)."""
    try:
        data = read(file, limit=LIMIT)
    except (OSError, ValueError):
        return None
    head = len(MAGIC) + 4
    if len(data) < head or not data.startswith(MAGIC):
        return None
    size = int.from_bytes(data[len(MAGIC) : head], "little")
    if data[head : head + size] != key or len(data) < head + size + 4:
        return None
    crc = int.from_bytes(data[head + size : head + size + 4], "little")
    mo = data[head + size + 4 :]
    if zlib.crc32(mo, zlib.crc32(key)) != crc:
        return None
    return mo


def store(file: str, key: bytes, mo: bytes) -> None:
    """Keep ``mo`` for ``key`` (the ``.po`` as it was when parsed) in ``file``: a temporary
    file, then a rename; a folder that cannot be written is left as it is."""
    temporary = f"{file}.{os.getpid()}.tmp"
    try:
        crc = zlib.crc32(mo, zlib.crc32(key)).to_bytes(4, "little")
        os.makedirs(os.path.dirname(file), exist_ok=True)
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        try:
            with open(fd, "wb") as f:
                f.write(MAGIC + len(key).to_bytes(4, "little") + key + crc + mo)
            os.replace(temporary, file)
        finally:
            if os.path.lexists(temporary):
                os.unlink(temporary)
    except OSError:
        pass


def _parsed_mo(po_path: str) -> bytes:
    from tui.language import po

    catalog = po.read(po_path)
    return po.mo_bytes(catalog.header, catalog.entries)


def compiled(
    po_path: str, lang: str, folder: str | os.PathLike[str] | None, read: Reader | None
) -> gettext.GNUTranslations:
    """The translations of the catalog ``po_path``: from the compiled file in ``folder`` when
    it is there and current, else parsed (and the file written for the next start); with no
    ``folder`` (no cache set up), parsed."""
    import gettext

    if folder is None or read is None:
        return gettext.GNUTranslations(io.BytesIO(_parsed_mo(po_path)))
    try:
        key = key_of(po_path)  # before the parse: a .po saved meanwhile is not taken for it
    except OSError:
        return gettext.GNUTranslations(io.BytesIO(_parsed_mo(po_path)))
    file = cache_file(folder, lang, po_path)
    mo = load(file, key, read)
    if mo is not None:
        try:
            return gettext.GNUTranslations(io.BytesIO(mo))
        except Exception:  # what gettext refuses (a file damaged past the checks): rebuilt
            pass
    mo = _parsed_mo(po_path)
    store(file, key, mo)
    return gettext.GNUTranslations(io.BytesIO(mo))
