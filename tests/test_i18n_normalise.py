"""``python -m tui.language.normalise`` gives the same catalog every time: a second run on
what the first wrote changes nothing, and what it writes keeps the headers of our own and
passes ``msgfmt --check``. Runs on a copy: the shipped catalogs are never written here."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tui.language import po
from tui.language.normalise import LOCALE, normalise


def copy_of_the_catalogs(to: Path) -> list[Path]:
    copies = []
    for catalog in sorted(LOCALE.glob("*/LC_MESSAGES/tablekeeper.po")):
        copy = to / catalog.relative_to(LOCALE)
        copy.parent.mkdir(parents=True)
        shutil.copy(catalog, copy)
        copies.append(copy)
    return copies


def test_a_second_run_changes_nothing_and_keeps_every_message(tmp_path: Path) -> None:
    (copy,) = copy_of_the_catalogs(tmp_path)
    before = po.parse(copy.read_text(encoding="utf-8"))
    normalise(tmp_path)
    once = copy.read_text(encoding="utf-8")
    assert normalise(tmp_path) == []
    assert copy.read_text(encoding="utf-8") == once
    after = po.parse(once)
    assert after.headers["X-Language-Name"] == before.headers["X-Language-Name"]
    assert {(e.context, e.msgid, e.strings) for e in after.entries} == {
        (e.context, e.msgid, e.strings) for e in before.entries
    }
    assert "python-brace-format, python-format" not in once
    subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(copy)], check=True)
