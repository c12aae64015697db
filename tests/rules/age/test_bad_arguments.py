"""Every public function and method of ``rules.age`` answers bad arguments with RulesError.

A ``None``, a list where a number belongs, a number where dice belong …: never a TypeError,
AttributeError or KeyError (spec, "Common ground").
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import age
from rules.errors import RulesError

BAD = st.sampled_from(
    [
        None,
        [1],
        [1, 2, 3],
        "x",
        "",
        1.5,
        -1,
        10**6,
        {},
        {1: "x"},
        (),
        True,
        object(),
        Fraction(1, 3),
    ]
)


def _instances() -> list[object]:
    result = age.resolve((3, 4, 5), 2, 11)
    test = age.ChallengeTest.create(11, 10, 60, minor="m")
    counted = test.contribute("Kira", "Dexterity (Stealth)", result)
    race = age.Race.create(11, 10, 30, ["A", "B"])
    return [
        result,
        age.AdvancedTest.create(11, 10, 60),
        test,
        counted,
        race,
        race.step(["A", "B"], ["x", "y"], [result, age.resolve((1, 1, 1), 0, 11)]),
        age.FortuneCosts(),
        age.Escalation.every(2),
        age.spend_fortune(result, 0, 6, 5),
    ]


def _callables() -> list[tuple[str, Callable[..., Any]]]:
    found: list[tuple[str, Callable[..., Any]]] = []
    for name in age.__all__:
        obj = getattr(age, name)
        if name in ("RulesError", "Side") or not callable(obj):  # Side: a typing alias
            continue
        if inspect.isclass(obj) and issubclass(obj, BaseException | int | str):
            continue
        if inspect.isclass(obj) and hasattr(obj, "__members__"):  # enums
            continue
        found.append((name, obj))
        if inspect.isclass(obj):
            for meth, fn in vars(obj).items():
                if meth.startswith("_"):
                    continue
                if isinstance(fn, classmethod):
                    found.append((f"{name}.{meth}", getattr(obj, meth)))
    for inst in _instances():
        for meth in dir(inst):
            if meth.startswith("_"):
                continue
            member = getattr(inst, meth)
            if inspect.ismethod(member) and member.__self__ is inst:
                found.append((f"{type(inst).__name__}().{meth}", member))
    return found


CALLABLES = _callables()


def _arity(fn: Callable[..., Any]) -> tuple[int, list[str], list[str]]:
    """(positional parameters, optional keyword-only names, required keyword-only names)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return 1, [], []
    params = sig.parameters.values()
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    optional = [p.name for p in params if p.kind is p.KEYWORD_ONLY and p.default is not p.empty]
    required = [p.name for p in params if p.kind is p.KEYWORD_ONLY and p.default is p.empty]
    return len(positional), optional, required


def test_the_walk_finds_the_contract() -> None:
    names = {n for n, _ in CALLABLES}
    for wanted in (
        "resolve",
        "odds",
        "opposed_many",
        "opposed_odds",
        "spend_fortune",
        "advanced_completion_odds",
        "AdvancedTest().contribute",
        "ChallengeTest().amend_last",
        "Race().step",
        "race_odds",
    ):
        assert wanted in names


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(CALLABLES), st.lists(BAD, min_size=0, max_size=6), st.data())
def test_bad_arguments_raise_rules_error(
    target: tuple[str, Callable[..., Any]], values: list[object], data: st.DataObject
) -> None:
    name, fn = target
    count, optional, required = _arity(fn)
    args = (values + [None] * count)[:count]
    kwargs = {k: data.draw(BAD) for k in optional if data.draw(st.booleans())}
    kwargs.update({k: data.draw(BAD) for k in required})
    try:
        fn(*args, **kwargs)
    except RulesError:
        pass
    except Exception as exc:  # pragma: no cover - the failure report
        raise AssertionError(f"{name}{tuple(args)} {kwargs} raised {exc!r}") from exc
