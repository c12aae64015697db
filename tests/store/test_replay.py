"""The log carries every change: a save that was never checkpointed still opens up to date.

Each recorded change appends its patch; opening applies the patches after the save's
``checkpoint``. These tests check the patches themselves (any change of any part of a
campaign round-trips) and the replay on open (what the old design lost when the process
died between showing a change and saving it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.store.helpers import Bump, counter, small_campaign
from tui.session.campaign import schema
from tui.session.campaign.model import Campaign, Character, Condition, ExtendedCheck, Scene
from tui.session.campaign.session import Draft, Outcome, Session
from tui.store import Store, load, log_path, read_campaign, read_log
from tui.store.patch import DocCache, apply_patch, make_patch, patch_and_back

names = st.text(alphabet="abcdefgh АБВ'\"[]\\", min_size=1, max_size=6).map(str.strip).filter(bool)
values = st.integers(-50, 50) | st.text(max_size=5)


durations = st.sampled_from(["", "rounds", "turns"])


@st.composite
def conditions(draw: Any) -> tuple[Condition, ...]:
    chosen = draw(st.lists(names, max_size=3, unique_by=str.casefold))
    out = []
    for name in chosen:
        unit = draw(durations)
        out.append(Condition(name, draw(st.integers(1, 9)) if unit else 0, unit))
    return tuple(out)


@st.composite
def characters(draw: Any) -> Character:
    resources = draw(st.dictionaries(names, st.integers(-5, 30), max_size=3))
    maxima = {k: draw(st.integers(0, 40)) for k in resources if draw(st.booleans())}
    return Character(
        name=draw(names),
        side=draw(st.sampled_from(["party", "npc"])),
        gm_only=draw(st.booleans()),
        attributes=draw(st.dictionaries(names, st.integers(0, 20), max_size=3)),
        skills=draw(st.dictionaries(names, st.integers(0, 99), max_size=4)),
        resources=resources,
        notes=draw(st.text(max_size=20)),
        extra=draw(st.dictionaries(names, values | st.lists(values, max_size=3), max_size=2)),
        maxima=maxima,
        conditions=draw(conditions()),
    )


@st.composite
def campaigns(draw: Any) -> Campaign:
    chars = draw(st.lists(characters(), max_size=5, unique_by=lambda c: c.name.casefold()))
    scene = draw(
        st.none()
        | st.builds(
            Scene,
            name=names,
            round=st.integers(1, 9),
            turn_order=st.lists(names, max_size=3).map(tuple),
            current=st.integers(0, 2),
            system=st.dictionaries(names, st.lists(st.integers(), max_size=3), max_size=2),
        )
    )
    history = draw(st.lists(st.dictionaries(names, values, max_size=2), max_size=3))
    checks = draw(
        st.lists(
            st.builds(
                ExtendedCheck,
                name=names,
                tn=st.integers(7, 21),
                threshold=st.integers(1, 20),
                time_budget=st.integers(1, 90),
                pool=st.integers(0, 20),
            ),
            max_size=2,
            unique_by=lambda c: c.name.casefold(),
        )
    )
    return Campaign(
        name=draw(names),
        system="brp",
        adventure=draw(st.integers(1, 5)),
        options=draw(st.dictionaries(names, values, max_size=2)),
        characters=tuple(chars),
        scene=scene,
        scene_history=tuple(history),
        checks=tuple(checks),
    )


def mutate(before: Campaign, after: Campaign, keep: list[bool]) -> Campaign:
    """A state sharing with ``before`` what ``keep`` says, and taking the rest from ``after``
    (as a real change shares untouched values with the state before it)."""
    fields = [f.name for f in dataclasses.fields(Campaign) if f.name != "system"]
    chosen = {f: getattr(before if k else after, f) for f, k in zip(fields, keep, strict=False)}
    chars = list(chosen["characters"])
    if chars and before.characters and keep[-1]:  # one character edited in place
        old = before.characters[0]
        chars = [
            dataclasses.replace(
                old,
                resources={**old.resources, "HP": 3},
                conditions=(*old.conditions[1:], Condition("Ω", 2, "turns"))
                if not old.condition("Ω")
                else (),
            ),
            *before.characters[1:],
        ]
        chosen["characters"] = tuple(chars)
    return dataclasses.replace(before, **chosen)


@settings(max_examples=150, deadline=None)
@given(campaigns(), campaigns(), st.lists(st.booleans(), min_size=9, max_size=9))
def test_any_change_round_trips_through_its_patch(
    a: Campaign, b: Campaign, keep: list[bool]
) -> None:
    after = mutate(a, b, keep)
    cache = DocCache()
    patch = make_patch(a, after, cache)
    assert apply_patch(a, patch) == after
    assert make_patch(after, after, cache) == {}
    back = make_patch(after, a, cache)  # undo is a change like any other
    assert apply_patch(after, back) == a


@settings(max_examples=150, deadline=None)
@given(campaigns(), campaigns(), st.lists(st.booleans(), min_size=9, max_size=9))
def test_patch_and_back_are_the_two_patches(a: Campaign, b: Campaign, keep: list[bool]) -> None:
    """Made together from one documents cache (as the store records a change), the patch and
    the way back are exactly :func:`make_patch` each way with fresh caches, and round-trip."""
    after = mutate(a, b, keep)
    cache = DocCache()
    make_patch(b, a, cache)  # the cache holds the documents of a state that came before
    patch, back = patch_and_back(a, after, cache)
    assert (patch, back) == (make_patch(a, after), make_patch(after, a))
    assert apply_patch(a, patch) == after and apply_patch(after, back) == a
    assert patch_and_back(after, after, cache) == ({}, {})


def test_changing_every_character_copies_only_what_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An end of adventure changes 200 characters' skills: recording it makes each changed
    table's document once, for the patch and its way back together, and never copies a
    table the change did not touch (made one way and then the other, the old code copied
    every table of all 200 characters again)."""
    party = tuple(
        Character(
            f"C{i}",
            attributes={"STR": 10, "DEX": 12},
            skills={f"s{k}": k for k in range(40)},
            resources={"HP": 11},
            maxima={"HP": 11},
            ticks=("s1", "s2"),
        )
        for i in range(200)
    )
    before = Campaign("C", "brp", characters=party)
    cache = DocCache()
    make_patch(Campaign("C", "brp"), before, cache)  # the party's documents, as recorded
    after = dataclasses.replace(
        before,
        characters=tuple(
            dataclasses.replace(c, skills={**c.skills, "s1": 2}, ticks=()) for c in party
        ),
    )
    copied: list[object] = []
    made = schema.plain

    def counted(value: Any) -> Any:
        if isinstance(value, Mapping):
            copied.append(value)
        return made(value)

    monkeypatch.setattr(schema, "plain", counted)
    patch, back = patch_and_back(before, after, cache)
    assert [id(t) for t in copied] == [id(c.skills) for c in after.characters]
    assert apply_patch(after, back) == before and apply_patch(before, patch) == after


def test_an_untouched_character_is_not_in_the_patch() -> None:
    big = Character("Big", notes="x" * 100_000, skills={f"s{i}": i for i in range(40)})
    small = Character("Small", resources={"HP": 5})
    before = Campaign("C", "brp", characters=(big, small))
    after = before.with_character(small.with_resource("HP", 4))
    patch = make_patch(before, after)
    assert patch == {"characters": {"diff": {"Small": {"sub": {"resources": {"set": {"HP": 4}}}}}}}
    # and a change to the big one carries only the changed key, not its notes
    again = after.with_character(big.with_resource("HP", 9))
    assert "x" * 100 not in repr(make_patch(after, again))


def test_recorded_changes_open_without_a_checkpoint(tmp_path: Path) -> None:
    """The old save path lost a change shown on screen when the process died before the
    background save: now the log alone brings the save up to date."""
    save = tmp_path / "c.toml"
    store = Store.create(save, small_campaign())
    session = Session(store.campaign)
    session.subscribe(store.record)  # record only: no checkpoint ever written
    for _ in range(5):
        session.execute(Bump())
    assert counter(read_campaign(save)) == 0  # the save itself is the old checkpoint
    assert counter(load(save)[0]) == 5  # ... and the log brings it up to date
    store.close()
    with Store.open(save) as again:  # opening replays; the save is left to the autosaver
        assert counter(again.campaign) == 5
        assert again.unsaved and counter(read_campaign(save)) == 0
        assert again.log_since_checkpoint == log_path(save).stat().st_size
        again.flush()  # a checkpoint brings the save up to date
        assert not again.unsaved and again.log_since_checkpoint == 0
    assert counter(read_campaign(save)) == 5


def test_undo_and_redo_replay_too(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    store = Store.create(save, small_campaign())
    session = Session(store.campaign)
    session.subscribe(store.record)
    session.execute(Bump())
    session.execute(Bump())
    session.undo()
    assert counter(load(save)[0]) == 1
    session.redo()
    assert counter(load(save)[0]) == 2
    session.undo()
    session.undo()
    assert counter(load(save)[0]) == 0
    store.close()


def test_new_entries_continue_after_the_checkpoint(tmp_path: Path) -> None:
    """A log cut shorter than the save's checkpoint must not make new entries look old
    (they would be skipped on the next open)."""
    save = tmp_path / "c.toml"
    with Store.create(save, small_campaign()) as store:
        session = Session(store.campaign)
        session.subscribe(store.listener)
        for _ in range(3):
            session.execute(Bump())
    log_path(save).unlink()  # the GM deleted the log while the app was closed
    with Store.open(save) as store:
        session = Session(store.campaign, store.log, last_seq=store.log_count)
        session.subscribe(store.record)
        session.execute(Bump())
        assert session.log[-1].seq == 4
    assert counter(load(save)[0]) == 4


def test_rolls_that_change_nothing_carry_no_patch(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    with Store.create(save, small_campaign()) as store:
        session = Session(store.campaign)
        session.subscribe(store.record)

        class Roll:
            def apply(self, campaign: Campaign) -> Outcome:
                return Outcome(campaign, Draft("roll", "3d6: 11"))

        session.execute(Roll())
        session.execute(Bump())
    found = read_log(log_path(save), after=0)
    assert sorted(found.patches) == [2]
    assert "patch" not in log_path(save).read_text(encoding="utf-8").split("[[log]]")[1]


def test_the_documents_kept_stay_bounded_by_the_party_over_many_changes() -> None:
    """The tables of characters changed away are forgotten in bulk (once they are twice the
    party's), not looked for among all 1,200 tables of 200 characters at every change: many
    changes later the cache holds at most twice the party's tables, and a change still makes
    the documents of only what it changed."""
    party = tuple(
        Character(f"C{i}", skills={"s": i}, resources={"HP": 10}, attributes={"STR": 9})
        for i in range(20)
    )
    state = Campaign("C", "brp", characters=party)
    cache = DocCache()
    make_patch(Campaign("C", "brp"), state, cache)
    bound = 2 * len(schema.CHARACTER_TABLES) * len(party)
    for n in range(300):
        ch = state.characters[n % len(party)]
        after = state.with_character(ch.with_resource("HP", 100 + n))
        patch, back = patch_and_back(state, after, cache)
        assert patch == {
            "characters": {"diff": {ch.name: {"sub": {"resources": {"set": {"HP": 100 + n}}}}}}
        }
        assert apply_patch(after, back) == state
        state = after
        assert len(cache._tables) <= bound
