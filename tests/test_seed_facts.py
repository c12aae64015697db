"""The seed facts in ``tests/seed_facts`` against the seed texts in ``../shared/seeds``.

The tests read the facts, never the texts, so a clone runs them alone; this module is what
keeps the facts honest. Where the texts are beside the repository (this workplace and CI) any
difference fails; in a clone without them the cross-check says so and is skipped, while the
facts' own shape is still checked.
"""

from __future__ import annotations

import pytest

from tests.seeds import FACTS, SEEDS, SeedFacts, seed_facts
from tui.session.systems import registry

PREFIXES = sorted(path.name.split("_", 1)[0] for path in FACTS.glob("*.toml"))


def _seed_lines(facts: SeedFacts) -> list[str]:
    if not SEEDS.is_dir():
        pytest.skip(
            f"the seed texts are not beside this clone ({SEEDS} does not exist): the facts in "
            f"{FACTS} cannot be compared with them here (TABLEKEEPER_SEEDS names another place)"
        )
    path = SEEDS / facts.seed
    assert path.is_file(), f"{facts.path.name} names {facts.seed}, which is not in {SEEDS}"
    return path.read_text(encoding="utf-8").split("\n")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def test_there_is_one_facts_file_per_seed() -> None:
    assert PREFIXES == ["000", "001", "002", "003", "004"]
    if SEEDS.is_dir():
        seeds = sorted(path.name for path in SEEDS.glob("*.txt"))
        assert seeds == [seed_facts(prefix).seed for prefix in PREFIXES]


@pytest.mark.parametrize("prefix", PREFIXES)
def test_a_facts_file_names_its_seed_and_system(prefix: str) -> None:
    facts = seed_facts(prefix)
    assert facts.path.name == f"{prefix}_{facts.system}.toml"
    assert facts.seed.startswith(f"{prefix}_") and facts.seed.endswith(".txt")
    assert facts.system in registry.system_keys()
    header = facts.path.read_text(encoding="utf-8").split("\n", 2)[:2]
    assert header[0].startswith(f"# Facts of seed {facts.seed} ")
    assert facts.passages and all(p.strip() and "\n\n" not in p for p in facts.passages)


@pytest.mark.parametrize("prefix", PREFIXES)
def test_every_passage_is_whole_lines_of_the_seed_in_its_order(prefix: str) -> None:
    facts = seed_facts(prefix)
    lines = _seed_lines(facts)
    after = 0
    for passage in facts.passages:
        run = passage.split("\n")
        starts = [i for i in range(len(lines)) if lines[i : i + len(run)] == run]
        assert starts, f"{facts.path.name}: not lines of {facts.seed}: {passage[:80]!r}"
        later = [i for i in starts if i >= after]
        assert later, f"{facts.path.name}: out of the seed's order: {passage[:80]!r}"
        after = later[0] + len(run)


def _success_table(lines: list[str]) -> tuple[list[str], list[list[str]]]:
    start = next(i for i, line in enumerate(lines) if line.startswith("| Способность |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(_cells(line))
    return _cells(lines[start]), rows


def _resistance_table(lines: list[str]) -> tuple[str, list[int], list[list[object]]]:
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


def test_the_brp_tables_are_the_seeds_row_by_row() -> None:
    facts = seed_facts("000")
    lines = _seed_lines(facts)
    columns, rows = _success_table(lines)
    assert facts.doc["success_table"] == {"columns": columns, "rows": rows}
    caption, actives, resistance = _resistance_table(lines)
    assert len(rows) == 31 and len(resistance) == len(actives) == 21
    assert facts.doc["resistance_table"] == {
        "passive_caption": caption,
        "active": actives,
        "rows": resistance,
    }


def test_the_facts_hold_nothing_the_check_does_not_read() -> None:
    known = {"seed", "system", "passages", "success_table", "resistance_table"}
    for prefix in PREFIXES:
        extra = set(seed_facts(prefix).doc) - known
        assert not extra, f"{prefix}: {sorted(extra)} are not compared with the seed"
