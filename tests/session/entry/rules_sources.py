"""Every message ``rules/`` can raise, read from its source.

An ``ast`` walk over each ``raise RulesError(...)``: the message argument (a string, an
f-string, a sum of them, a choice ``a if c else b``) becomes a sample message, each value
in it written as ``7`` (a type's name as ``Thing``). A value that is itself fixed English is
written out instead:

- a local name the function sets to a string, an f-string or a choice of them
  (``hit = "hit" if n == 1 else "hits"``) gives one sample per string;
- a parameter of the function that every call in the module passes as a string
  (``self._need(Phase.ACTIONS, "actions can only be declared …")``) gives one sample per call.

So a rules message composed of parts is seen as the GM sees it, whole.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from tests.seeds import ROOT

__all__ = ["HOLE", "Raised", "raised", "raised_in"]

#: what a value the source leaves open is written as in a sample
HOLE = "7"
#: what a type's name (``type(x).__name__``) is written as
TYPE = "Thing"


@dataclass(frozen=True)
class Raised:
    """One message a ``raise RulesError`` can produce: where, and a sample of it."""

    where: str
    sample: str


def _callee(node: ast.Call) -> str:
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return node.func.id if isinstance(node.func, ast.Name) else ""


class _Module:
    """One module's functions, their local strings and the strings passed to them."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node

    def function(self, node: ast.AST) -> ast.FunctionDef | None:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, ast.FunctionDef):
                return node
        return None

    def passed(self, fn: ast.FunctionDef, param: str) -> list[ast.expr] | None:
        """What every call of ``fn`` in the module passes for ``param``; None unless all
        pass something and at least one call is found."""
        names = [a.arg for a in fn.args.args]
        if param not in names:
            return None
        index = names.index(param) - (1 if names and names[0] in ("self", "cls") else 0)
        found: list[ast.expr] = []
        for node in ast.walk(self.tree):
            if not isinstance(node, ast.Call) or _callee(node) != fn.name:
                continue
            given = [k.value for k in node.keywords if k.arg == param]
            if not given and 0 <= index < len(node.args):
                given = [node.args[index]]
            if not given:
                return None
            found.extend(given)
        return found or None

    def local(self, fn: ast.FunctionDef, name: str) -> list[ast.expr] | None:
        """The strings a function assigns to a local ``name``; None if it is set otherwise."""
        found: list[ast.expr] = []
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets
            ):
                found.append(node.value)
        return found or None


def _texts(
    node: ast.expr, module: _Module, fn: ast.FunctionDef | None, depth: int = 0
) -> list[str]:
    """The samples an expression can read as (``HOLE`` for any value left open)."""
    if depth > 4:
        return [HOLE]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Attribute) and node.attr == "__name__":
        return [TYPE]
    if isinstance(node, ast.IfExp):
        return _texts(node.body, module, fn, depth + 1) + _texts(node.orelse, module, fn, depth + 1)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left = _texts(node.left, module, fn, depth + 1)
        right = _texts(node.right, module, fn, depth + 1)
        return [a + b for a, b in itertools.product(left, right)]
    if isinstance(node, ast.JoinedStr):
        parts: list[list[str]] = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append([str(value.value)])
            elif isinstance(value, ast.FormattedValue):
                parts.append(_texts(value.value, module, fn, depth + 1))
        return ["".join(p) for p in itertools.product(*parts)]
    if isinstance(node, ast.Name) and fn is not None:
        for source in (module.local(fn, node.id), module.passed(fn, node.id)):
            if source and all(_is_text(s) for s in source):
                return [
                    t
                    for s in source
                    for t in _texts(s, module, module.function(s) or fn, depth + 1)
                ]
    return [HOLE]


def _is_text(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.IfExp):
        return _is_text(node.body) and _is_text(node.orelse)
    return isinstance(node, ast.JoinedStr)


def raised_in(source: str, where: str = "<src>") -> Iterator[Raised]:
    """The messages the ``raise RulesError(...)`` statements of one module's source make."""
    module = _Module(ast.parse(source))
    for node in ast.walk(module.tree):
        if not (
            isinstance(node, ast.Raise)
            and isinstance(node.exc, ast.Call)
            and _callee(node.exc) == "RulesError"
        ):
            continue
        at = f"{where}:{node.lineno}"
        if not node.exc.args:
            yield Raised(at, "")
            continue
        for text in dict.fromkeys(_texts(node.exc.args[0], module, module.function(node))):
            yield Raised(at, text)


def raised() -> list[Raised]:
    """Every message ``rules/`` can raise, module by module."""
    found: list[Raised] = []
    for path in sorted((ROOT / "rules").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        found.extend(raised_in(path.read_text(encoding="utf-8"), where))
    return found
