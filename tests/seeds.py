"""Access to the original rule texts in ``../shared/seeds`` (beside the repository)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"


def seed_text(prefix: str) -> str:
    """The text of the seed whose file name starts with ``prefix`` (e.g. ``"000"``)."""
    matches = sorted(SEEDS.glob(f"{prefix}_*.txt"))
    if len(matches) != 1:
        raise FileNotFoundError(f"expected one seed {prefix}_*.txt in {SEEDS}, found {matches}")
    return matches[0].read_text(encoding="utf-8")
