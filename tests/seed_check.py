"""``python -m tests.seed_check [SEEDS]``: the seed facts in ``tests/seed_facts`` against the
seed texts (the original rule texts, by default ``../shared/seeds`` beside the repository).

The test suite reads the facts, never the texts, so a clone anywhere runs it; this check is
what keeps the facts honest where the texts are (CI runs it after the suite). Every passage
must be whole lines of its seed, in the seed's order, and the BRP tables must be the seed's
row by row. Exit 0 when all agree, 1 with one line per difference, 2 when there are no texts.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from tests.seeds import FACTS, ROOT, SeedFacts, seed_facts

__all__ = ["PREFIXES", "problems"]

PREFIXES = sorted(path.name.split("_", 1)[0] for path in FACTS.glob("*.toml"))


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _success_table(lines: Sequence[str]) -> tuple[list[str], list[list[str]]]:
    start = next(i for i, line in enumerate(lines) if line.startswith("| Способность |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(_cells(line))
    return _cells(lines[start]), rows


def _resistance_table(lines: Sequence[str]) -> tuple[str, list[int], list[list[object]]]:
    start = next(i for i, line in enumerate(lines) if line.startswith("Таблица сопротивления"))
    actives = [int(c) for c in _cells(lines[start + 1]) if c.isdigit()]
    caption = ""
    rows: list[list[object]] = []
    for line in lines[start + 3 :]:
        if not line.startswith("|"):
            break
        values = [c for c in _cells(line) if c]
        if not values[0].isdigit():
            caption, values = values[0], values[1:]  # the row axis' caption shares row one
        rows.append([int(values[0]), values[1:]])
    return caption, actives, rows


def _passages(facts: SeedFacts, lines: Sequence[str]) -> list[str]:
    out: list[str] = []
    after = 0
    for passage in facts.passages:
        run = passage.split("\n")
        starts = [i for i in range(len(lines)) if list(lines[i : i + len(run)]) == run]
        later = [i for i in starts if i >= after]
        if not starts:
            out.append(f"{facts.path.name}: not lines of {facts.seed}: {passage[:80]!r}")
        elif not later:
            out.append(f"{facts.path.name}: out of the seed's order: {passage[:80]!r}")
        else:
            after = later[0] + len(run)
    return out


def _tables(facts: SeedFacts, lines: Sequence[str]) -> list[str]:
    out: list[str] = []
    if "success_table" in facts.doc:
        columns, rows = _success_table(lines)
        if facts.doc["success_table"] != {"columns": columns, "rows": rows}:
            out.append(f"{facts.path.name}: the success table differs from {facts.seed}'s")
    if "resistance_table" in facts.doc:
        caption, actives, resistance = _resistance_table(lines)
        seen = {"passive_caption": caption, "active": actives, "rows": resistance}
        if facts.doc["resistance_table"] != seen:
            out.append(f"{facts.path.name}: the resistance table differs from {facts.seed}'s")
    return out


def problems(seeds: Path) -> list[str]:
    """Every difference between the facts and the seed texts in ``seeds`` (none: agreed)."""
    out: list[str] = []
    texts = sorted(path.name for path in seeds.glob("*.txt"))
    named = [seed_facts(prefix).seed for prefix in PREFIXES]
    if texts != named:
        out.append(f"the facts name the seeds {named}, {seeds} holds {texts}")
    for prefix in PREFIXES:
        facts = seed_facts(prefix)
        path = seeds / facts.seed
        if not path.is_file():
            continue
        lines = path.read_text(encoding="utf-8").split("\n")
        out += _passages(facts, lines) + _tables(facts, lines)
    return out


def main(argv: Sequence[str]) -> int:
    seeds = Path(argv[0]) if argv else ROOT.parent / "shared" / "seeds"
    if not seeds.is_dir():
        print(f"seed check: no seed texts at {seeds}", file=sys.stderr)
        return 2
    found = problems(seeds)
    for line in found:
        print(line)
    print(f"seed check: {len(PREFIXES)} seeds, {len(found)} differences")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
