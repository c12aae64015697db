"""The compiled catalog cache (:mod:`tui.language.compiled`): the same translations as the
parsed ``.po``, for every message; a stale, damaged or strange cache file is passed over and
rebuilt, never trusted and never a crash. The folders are each test's own ``tmp_path``."""

from __future__ import annotations

import gettext
import os
import shutil
from pathlib import Path

import pytest

from tui import language as i18n
from tui.base.regular import read_bounded
from tui.language import compiled, po


def _copy(tmp_path: Path) -> str:
    """A copy of the Russian catalog, so the tests may change it and its time."""
    path = tmp_path / "ru" / "tablekeeper.po"
    path.parent.mkdir()
    shutil.copyfile(i18n.catalog_path("ru"), path)
    return str(path)


def _parsed(path: str) -> gettext.GNUTranslations:
    catalog = po.read(path)
    return po.translations(catalog.header, catalog.entries)


def _from_cache_only(
    path: str, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> gettext.GNUTranslations:
    """The translations when the ``.po`` may not be parsed: the cache must answer."""

    def no_parse(_path: str) -> bytes:
        raise AssertionError("the .po was parsed although the cache is current")

    with monkeypatch.context() as m:
        m.setattr(compiled, "_parsed_mo", no_parse)
        return compiled.compiled(path, "ru", folder, read_bounded)


def test_the_cached_catalog_says_what_the_parsed_one_says_for_every_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, folder = _copy(tmp_path), tmp_path / "cache"
    first = compiled.compiled(path, "ru", folder, read_bounded)  # parses and keeps it
    assert os.path.isfile(compiled.cache_file(folder, "ru", path))
    cached, parsed = _from_cache_only(path, folder, monkeypatch), _parsed(path)
    assert cached._catalog == parsed._catalog == first._catalog  # type: ignore[attr-defined]
    assert cached.info() == parsed.info()
    entries = po.read(path).entries
    assert len(entries) > 2000
    for e in entries:
        if e.plural is None and e.context is None:
            assert cached.gettext(e.msgid) == parsed.gettext(e.msgid)
        elif e.plural is None and e.context is not None:
            assert cached.pgettext(e.context, e.msgid) == parsed.pgettext(e.context, e.msgid)
        elif e.plural is not None:
            for n in range(0, 30):
                if e.context is None:
                    said = cached.ngettext(e.msgid, e.plural, n)
                    assert said == parsed.ngettext(e.msgid, e.plural, n)
                else:
                    said = cached.npgettext(e.context, e.msgid, e.plural, n)
                    assert said == parsed.npgettext(e.context, e.msgid, e.plural, n)


def test_a_catalog_changed_after_it_was_cached_is_read_anew(tmp_path: Path) -> None:
    path, folder = _copy(tmp_path), tmp_path / "cache"
    old = compiled.compiled(path, "ru", folder, read_bounded)
    assert old.gettext("options") == "параметры"
    text = Path(path).read_text(encoding="utf-8")
    changed = text.replace('msgid "options"\nmsgstr "параметры"', 'msgid "options"\nmsgstr "опции"')
    assert changed != text
    stat = os.stat(path)
    Path(path).write_text(changed, encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))  # even within the same tick
    assert compiled.compiled(path, "ru", folder, read_bounded).gettext("options") == "опции"
    # and the cache now holds the new catalog
    key = compiled.key_of(path)
    mo = compiled.load(compiled.cache_file(folder, "ru", path), key, read_bounded)
    assert mo is not None and "опции".encode() in mo


def _damaged(good: bytes) -> list[bytes]:
    head = len(compiled.MAGIC) + 4
    flipped = bytearray(good)
    flipped[-100] ^= 0x01  # one bit of a translation: the CRC sees it
    return [
        b"",
        b"garbage\x00\xff" * 1000,
        compiled.MAGIC,
        good[:head],
        good[: len(good) // 2],
        good[:-1],
        good + b"x",
        bytes(flipped),
        compiled.MAGIC + (2**32 - 1).to_bytes(4, "little") + good[head:],  # a huge key length
        b"TKMO2\n" + good[len(compiled.MAGIC) :],  # another format
    ]


def test_a_damaged_cache_file_is_ignored_and_rebuilt(tmp_path: Path) -> None:
    path, folder = _copy(tmp_path), tmp_path / "cache"
    expected = _parsed(path)._catalog  # type: ignore[attr-defined]
    compiled.compiled(path, "ru", folder, read_bounded)
    file = compiled.cache_file(folder, "ru", path)
    good = Path(file).read_bytes()
    for bad in _damaged(good):
        Path(file).write_bytes(bad)
        assert compiled.load(file, compiled.key_of(path), read_bounded) is None
        got = compiled.compiled(path, "ru", folder, read_bounded)
        assert got._catalog == expected  # type: ignore[attr-defined]
        assert Path(file).read_bytes() == good  # written anew


def test_a_cache_with_the_right_checks_but_bytes_gettext_refuses_is_rebuilt(
    tmp_path: Path,
) -> None:
    path, folder = _copy(tmp_path), tmp_path / "cache"
    file = compiled.cache_file(folder, "ru", path)
    for hostile in (b"\x00" * 64, b"\xde\x12\x04\x95" + b"\xff" * 60, b"not a mo file"):
        compiled.store(file, compiled.key_of(path), hostile)
        assert compiled.load(file, compiled.key_of(path), read_bounded) == hostile
        got = compiled.compiled(path, "ru", folder, read_bounded)
        assert got.gettext("options") == "параметры"
        assert compiled.load(file, compiled.key_of(path), read_bounded) != hostile


def test_a_folder_or_a_fifo_in_the_cache_file_s_place_is_passed_over(tmp_path: Path) -> None:
    path, folder = _copy(tmp_path), tmp_path / "cache"
    file = compiled.cache_file(folder, "ru", path)
    folder.mkdir()
    os.mkfifo(file)  # a plain open would wait here for ever
    assert compiled.compiled(path, "ru", folder, read_bounded).gettext("options") == "параметры"
    assert Path(file).is_file()  # the rename put a file in the FIFO's place
    os.unlink(file)
    os.mkdir(file)  # a folder cannot be replaced by a file: the cache is just not kept
    assert compiled.compiled(path, "ru", folder, read_bounded).gettext("options") == "параметры"
    assert Path(file).is_dir()


def test_a_cache_folder_that_cannot_be_written_costs_only_the_parse(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    blocker = tmp_path / "a file"
    blocker.write_text("", encoding="utf-8")
    got = compiled.compiled(path, "ru", blocker / "cache", read_bounded)  # no folder there
    assert got.gettext("options") == "параметры"
    assert not list(tmp_path.glob("**/*.tmp"))  # no temporary file left behind


def test_the_language_layer_uses_the_cache_it_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "cache"
    monkeypatch.setattr(i18n, "_base", {})
    monkeypatch.setattr(i18n, "_compiled_in", {"folder": None, "read": None})
    i18n.keep_compiled(folder, read_bounded)
    try:
        i18n.set_language("ru")
        assert i18n._("options") == "параметры"
        assert [i18n.ru_form(n) for n in (1, 2, 5, 21, 111)] == [0, 1, 2, 0, 2]
    finally:
        i18n.set_language("en")
    file = compiled.cache_file(folder, "ru", i18n.catalog_path("ru"))
    assert os.path.isfile(file)
