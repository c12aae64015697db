"""Run by ``.ci/run`` with the python of a fresh venv holding only the built wheel.

Drives the installed app headless (Textual's ``run_test``) as a new user would: the picker
lists the five demos and says the saves live in the per-user data folder; choosing a demo
makes a copy there. Exits non-zero with a message on the first thing that is wrong.
"""

from __future__ import annotations

import asyncio
import os
import sys
import sysconfig
from pathlib import Path


def fail(message: str) -> None:
    print(f"wheel check: FAILED: {message}", file=sys.stderr)
    raise SystemExit(1)


async def drive() -> None:
    import tui
    from tui.app.app import TablekeeperApp
    from tui.base.locations import shown, source_checkout
    from tui.store import demo_paths

    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    if not Path(tui.__file__).resolve().is_relative_to(site):
        fail(f"tui was imported from {tui.__file__}, not from the wheel in {site}")
    if source_checkout() is not None:
        fail("an installed wheel took itself for a source checkout")
    demos = demo_paths()
    if len(demos) != 5 or not all(
        p.resolve().is_relative_to(site / "tui" / "demos") for p in demos
    ):
        fail(f"expected the five demos as package data in {site}, found {demos}")
    saves = Path(os.environ["XDG_DATA_HOME"]) / "tablekeeper" / "saves"
    app = TablekeeperApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = [str(o.prompt) for o in app.screen.query_one("#picker-list").options]
        listed = [r for r in rows if r.startswith("Demo: ")]
        if len(listed) != 5:
            fail(f"the picker lists {len(listed)} demos: {rows}")
        folder = str(app.screen.query_one("#picker-folder").render())
        if folder != f"Saves in {shown(saves)}":
            fail(f"the picker says {folder!r}, expected the per-user data folder {saves}")
        app.screen.query_one("#picker-list").highlighted = rows.index(
            next(r for r in rows if "demo-brp.toml" in r)
        )
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # keep the suggested name: "… (copy)"
        await pilot.pause()
        if type(app.screen).__name__ != "MainScreen":
            fail(f"choosing a demo did not open a campaign (on {type(app.screen).__name__})")
        app.flush()
    made = sorted(p.name for p in saves.iterdir()) if saves.is_dir() else []
    if "The Whispering House (copy).toml" not in made:
        fail(f"the new campaign is not in {saves}: found {made}")
    print(f"wheel check: picker lists 5 demos; a new campaign landed in {saves}")


if __name__ == "__main__":
    asyncio.run(drive())
