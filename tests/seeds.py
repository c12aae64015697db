"""The facts of the seeds (the original rule texts) that the tests read, kept in the repository.

The seed texts live beside the repository (``../shared/seeds``), which a clone does not have;
so what the tests quote or parse from them sits in ``tests/seed_facts/NNN_<system>.toml``, and
``python -m tests.seed_check`` (:mod:`tests.seed_check`) compares those files with the texts.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FACTS = Path(__file__).resolve().with_name("seed_facts")


@dataclass(frozen=True, slots=True)
class SeedFacts:
    """One seed's facts: its file name, system key, quoted passages and (BRP) tables."""

    path: Path
    seed: str
    system: str
    passages: tuple[str, ...]
    doc: dict[str, Any]

    @property
    def text(self) -> str:
        """The passages in the seed's order, a blank line between two (as in the seed)."""
        return "\n\n".join(self.passages) + "\n"


@cache
def seed_facts(prefix: str) -> SeedFacts:
    """The facts of the seed whose file name starts with ``prefix`` (e.g. ``"000"``)."""
    matches = sorted(FACTS.glob(f"{prefix}_*.toml"))
    if len(matches) != 1:
        raise FileNotFoundError(f"expected one {prefix}_*.toml in {FACTS}, found {matches}")
    doc = tomllib.loads(matches[0].read_text(encoding="utf-8"))
    passages = tuple(str(p) for p in doc["passages"])
    return SeedFacts(matches[0], str(doc["seed"]), str(doc["system"]), passages, doc)


def seed_passages(prefix: str) -> str:
    """The passages of seed ``prefix`` that the tests quote, as one text to search."""
    return seed_facts(prefix).text
