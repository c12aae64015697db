"""Every public function of ``rules`` answers a bad argument with ``RulesError``.

The spec: «never a ``TypeError`` for a ``None``, a list where a number belongs or a number
where dice belong». The functions are found by introspection — every module of the package
(the five systems, ``dice``, ``exact`` …) and every function its ``__all__`` names — so a
function added later is checked too. Each argument is drawn from a pool mixing good values
(small numbers, dice tuples, die names, a generator, levels) with bad ones (``None``, lists,
floats, strings, dicts, objects), so that calls get past the first check and reach the
later arguments; whatever the mix, a call returns or raises ``RulesError``, nothing else.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import pkgutil
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules.brp import Level
from rules.errors import RulesError


def _public_functions() -> dict[str, Callable[..., Any]]:
    names = ["rules", *(m.name for m in pkgutil.walk_packages(rules.__path__, "rules."))]
    found: dict[str, Callable[..., Any]] = {}
    for name in names:
        module = importlib.import_module(name)
        for attr in getattr(module, "__all__", ()):
            obj = getattr(module, attr)
            if isinstance(obj, type) or not callable(obj) or hasattr(obj, "__origin__"):
                continue  # classes and type aliases are not functions
            if not inspect.isfunction(inspect.unwrap(obj)):
                continue
            key = f"{inspect.unwrap(obj).__module__}.{obj.__qualname__}"
            found.setdefault(key, obj)
    return dict(sorted(found.items()))


FUNCTIONS = _public_functions()

#: Good and bad values side by side; a function must survive any combination.
POOL: tuple[object, ...] = (
    None,
    True,
    0,
    1,
    2,
    3,
    4,
    6,
    10,
    -1,
    2.5,
    float("nan"),
    Fraction(1, 2),
    "",
    "x",
    "d10",
    "normal",
    "3d6+1",
    "passive",
    "2x13",
    [],
    [1],
    [1, 2],
    [[1]],
    (1, 2),
    (4, 4, 4, 4),
    (1, 2, 3),
    (6, 6, 6, 6, 6),
    {},
    {"a": 1},
    {1: Fraction(1)},
    frozenset(),
    object(),
    Level.SUCCESS,
    random.Random(7),
    b"3d6",
    ("mul", 2),
    [("set", 3), ("set", 5)],
)


def _call(fn: Callable[..., Any], values: list[object]) -> None:
    params = [
        p
        for p in inspect.signature(fn).parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    args: list[object] = []
    kwargs: dict[str, object] = {}
    for param, value in zip(params, values, strict=False):
        if param.kind is param.KEYWORD_ONLY:
            kwargs[param.name] = value
        else:
            args.append(value)
    try:
        result = fn(*args, **kwargs)
        if inspect.isgenerator(result) or isinstance(result, itertools.product):
            list(itertools.islice(result, 3))
    except RulesError:
        pass
    # any other exception fails the test, naming the function and the arguments


def _arity(fn: Callable[..., Any]) -> int:
    return sum(
        1
        for p in inspect.signature(fn).parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    )


def test_the_walk_finds_every_system_and_the_shared_modules() -> None:
    modules = {name.rsplit(".", 1)[0] for name in FUNCTIONS}
    for part in (
        "rules.brp.core",
        "rules.gurps.core",
        "rules.age.core",
        "rules.strange.core",
        "rules.skirmish.core",
        "rules.skirmish.contests",
        "rules.dice",
        "rules.exact",
    ):
        assert part in modules, part
    assert len(FUNCTIONS) >= 100


@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_all_none_is_a_rules_error(name: str) -> None:
    """Every argument ``None``: refused by name, not by a crash deeper down."""
    with pytest.raises(RulesError):
        _call_raising(FUNCTIONS[name], None)


def _call_raising(fn: Callable[..., Any], value: object) -> None:
    params = [
        p
        for p in inspect.signature(fn).parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    args = [value for p in params if p.kind is not p.KEYWORD_ONLY]
    kwargs = {p.name: value for p in params if p.kind is p.KEYWORD_ONLY}
    fn(*args, **kwargs)


@pytest.mark.parametrize("name", list(FUNCTIONS))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_mix_of_arguments_returns_or_raises_rules_error(name: str, data: st.DataObject) -> None:
    fn = FUNCTIONS[name]
    values = data.draw(
        st.lists(st.sampled_from(POOL), min_size=_arity(fn), max_size=_arity(fn)), label="arguments"
    )
    _call(fn, values)
