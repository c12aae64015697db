"""The demo campaigns, installed as the package ``tui.demos`` (package data).

``pyproject.toml`` maps ``tui.demos`` onto this folder, so the demos stay in ``saves/`` in a
source checkout and ship inside the wheel; ``tui.store.demo_paths()`` finds them with
``importlib.resources``. This file makes the folder a regular package, which the editable
install's import hook needs. Only ``demo-*.toml`` is installed: a GM's own saves here stay out.
"""
