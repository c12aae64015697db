"""Every message in the code has a Russian entry, and no Russian entry is stale.

The messages are found in the source: the first string argument of ``_``, ``N_``, ``msg``
(and the two of ``ngettext``, ``nmsg``) anywhere under ``tui/``. A call with anything but a
literal there (an f-string, a variable) is itself a failure: the catalog could not know it.
"""

from __future__ import annotations

import ast
import re
import string

from tests.seeds import ROOT
from tui.language import ru as i18n_ru
from tui.language import ru_form

SINGLE = {"_", "N_", "msg"}
COUNTED = {"ngettext", "nmsg"}
#: calls whose English arguments are translated where shown (position, keywords)
SHOWN: dict[str, tuple[int | None, tuple[str, ...]]] = {
    "slash": (2, ()),  # a slash command's help
    "Binding": (2, ("tooltip",)),  # the footer's and the help's key names
    "ModifierField": (1, ("hint",)),  # the roll form's labels
    "SystemCommand": (0, ()),  # the palette's entries
}


def calls_in(source: str, where: str = "<src>") -> tuple[set[str], set[str], list[str]]:
    """(messages, counted singulars, problems) of one module's source."""
    messages: set[str] = set()
    counted: set[str] = set()
    problems: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        callee = (
            node.func.attr
            if isinstance(node.func, ast.Attribute)
            else (node.func.id if isinstance(node.func, ast.Name) else "")
        )
        if callee in SHOWN:
            pos, keywords = SHOWN[callee]
            found = [node.args[pos]] if pos is not None and len(node.args) > pos else []
            found += [k.value for k in node.keywords if k.arg in keywords]
            messages |= {
                a.value
                for a in found
                if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value
            }
            continue
        if not isinstance(node.func, ast.Name):
            continue
        name = node.func.id
        if name not in SINGLE | COUNTED or not node.args:
            continue
        wanted = 2 if name in COUNTED else 1
        literal = [
            a.value
            for a in node.args[:wanted]
            if isinstance(a, ast.Constant) and isinstance(a.value, str)
        ]
        if len(literal) != wanted:
            problems.append(f"{where}:{node.lineno}: {name}() needs a literal message")
            continue
        if not literal[0]:
            continue  # the empty message is its own translation
        if name in COUNTED:
            counted.add(literal[0])
        else:
            messages.add(literal[0])
    return messages, counted, problems


def _code() -> tuple[set[str], set[str], list[str]]:
    messages: set[str] = set()
    counted: set[str] = set()
    problems: list[str] = []
    for path in sorted((ROOT / "tui").rglob("*.py")):
        if path.parts[-2:] == ("language", "__init__.py") or "language" in path.parts:
            continue
        m, c, p = calls_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
        messages |= m
        counted |= c
        problems += p
    return messages, counted, problems


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_call_is_a_literal() -> None:
    assert _code()[2] == []


def test_every_message_has_a_russian_entry() -> None:
    messages, counted, _ = _code()
    missing = sorted(messages - i18n_ru.MESSAGES.keys())
    missing_counted = sorted(counted - i18n_ru.PLURALS.keys())
    assert (missing, missing_counted) == ([], [])


def test_no_russian_entry_is_stale() -> None:
    messages, counted, _ = _code()
    assert sorted(i18n_ru.MESSAGES.keys() - messages) == []
    assert sorted(i18n_ru.PLURALS.keys() - counted) == []


def test_russian_keeps_the_placeholders() -> None:
    wrong = [k for k, v in i18n_ru.MESSAGES.items() if _fields(k) != _fields(v)]
    for k, forms in i18n_ru.PLURALS.items():
        assert len(forms) == 3, k
        wrong += [k for form in forms if not _fields(form) <= _fields(k) | {"n"}]
    assert wrong == []


def test_russian_text_is_russian() -> None:
    # an entry copied over untranslated: a long English word left outside the placeholders
    english = re.compile(r"\b[a-z]{5,}\b")
    allowed = {"nostakes", "range", "focus", "bonus", "resist"}
    lazy = [
        k
        for k, v in i18n_ru.MESSAGES.items()
        if k == v
        and english.search(re.sub(r"\{[^}]*\}|/\w+|\w+=", "", k))
        and not set(english.findall(k)) <= allowed
    ]
    assert lazy == []


def test_the_finder_sees_a_new_message_and_a_bad_call() -> None:
    source = 'x = _("A brand new label")\ny = ngettext("{n} cat", "{n} cats", 2)\nz = _(f"{y}")\n'
    messages, counted, problems = calls_in(source)
    assert messages == {"A brand new label"}
    assert counted == {"{n} cat"}
    assert len(problems) == 1 and ":3:" in problems[0]
    assert "A brand new label" not in i18n_ru.MESSAGES


def test_russian_plural_forms() -> None:
    forms = {n: ru_form(n) for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112)}
    assert forms == {
        0: 2,
        1: 0,
        2: 1,
        4: 1,
        5: 2,
        11: 2,
        12: 2,
        14: 2,
        21: 0,
        22: 1,
        25: 2,
        101: 0,
        111: 2,
        112: 2,
    }


def test_no_message_is_in_two_parts_of_the_catalog() -> None:
    seen: dict[str, int] = {}
    twice = []
    for i, part in enumerate(i18n_ru.PARTS):
        twice += [k for k in part if k in seen]
        seen.update(dict.fromkeys(part, i))
    assert twice == []


def _shadowing(source: str, where: str) -> list[str]:
    """Functions that call ``_()`` and also bind ``_`` (``for _, x in …``, ``a, _ = …``):
    there ``_`` is a local, so the call fails at run time."""
    found = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        calls = any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_"
            for n in ast.walk(fn)
        )
        # a comprehension's own variables are its scope's, not the function's
        inner = {
            id(t)
            for c in ast.walk(fn)
            if isinstance(c, ast.comprehension)
            for t in ast.walk(c.target)
        }
        binds = any(
            isinstance(n, ast.Name)
            and n.id == "_"
            and isinstance(n.ctx, ast.Store)
            and id(n) not in inner
            for n in ast.walk(fn)
        )
        if calls and binds:
            found.append(f"{where}:{fn.lineno}")
    return found


def test_no_function_hides_the_translation_call() -> None:
    found: list[str] = []
    for path in sorted((ROOT / "tui").rglob("*.py")):
        found += _shadowing(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []


def test_the_shadowing_check_sees_a_local_underscore() -> None:
    assert _shadowing("def f(xs):\n    for _, y in xs:\n        pass\n    return _('a')\n", "m")
    assert not _shadowing("def f(xs):\n    ys = [y for _, y in xs]\n    return _('a')\n", "m")
