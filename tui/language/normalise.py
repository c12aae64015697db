"""The catalogs brought in line with the code, the same way every time (a developer's tool).

``python -m tui.language.normalise`` (from the checkout's top folder, with ``pip install -e
'.[test]'`` for Babel) does what ``pybabel extract && pybabel update`` do with the options of
``pyproject.toml`` (``[tool.babel.*]``: files sorted by name, locations without line numbers,
width 100, obsolete entries dropped, the translators' ``# TRANSLATORS:`` comments kept) and two
things Babel does not:

- the headers of our own that Babel drops on reading (``X-Language-Name``, the language's
  display name, which Poedit and Weblate keep) are put back where they were;
- a message with ``{placeholders}`` loses the ``python-format`` flag Babel gives any text
  where a ``%`` meets a letter (``10% of it`` reads as ``% o``), which ``msgfmt --check``
  would then hold the translation to;
- a catalog whose only change would be the template's creation date is left as it is, so a
  run on an unchanged tree changes no file (``git status`` stays clean).

A catalog edited by hand (an entry appended at the end) comes out in Babel's order; a second
run then changes nothing. ``tests/test_i18n_stable.py`` runs this on a copy of the catalogs
and fails when the shipped ones are not in that form. Never imported by the app (Babel is a
test dependency, not a runtime one).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["normalise"]

DOMAIN = "tablekeeper"
ROOT = Path(__file__).resolve().parents[2]
LOCALE = Path(__file__).resolve().parent / "locale"
#: a header line of the catalog's own (``"X-Language-Name: Русский\n"``)
_OWN_HEADER = re.compile(r'^"X-[\w-]+: .*\\n"$', re.M)
_CREATED = re.compile(r'^"POT-Creation-Date: .*\\n"$', re.M)
_BOTH = re.compile(r"^#, python-brace-format, python-format$", re.M)


def _babel(*args: str) -> None:
    """One ``pybabel`` command, run from the checkout's top folder (where its options are)."""
    subprocess.run(
        [sys.executable, "-c", "from babel.messages.frontend import main; main()", "-q", *args],
        cwd=ROOT,
        check=True,
    )


def _with_own_headers(updated: str, before: str) -> str:
    """``updated`` with the ``X-…`` header lines of ``before`` back after ``Language-Team``
    (or at the header's end)."""
    own = _OWN_HEADER.findall(before.split("\n\n", 1)[0])
    if not own:
        return updated
    head, sep, rest = updated.partition("\n\n")
    lines = [line for line in head.split("\n") if not _OWN_HEADER.match(line)]
    at = next((i + 1 for i, line in enumerate(lines) if line.startswith('"Language-Team:')), None)
    at = len(lines) if at is None else at
    return "\n".join([*lines[:at], *own, *lines[at:]]) + sep + rest


def _brace_formats_only(text: str) -> str:
    """``text`` with ``python-format`` dropped from the flags of a brace-format message."""
    return _BOTH.sub("#, python-brace-format", text)


def _same_but_the_date(a: str, b: str) -> bool:
    return _CREATED.sub("", a) == _CREATED.sub("", b)


def normalise(locale: Path = LOCALE) -> list[Path]:
    """Bring every ``<lang>/LC_MESSAGES/tablekeeper.po`` under ``locale`` in line with the
    code; the catalogs it changed."""
    changed = []
    with tempfile.TemporaryDirectory() as tmp:
        template = Path(tmp, f"{DOMAIN}.pot")
        _babel("extract", "-o", str(template))
        for catalog in sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
            lang = catalog.parent.parent.name
            work = Path(tmp, lang, "LC_MESSAGES")
            work.mkdir(parents=True)
            before = catalog.read_text(encoding="utf-8")
            (work / catalog.name).write_text(before, encoding="utf-8")
            _babel(
                "update", "-i", str(template), "-d", tmp, "-D", DOMAIN, "-l", lang,
                "-w", "100", "--ignore-obsolete",
            )  # fmt: skip
            updated = (work / catalog.name).read_text(encoding="utf-8")
            after = _brace_formats_only(_with_own_headers(updated, before))
            if not _same_but_the_date(before, after):
                catalog.write_text(after, encoding="utf-8")
                changed.append(catalog)
    return changed


if __name__ == "__main__":
    for path in normalise():
        print(f"normalised {path.relative_to(ROOT)}")
