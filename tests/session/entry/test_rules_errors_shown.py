"""A rules error caught in the tracker reaches the GM only through the translation.

:func:`~tui.session.entry.rules_text.rules_message` puts a :class:`~rules.errors.RulesError`'s
English in the GM's language; a handler that shows ``str(exc)`` or formats ``{exc}`` into a
line of its own leaves that part English on a Russian screen («урон: 2d6 needs 2 dice»). This
test reads every ``except … RulesError as exc`` in ``tui/`` and fails on a use of ``exc`` that
is not ``rules_message(str(exc))``, ``message_of(exc)`` or an attribute of it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.session.entry.test_rules_messages import english_words
from tui import language as i18n
from tui.session.entry.entry import EntryError
from tui.session.extended.data import parse_escalation

ROOT = Path(__file__).resolve().parents[3]
#: the calls that put a rules error's text in the GM's language
TRANSLATING = frozenset({"rules_message", "message_of"})


def _catches_rules_error(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(
        (isinstance(k, ast.Name) and k.id == "RulesError")
        or (isinstance(k, ast.Attribute) and k.attr == "RulesError")
        for k in kinds
    )


def _name(call: ast.AST) -> str:
    if isinstance(call, ast.Call):
        if isinstance(call.func, ast.Name):
            return call.func.id
        if isinstance(call.func, ast.Attribute):
            return call.func.attr
    return ""


def untranslated_uses(source: str, path: str) -> list[str]:
    """``path:line`` of each use of a caught rules error that bypasses the translation."""
    tree = ast.parse(source)
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    found = []
    for handler in ast.walk(tree):
        if not isinstance(handler, ast.ExceptHandler) or handler.name is None:
            continue
        if not _catches_rules_error(handler):
            continue
        for statement in handler.body:
            for node in ast.walk(statement):
                if not (isinstance(node, ast.Name) and node.id == handler.name):
                    continue
                up = parents[node]
                if isinstance(up, ast.Attribute):
                    continue  # exc.word, exc.at: not its text
                if isinstance(up, ast.Raise) and up.cause is node:
                    continue
                if _name(up) in TRANSLATING:
                    continue
                if _name(up) == "str" and _name(parents[up]) in TRANSLATING:
                    continue
                found.append(f"{path}:{node.lineno}")
    return found


def test_the_reading_finds_a_rules_error_shown_as_it_is() -> None:
    source = (
        "try:\n    f()\nexcept (ValueError, RulesError) as exc:\n"
        "    raise EntryError(_('x: {exc}').format(exc=exc)) from exc\n"
        "try:\n    f()\nexcept RulesError as exc:\n    show(str(exc))\n"
        "try:\n    f()\nexcept RulesError as exc:\n"
        "    show(rules_message(str(exc)), message_of(exc), exc.word)\n"
        "try:\n    f()\nexcept ValueError as exc:\n    show(str(exc))\n"
    )
    assert untranslated_uses(source, "m.py") == ["m.py:4", "m.py:8"]


def test_every_caught_rules_error_is_shown_through_the_translation() -> None:
    found = [
        hit
        for path in sorted((ROOT / "tui").rglob("*.py"))
        for hit in untranslated_uses(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not found, "a rules error shown without rules_message():\n" + "\n".join(found)


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("typed", ["3,2", "1,2,3,4"])
def test_a_refused_escalation_reads_in_russian(typed: str, russian: None) -> None:
    """``every=3,2`` wraps the rules' refusal in a line of the tracker's own: both parts
    in Russian («every=3,2: шаги эскалации должны строго возрастать…»)."""
    with pytest.raises(EntryError) as caught:
        parse_escalation(typed)
    shown = str(caught.value).removeprefix(f"every={typed}: ")
    assert shown != str(caught.value)
    assert not english_words(shown), shown
