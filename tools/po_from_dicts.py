"""One-off: the Russian dict catalog (tui/language/ru/*.py) into the gettext catalog.

Run from the checkout's top folder, after `pybabel extract` wrote the template:

    python3 tools/po_from_dicts.py                 # the dicts of the work tree
    python3 tools/po_from_dicts.py --rev BRANCH    # the dicts as a git revision has them

Every message of the template gets the dicts' translation (a message the dicts translate
differently from the .po takes the dicts'); entries the .po already has keep theirs. The dicts
are read as data (ast.literal_eval of their MESSAGES / PLURALS), never imported.
"""

from __future__ import annotations

import argparse
import ast
import subprocess
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

DICTS = "tui/language/ru"
POT = Path("tui/language/locale/tablekeeper.pot")
PO = Path("tui/language/locale/ru/LC_MESSAGES/tablekeeper.po")
HEADER = {
    "Language-Team": "Русский",
    "Plural-Forms": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 "
    "&& (n%100<10 || n%100>=20) ? 1 : 2);",
}


def sources(rev: str | None) -> dict[str, str]:
    if rev is None:
        return {p.name: p.read_text(encoding="utf-8") for p in sorted(Path(DICTS).glob("*.py"))}
    names = subprocess.run(
        ["git", "ls-tree", "--name-only", f"{rev}:{DICTS}"],
        check=True, capture_output=True, text=True,
    ).stdout.split()
    return {
        n: subprocess.run(
            ["git", "show", f"{rev}:{DICTS}/{n}"], check=True, capture_output=True, text=True
        ).stdout
        for n in names
        if n.endswith(".py")
    }


def dicts(rev: str | None) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    messages: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for source in sources(rev).values():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.AnnAssign | ast.Assign):
                target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
                if isinstance(target, ast.Name) and node.value is not None:
                    if target.id == "MESSAGES" and isinstance(node.value, ast.Dict):
                        messages.update(ast.literal_eval(node.value))
                    elif target.id == "PLURALS" and isinstance(node.value, ast.Dict):
                        plurals.update(ast.literal_eval(node.value))
    return messages, plurals


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rev")
    rev = parser.parse_args().rev
    messages, plurals = dicts(rev)
    with POT.open("rb") as f:
        template = read_po(f)
    if PO.exists():
        with PO.open("rb") as f:
            catalog = read_po(f, locale="ru")
        catalog.update(template, no_fuzzy_matching=True)
    else:
        catalog = Catalog(locale="ru", project="Tablekeeper", version="0.1.0")
        catalog.update(template, no_fuzzy_matching=True)
    catalog.language_team = HEADER["Language-Team"]
    headers = [(k, v) for k, v in catalog.mime_headers if k != "Plural-Forms"]
    catalog.mime_headers = [*headers, ("Plural-Forms", HEADER["Plural-Forms"])]
    filled = 0
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        if isinstance(message.id, tuple) and key in plurals:
            message.string = tuple(plurals[key])
        elif not isinstance(message.id, tuple) and key in messages:
            message.string = messages[key]
        else:
            continue
        message.flags.discard("fuzzy")
        filled += 1
    catalog.obsolete.clear()
    PO.parent.mkdir(parents=True, exist_ok=True)
    with PO.open("wb") as f:
        write_po(f, catalog, width=100, sort_by_file=True, ignore_obsolete=True)
    print(f"{PO}: {filled} entries from the dicts ({len(messages)} messages, {len(plurals)} counted)")


if __name__ == "__main__":
    main()
