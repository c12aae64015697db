"""The GM's app and the players' answers: ``/ask`` shows in the scene panel, an answer in the
inbox is run as the typed roll line and logged, the request closes, and undo takes it back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.tui.conftest import log_text, rng, screen_text, type_line
from tests.waits import until
from tui.app.app import TablekeeperApp
from tui.cli.player_pages import PlayerPages
from tui.session.asks.requests import open_asks
from tui.store.inbox import Inbox


async def test_an_answer_from_the_inbox_is_run_logged_and_undoable(
    demo_copy: Callable[[str], Path], user_dirs: Path
) -> None:
    save = demo_copy("brp")
    app = TablekeeperApp(save, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "/ask alice spot hidden hard")
        assert app.table is not None
        (request,) = open_asks(app.table.campaign)
        panel = screen_text(pilot, "#scene")
        assert f"asked: {request.id} Alice Moore Spot Hidden hard" in panel, panel
        answers = app.answers
        assert answers is not None
        await until(pilot, lambda: answers.inbox.following, "the app follows the inbox")
        pages = PlayerPages(save)  # the server, following the GM's files read-only
        try:
            assert pages.take("Alice Moore", request.id, "34") is None
            assert pages.take("Alice Moore", request.id, "35") is not None  # taken already
        finally:
            pages.close()
        await until(pilot, lambda: "34 → failure" in log_text(pilot), "the answered roll")
        assert "entered by the player" in log_text(pilot)
        assert open_asks(app.table.campaign) == ()
        assert "asked:" not in screen_text(pilot, "#scene")
        inbox = Inbox.of(str(app.files.store.campaign_id if app.files.store else ""))
        assert not inbox.waiting(request.id)
        entry = app.table.session.log[-1]
        assert entry.inputs["asked"] == {"id": request.id, "who": "Alice Moore", "by": "entered"}
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert open_asks(app.table.campaign) == (request,)
        assert "asked:" in screen_text(pilot, "#scene")


async def test_the_server_says_503_until_the_app_follows_and_once_it_quit(
    demo_copy: Callable[[str], Path], user_dirs: Path
) -> None:
    save = demo_copy("brp")
    app = TablekeeperApp(save, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "/ask boris listen")
        assert app.table is not None and app.answers is not None
        (request,) = open_asks(app.table.campaign)
        answers = app.answers
        await until(pilot, lambda: answers.inbox.following, "the app follows the inbox")
        await pilot.press("ctrl+q")
    pages = PlayerPages(save)
    try:
        refused = pages.take("Boris Ivanov", request.id, "10")
        assert refused is not None and refused.status == 503
    finally:
        pages.close()


async def test_links_shows_each_characters_page_or_how_to_start_the_server(
    demo_copy: Callable[[str], Path], user_dirs: Path
) -> None:
    from tui.store.links import Links

    save = demo_copy("brp")
    app = TablekeeperApp(save, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "/links")
        await pilot.pause()
        shown = screen_text(pilot, "#links-text")
        assert "tablekeeper serve brp.toml" in shown, shown
        await pilot.press("escape")
        store = app.files.store
        assert store is not None and store.campaign_id is not None
        links = Links(store.campaign_id)  # what a running server keeps
        tokens = links.tokens(["Alice Moore", "Boris Ivanov"])
        links.set_base("http://127.0.0.1:8123")
        assert links.hold_serving()
        try:
            await type_line(pilot, "/links")
            await pilot.pause()
            shown = screen_text(pilot, "#links-text")
        finally:
            links.release_serving()
        for name, token in tokens.items():
            assert name in shown and f"http://127.0.0.1:8123/p/{token}" in shown, shown
