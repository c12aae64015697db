"""rules.SYSTEMS: the five systems, each with resolve/roll/odds and no global random state."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

import rules
from rules import SYSTEM_NAMES, SYSTEMS, RulesError

RULES = Path(rules.__file__).parent


def test_registry_holds_the_five_systems() -> None:
    # the spec's five, first; a system added later joins without an edit here
    assert list(SYSTEMS)[:5] == ["brp", "gurps", "age", "strange", "skirmish"]
    assert set(SYSTEM_NAMES) == set(SYSTEMS)
    for key in SYSTEMS:
        module = SYSTEMS[key]
        assert module.__name__ == f"rules.{key}"
        for name in ("resolve", "roll", "odds"):
            assert callable(getattr(module, name)), f"rules.{key}.{name}"
    with pytest.raises(KeyError):
        SYSTEMS["dnd"]


def test_the_registry_is_every_system_package_under_its_own_name() -> None:
    # found, not listed: each sub-package of rules/ is a system and says its name and place
    folders = {init.parent.name for init in RULES.glob("*/__init__.py")}
    assert len(SYSTEMS) == len(folders) and set(SYSTEMS) == folders
    assert list(SYSTEM_NAMES) == list(SYSTEMS)
    for key, module in SYSTEMS.items():
        assert isinstance(module.NAME, str) and module.NAME.strip(), key
        assert SYSTEM_NAMES[key] == module.NAME
    with pytest.raises(KeyError):
        SYSTEM_NAMES["dnd"]
    # the declared places first, in order; a system without one after them, by key
    places = [getattr(SYSTEMS[key], "ORDER", None) for key in SYSTEMS]
    declared = [place for place in places if place is not None]
    assert places[: len(declared)] == sorted(declared)
    assert list(SYSTEMS)[len(declared) :] == sorted(list(SYSTEMS)[len(declared) :])


def _rolls(rng: random.Random) -> list[object]:
    s = SYSTEMS
    return [
        s["brp"].roll(55, rng=rng),
        s["gurps"].roll(12, rng=rng),
        s["age"].roll(3, 11, rng=rng),
        s["strange"].roll(2, rng=rng, opposed=True),
        s["skirmish"].roll(6, rng=rng, die="d20"),
    ]


def test_every_roll_draws_from_the_injected_generator_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the global random state was used")

    for name in ("random", "randint", "randrange", "choice", "uniform"):
        monkeypatch.setattr(random, name, forbidden)
    first = _rolls(random.Random(99))
    again = _rolls(random.Random(99))
    assert first == again


def test_every_odds_sums_to_exactly_one() -> None:
    s = SYSTEMS
    dists = [
        s["brp"].odds(55),
        s["gurps"].odds(12),
        s["strange"].odds(2, 0, True),
        s["skirmish"].odds(6, "d12"),
    ]
    for dist in dists:
        assert sum(dist.values()) == 1
        assert all(isinstance(p, Fraction) for p in dist.values())
    assert 0 < s["age"].odds(3, 11) < 1


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)
    with pytest.raises(ValueError, match="roll"):
        SYSTEMS["brp"].resolve(50, 0)
