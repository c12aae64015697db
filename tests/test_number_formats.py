"""No number is formatted in a way that breaks on a ``Fraction`` under Python 3.11.

``requires-python`` allows 3.11, where ``Fraction.__format__`` takes no format spec: an
``f"{x:g}"`` on a ``Fraction`` raises TypeError there (and only there: 3.12 added the specs),
which once turned a GURPS shot past 1/2D into an internal error. The class is closed by a
rule this test enforces over ``rules/`` and ``tui/``: a float presentation spec (``e f g n
%``) is only ever applied to an explicit ``float(...)``; everything else goes through
``rules.exact.number_text``.
"""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from pathlib import Path

import pytest

from rules import RulesError
from rules.exact import number_text
from tests.seeds import ROOT

FLOAT_TYPES = tuple("eEfFgGn%")


def _spec_text(spec: ast.expr | None) -> str:
    if not isinstance(spec, ast.JoinedStr):
        return ""
    return "".join(str(v.value) for v in spec.values if isinstance(v, ast.Constant))


def _is_float_call(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float"
    )


def offenders(source: str, name: str) -> list[str]:
    """Each float-style format of a value that is not an explicit ``float(...)``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FormattedValue):
            spec = _spec_text(node.format_spec)
            if spec.endswith(FLOAT_TYPES) and not _is_float_call(node.value):
                found.append(f"{name}:{node.lineno}: f-string {{{ast.unparse(node.value)}:{spec}}}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "format"
            and len(node.args) == 2
            and isinstance(node.args[1], ast.Constant)
            and str(node.args[1].value).endswith(FLOAT_TYPES)
            and not _is_float_call(node.args[0])
        ):
            found.append(f"{name}:{node.lineno}: format({ast.unparse(node.args[0])}, ...)")
    return found


#: the formats that are not of a float on purpose, each with its reason
EXACT_ON_PURPOSE = {
    # a Decimal written in full, digit for digit (Decimal takes every spec on every Python)
    "tui/session/stats/poisson.py: format(value, ...)",
}


def test_every_float_format_in_the_code_is_of_an_explicit_float() -> None:
    found: list[str] = []
    for top in ("rules", "tui"):
        for path in sorted((ROOT / top).rglob("*.py")):
            found += offenders(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    found = [f for f in found if re.sub(r":\d+:", ":", f) not in EXACT_ON_PURPOSE]
    assert not found, "format a Fraction through number_text or float():\n" + "\n".join(found)


def test_the_check_sees_the_shapes_that_broke() -> None:
    assert offenders('x = f"{half:g}"', "a.py") == ["a.py:1: f-string {half:g}"]
    assert offenders('x = f"{p * 100:.1f}%"', "a.py") != []
    assert offenders('x = format(p, ".2%")', "a.py") != []
    assert offenders('x = f"{float(p):.1f} {n:+d} {s:>4}"', "a.py") == []


def test_a_fraction_format_spec_is_what_python_3_11_refuses() -> None:
    # the premise of the rule: on the oldest Python the package allows this raises
    import sys

    if sys.version_info < (3, 12):
        with pytest.raises(TypeError):
            f"{Fraction(81, 2):g}"


@pytest.mark.parametrize(
    ("value", "places", "text"),
    [
        (Fraction(40), None, "40"),
        (Fraction(9, 2), None, "4.5"),
        (Fraction(1, 3), 1, "0.3"),
        (Fraction(7, 2), 1, "3.5"),
        (12, None, "12"),
        (12.0, None, "12"),
        (2.5, None, "2.5"),
        (Fraction(-13, 2), None, "-6.5"),
    ],
)
def test_number_text_writes_whole_numbers_plainly_and_the_rest_as_decimals(
    value: Fraction | float, places: int | None, text: str
) -> None:
    assert number_text(value, places) == text


@pytest.mark.parametrize("bad", [None, "4", True, [1]])
def test_number_text_refuses_what_is_not_a_number(bad: object) -> None:
    with pytest.raises(RulesError):
        number_text(bad, None)  # type: ignore[arg-type]


def test_the_rule_covers_the_source_folders() -> None:
    assert any((ROOT / "tui").rglob("*.py")) and Path(ROOT / "rules" / "exact.py").is_file()
