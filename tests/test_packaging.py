"""What a wheel holds: every package, the demos as package data, py.typed, the licence.

The wheel itself is built and installed by ``.ci/run`` (too slow for the suite); these check
the declarations it is built from and that the demos are found as package data here.
"""

from __future__ import annotations

import tomllib
from importlib.resources import files
from pathlib import Path

from tests.seeds import ROOT
from tests.systems import SYSTEMS
from tui.store import demo_paths

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def test_every_package_folder_is_listed() -> None:
    folders = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for top in ("rules", "tui")
        for p in (ROOT / top).rglob("__init__.py")
    }
    assert set(SETUPTOOLS["packages"]) == folders | {"tui.demos"}


def test_the_demos_are_package_data_of_tui_demos() -> None:
    assert SETUPTOOLS["package-dir"] == {"tui.demos": "saves"}
    assert SETUPTOOLS["package-data"]["tui.demos"] == ["demo-*.toml"]
    root = files("tui.demos")
    assert isinstance(root, Path) and root.resolve() == (ROOT / "saves").resolve()
    assert [p.name for p in demo_paths()] == [f"demo-{key}.toml" for key in SYSTEMS]


def test_rules_is_typed_and_the_licence_is_mit() -> None:
    assert (ROOT / "rules" / "py.typed").is_file()
    assert "py.typed" in SETUPTOOLS["package-data"]["rules"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "Tablekeeper developers" in licence
    assert PYPROJECT["project"]["license"] == {"text": "MIT"}
    assert "License :: OSI Approved :: MIT License" in PYPROJECT["project"]["classifiers"]


def test_the_readme_commands_and_ci_agree() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    venv = "python3 -m venv .venv && . .venv/bin/activate && "
    assert readme[:2] == [
        venv + "pip install -e . && tablekeeper",
        venv + "pip install -e '.[test]' && pytest",
    ]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip().splitlines()
    assert ci[-1] == readme[1]


def test_every_catalog_and_help_page_ships_as_package_data() -> None:
    import fnmatch

    globs = SETUPTOOLS["package-data"]["tui.language"]
    base = ROOT / "tui" / "language"
    shipped = [p for p in (base / "locale").rglob("*") if p.suffix in (".po", ".txt")]
    assert any(p.suffix == ".po" for p in shipped)
    unshipped = [
        str(p.relative_to(base))
        for p in shipped
        if not any(fnmatch.fnmatch(str(p.relative_to(base)), g) for g in globs)
    ]
    assert unshipped == []
    # the template and compiled catalogs are made by pybabel, never shipped
    assert not [g for g in globs if g.endswith((".pot", ".mo"))]
