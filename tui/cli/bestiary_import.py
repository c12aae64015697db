"""``tablekeeper import --bestiary FILE...``: creatures from other programs' files (GURPS:
GCS sheets, a whole library folder at once) into the GM's bestiary, one template file each.

Each file is read by the system whose reader takes its suffix (``.gcs``: GURPS), everything
the campaign import reads included (weapons and natural attacks, DR, pools); the creature
is written as ``bestiary/SYSTEM/NAME.toml`` (the same keys as a ``[[characters]]`` table, an
NPC with full resources), replacing the file a former import of the same name wrote. A file
that cannot be read is skipped, one line saying why: exit status 0 when every file was
written, 3 when some were skipped, 1 when none was.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import tomli_w

from tui.base.locations import bestiary_dir, shown
from tui.language import _
from tui.session.characters import importing
from tui.session.characters.bestiary import template_doc
from tui.session.protocol.system import CharacterReader
from tui.session.systems.registry import system_keys, tracker
from tui.store.files import atomic_write

__all__ = ["bestiary_main", "file_name"]

_UNSAFE = re.compile(r"[\x00-\x1f\x7f/\\:*?\"<>|]+")


def file_name(name: str) -> str:
    """A creature's name as a file name in its system's folder: no path separators,
    control characters or leading dots, at most 100 characters."""
    safe = _UNSAFE.sub("_", name).strip().lstrip(".").strip() or "creature"
    return safe[:100] + ".toml"


def _readers() -> dict[str, tuple[str, CharacterReader]]:
    """Each suffix a system reads character files of → (that system's key, its reader)."""
    out: dict[str, tuple[str, CharacterReader]] = {}
    for key in sorted(system_keys()):
        reader = tracker(key).character_reader()
        if reader is not None:
            for suffix in reader.suffixes:
                out.setdefault(suffix.casefold(), (key, reader))
    return out


def _say(text: str) -> None:
    print(f"tablekeeper import: {text}", file=sys.stderr)


def bestiary_main(paths: Sequence[Path]) -> int:
    """Write a template for each creature in ``paths`` (files or folders); the exit status."""
    readers = _readers()
    files, skipped = importing.files_of(paths, tuple(readers))
    written: list[Path] = []
    taken: set[str] = set()
    for path in files:
        found = readers.get(path.suffix.casefold())
        if found is None:
            skipped.append(
                _("{file}: no system reads this kind of file (it reads {suffixes})").format(
                    file=path.name, suffixes=", ".join(sorted(readers)) or _("none")
                )
            )
            continue
        key, reader = found
        try:
            item = reader.read(path)
        except ValueError as exc:
            skipped.append(str(exc))
            continue
        creature = replace(item.character, side="npc", gm_only=False, player="")
        name = file_name(creature.name)
        stem, n = name.removesuffix(".toml"), 2
        while f"{key}/{name}".casefold() in taken:  # two creatures of one name in a batch
            name, n = f"{stem} {n}.toml", n + 1
        taken.add(f"{key}/{name}".casefold())
        if name != file_name(creature.name):
            creature = replace(creature, name=name.removesuffix(".toml"))
        target = bestiary_dir() / key / name
        target.parent.mkdir(parents=True, exist_ok=True)
        data = tomli_w.dumps(template_doc(creature)).encode("utf-8")
        try:
            atomic_write(target, data, backup=False)
        except OSError as exc:
            skipped.append(f"{shown(target)}: {exc.strerror or exc}")
            continue
        written.append(target)
        for warning in item.warnings:
            _say(f"{path.name}: {warning}")
    for line in skipped:
        _say(_("skipped {why}").format(why=line))
    for target in written:
        print(shown(target))
    if not written:
        _say(_("nothing written to the bestiary"))
        return 1
    return 3 if skipped else 0
