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
