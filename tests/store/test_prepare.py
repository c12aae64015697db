"""A change made ready before it is made (``Store.prepare``): recording it then writes exactly
what recording it afresh writes, without making its patch again; anything else recorded
first, or another change, drops what was made ready."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tui.session.campaign.model import Campaign
from tui.store import Store, load
from tui.store import store as store_module

from .helpers import entry, small_campaign


def _changed(campaign: Campaign, hp: int) -> Campaign:
    alice = campaign.characters[0]
    return campaign.with_character(replace(alice, resources={**alice.resources, "HP": hp}))


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    made: list[int] = []
    from tui.store.patch import patch_and_back as real

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        made.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(store_module, "patch_and_back", counted)
    return made


def test_a_prepared_change_is_recorded_as_it_would_be_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = _counting(monkeypatch)
    logs = []
    for ready in (False, True):
        save = tmp_path / f"{ready}.toml"
        store = Store.create(save, small_campaign())
        before = store.campaign
        after = _changed(before, 7)
        if ready:
            store.prepare(before, after)
        made.clear()
        store.record(after, [entry(1)])
        assert made == ([] if ready else [1])
        store.record(_changed(after, 3), [entry(2)])  # the next change: made as usual
        assert made[-1:] == [1]
        store.close()
        logs.append(store.log_path.read_bytes())
        assert load(save)[0] == _changed(after, 3)
    assert logs[0] == logs[1]


def test_what_was_made_ready_for_another_change_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = _counting(monkeypatch)
    store = Store.create(tmp_path / "c.toml", small_campaign())
    before = store.campaign
    store.prepare(before, _changed(before, 7))
    made.clear()
    store.record(_changed(before, 9), [entry(1)])  # another change than the one made ready
    assert made == [1]
    # made ready, then a note recorded first: the store keeps what it made ready for the
    # very next record only
    after = _changed(store.campaign, 4)
    store.prepare(store.campaign, after)
    store.append_log([entry(2)])
    made.clear()
    store.record(after, [entry(3)])
    assert made == [1]  # the note dropped it: made again
    store.close()
    assert load(tmp_path / "c.toml")[0] == after
