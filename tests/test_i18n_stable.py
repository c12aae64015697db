"""The shipped catalogs are as extraction leaves them: ``pybabel extract && pybabel update``
(through ``python -m tui.language.normalise``) on an unchanged tree changes nothing, so a
translator's tool or a developer's update rewrites no line that did not change (ignoring the
template's creation date). Runs on a copy of the catalogs. When it fails, run ``python -m
tui.language.normalise`` once after the branches that add messages are merged."""

from __future__ import annotations

from pathlib import Path

from tests.test_i18n_normalise import copy_of_the_catalogs
from tui.language.normalise import normalise


def test_the_shipped_catalogs_are_as_extraction_leaves_them(tmp_path: Path) -> None:
    copies = copy_of_the_catalogs(tmp_path)
    assert copies
    changed = [p.relative_to(tmp_path) for p in normalise(tmp_path)]
    assert changed == [], "run python -m tui.language.normalise"


MARKERS = frozenset({"_", "N_", "ngettext", "msg", "nmsg"})


def test_no_message_is_marked_inside_an_f_string() -> None:
    """Babel reads a ``_()`` call inside an f-string only on Python 3.12+ (PEP 701 made
    f-strings tokens of their own), so such a message would be in the catalog on one Python
    and not on another, and the test above would fail on one of them."""
    import ast

    root = Path(__file__).resolve().parent.parent / "tui"
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Name)
                    and inner.func.id in MARKERS
                ):
                    found.append(f"{path.relative_to(root.parent)}:{inner.lineno}")
    assert found == []
