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
    # an SPDX expression, as PEP 639 and setuptools from 2027 accept it, and no classifier
    assert PYPROJECT["project"]["license"] == "MIT"
    assert PYPROJECT["project"]["license-files"] == ["LICENSE"]
    assert not [c for c in PYPROJECT["project"]["classifiers"] if c.startswith("License ::")]


def test_the_build_requirement_is_bounded() -> None:
    from packaging.requirements import Requirement

    (requirement,) = [Requirement(r) for r in PYPROJECT["build-system"]["requires"]]
    assert requirement.name == "setuptools"
    bounds = {spec.operator for spec in requirement.specifier}
    assert bounds == {">=", "<"}, requirement  # SPDX licence needs 77; a new major is tried in CI
    assert requirement.specifier.contains("77.0.3") and not requirement.specifier.contains("76.1")


def test_every_imported_package_is_declared() -> None:
    """A third-party module imported by rules/ or tui/ (at the top or in a function) belongs
    to a distribution named in the dependencies, not one that happens to come along."""
    import ast
    import sys
    from importlib.metadata import packages_distributions

    from packaging.requirements import Requirement

    declared = {
        Requirement(r).name.lower().replace("_", "-") for r in PYPROJECT["project"]["dependencies"]
    }
    imported: dict[str, str] = {}
    for top in ("rules", "tui"):
        for path in (ROOT / top).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    imported.setdefault(name.split(".")[0], str(path.relative_to(ROOT)))
    third_party = {
        name: where
        for name, where in imported.items()
        if name not in sys.stdlib_module_names and name not in ("rules", "tui", "__future__")
    }
    assert "aiohttp" in third_party and "textual" in third_party  # the walk sees them
    owners = packages_distributions()
    undeclared = {
        name: where
        for name, where in third_party.items()
        if not {d.lower().replace("_", "-") for d in owners.get(name, [name])} & declared
    }
    assert undeclared == {}


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
