"""The seed facts in ``tests/seed_facts``: their shape, and the check that compares them with
the seed texts (:mod:`tests.seed_check`), run on seed texts written here from the facts — the
suite never reads ``../shared``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.seed_check import PREFIXES, problems
from tests.seeds import seed_facts
from tui.session.systems import registry


def test_there_is_one_facts_file_per_seed() -> None:
    assert PREFIXES == ["000", "001", "002", "003", "004"]


@pytest.mark.parametrize("prefix", PREFIXES)
def test_a_facts_file_names_its_seed_and_system(prefix: str) -> None:
    facts = seed_facts(prefix)
    assert facts.path.name == f"{prefix}_{facts.system}.toml"
    assert facts.seed.startswith(f"{prefix}_") and facts.seed.endswith(".txt")
    assert facts.system in registry.system_keys()
    header = facts.path.read_text(encoding="utf-8").split("\n", 2)[:2]
    assert header[0].startswith(f"# Facts of seed {facts.seed} ")
    assert facts.passages and all(p.strip() and "\n\n" not in p for p in facts.passages)


def test_the_facts_hold_nothing_the_check_does_not_read() -> None:
    known = {"seed", "system", "passages", "success_table", "resistance_table"}
    for prefix in PREFIXES:
        extra = set(seed_facts(prefix).doc) - known
        assert not extra, f"{prefix}: {sorted(extra)} are not compared with the seed"


def _row(cells: list[object]) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _brp_tables() -> str:
    """BRP's two tables laid out as the seed lays them out, from the facts."""
    doc = seed_facts("000").doc
    success = doc["success_table"]
    resistance = doc["resistance_table"]
    lines = [_row(success["columns"]), _row(["---"] * len(success["columns"]))]
    lines += [_row(row) for row in success["rows"]]
    lines += ["", "Таблица сопротивления", _row([*resistance["active"], ""]), "|---|"]
    for i, (passive, values) in enumerate(resistance["rows"]):
        head = [resistance["passive_caption"]] if i == 0 else []
        lines.append(_row([*head, passive, *values]))
    return "\n".join(lines) + "\n"


def write_seeds(folder: Path) -> Path:
    """Seed texts made of the facts: each seed's passages (BRP's tables first), apart."""
    for prefix in PREFIXES:
        facts = seed_facts(prefix)
        # the seed has the tables before the passages that talk of them
        text = (_brp_tables() + "\n" if prefix == "000" else "") + facts.text
        (folder / facts.seed).write_text(text, encoding="utf-8")
    return folder


def test_the_check_agrees_with_texts_that_hold_the_facts(tmp_path: Path) -> None:
    assert problems(write_seeds(tmp_path)) == []


def test_the_check_finds_a_changed_passage_a_changed_cell_and_a_missing_seed(
    tmp_path: Path,
) -> None:
    seeds = write_seeds(tmp_path)
    brp = seeds / seed_facts("000").seed
    text = brp.read_text(encoding="utf-8")
    first = seed_facts("000").passages[0].split("\n")[0]
    brp.write_text(
        text.replace(first, first + " (changed)", 1).replace("| 96-00 |", "| 95-00 |", 1)
    )
    (seeds / seed_facts("004").seed).unlink()
    found = problems(seeds)
    assert any("not lines of" in p and "000_" in p for p in found), found
    assert any("success table differs" in p for p in found), found
    assert any("holds" in p for p in found), found


def test_the_check_finds_passages_out_of_order(tmp_path: Path) -> None:
    seeds = write_seeds(tmp_path)
    facts = seed_facts("001")
    assert len(facts.passages) > 1
    (seeds / facts.seed).write_text("\n\n".join(reversed(facts.passages)) + "\n", encoding="utf-8")
    assert any("out of the seed's order" in p for p in problems(seeds))
