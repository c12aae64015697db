"""The Strange System's words at the table (seed 001): duels resolved with the previewed
modifiers, 4-4-4-4, danger classes, synergy in use, dice shifts, hard conditions, who rolled
what, carried goals and the logged /summary."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import product

from rules import strange as rules
from tests.session.conftest import assert_odds_shown, make_table, snapshot, strange_campaign
from tui.session.campaign.model import Campaign, Character
from tui.session.table.table import Table

DICE = list(product(range(1, 7), repeat=4))
#: 4d6 grouped by the dice shown (a result never depends on their order): 126 rows
ROLLS = Counter(tuple(sorted(d)) for d in DICE)
DALLAH, BALGRUF, KIRMA = "Сир Даллах", "ярл Балгруф", "Кирма"


def mounted_campaign() -> Campaign:
    """The demo's reading of the seed: Kirma's bow needs Riding Combat only in the saddle."""
    camp = strange_campaign(aliases=True)
    kirma = camp.character(KIRMA)
    extra = {
        **kirma.extra,
        "supports": {"Владение луком": {"skill": "Верховой бой", "when": "mounted"}},
    }
    deadly = Character(
        "Пещерный тролль", side="npc", attributes={"danger": 4}, extra={"aliases": ["troll"]}
    )
    camp = camp.with_character(replace(kirma, extra=extra))
    return replace(camp, characters=(*camp.characters, deadly))


def table(faces: tuple[int, ...] = ()) -> Table:
    return make_table(mounted_campaign(), faces=faces)


def enter(t: Table, line: str) -> str:
    pv = t.preview(line)
    assert pv.ok, pv.text
    return pv.text.split("\n  Enter → ")[1]


def duel_odds(
    span: tuple[int, int], a: tuple[int, rules.Rank, int, int], b: tuple[int, rules.Rank, int, int]
) -> list[tuple[str, Fraction]]:
    """Brute force over both sides' 4d6 with the rules' duel (each side's modifiers)."""
    wins: Counter[str | None] = Counter()
    for da, wa in ROLLS.items():
        for db, wb in ROLLS.items():
            wins[
                rules.duel(
                    da,
                    a[0],
                    a[1],
                    db,
                    b[0],
                    b[1],
                    span,
                    a_modifier=a[2],
                    b_modifier=b[2],
                    a_dice_modifier=a[3],
                    b_dice_modifier=b[3],
                )
            ] += wa * wb
    n = len(DICE) ** 2
    return [
        ("Кирма wins", Fraction(wins["a"], n)),
        ("Ог'лай wins", Fraction(wins["b"], n)),
        ("no winner", Fraction(wins[None], n)),
    ]


# -- duels ------------------------------------------------------------------------------------


def test_kirma_mounted_bow_duel_resolves_with_the_synergy_the_preview_shows() -> None:
    """Regression: the preview counted Kirma's −1 and the result dropped it."""
    t = table()
    line = "kirma bow mounted = 3 3 4 5 vs og danger = 3 3 4 5 range=4,5"
    pv = t.preview("kirma bow mounted vs og danger range=4,5")  # the dice still to roll
    assert "mod -1 (synergy -1: Верховой бой Skilled)" in pv.text
    prof, cls2 = 2, Fraction(5, 3)  # Kirma's Professional rank, Og'lai's danger class 2
    assert_odds_shown(pv.text, duel_odds((4, 5), (2, prof, -1, 0), (2, cls2, 0, 0)))
    # every die typed: the preview says what Enter resolves
    assert "Ог'лай wins 100%" in t.preview(line).text
    fb = t.submit(line)
    assert fb.ok and fb.message == enter(t, line)
    assert "(effective 1)" in fb.message and fb.message.endswith(": Ог'лай wins")
    assert t.session.log[-1].inputs["a_mod"] == -1
    # on foot (no 'mounted') the hits tie and Kirma's Professional rank beats class 2
    fb = t.submit("kirma bow = 3 3 4 5 vs og danger = 3 3 4 5 range=4,5")
    assert fb.ok and fb.message.endswith(": Кирма wins (by rank)"), fb.message


def test_duel_dice_shift_and_mod_on_each_side_are_the_previewed_ones() -> None:
    t = table()
    line = "kirma bow nosynergy mod=+1 = 3 3 4 5 vs og danger dice-1 = 3 3 4 5 range=4,5"
    pv = t.preview("kirma bow nosynergy mod=+1 vs og danger dice-1 range=4,5")
    assert "Кирма wins 100%" in t.preview(line).text
    assert_odds_shown(pv.text, duel_odds((4, 5), (2, 2, 1, 0), (2, Fraction(5, 3), 0, -1)))
    fb = t.submit(line)
    assert fb.ok and "3-3-4-5 -1 -> 2-2-3-4" in fb.message and "mod +1" in fb.message
    assert fb.message.endswith(": Кирма wins"), fb.message


def test_dallah_four_fours_wins_the_wrestling_unless_balgruf_rolls_them_too() -> None:
    t = table()
    fb = t.submit("dallah рукопашный = 4 4 4 4 vs балгруф атлетика = 5 5 6 6 range=3,6")
    assert fb.ok and fb.message.endswith(f": {DALLAH} wins (4-4-4-4)"), fb.message
    # both 4-4-4-4: back to effective hits (Skilled 4+1, Professional 4+2)
    fb = t.submit("dallah рукопашный = 4 4 4 4 vs балгруф атлетика = 4 4 4 4 range=3,6")
    assert fb.ok and "(effective 5)" in fb.message and "(effective 6)" in fb.message
    assert fb.message.endswith(f": {BALGRUF} wins"), fb.message


def test_deadly_class_4_troll_ties_with_master_kirma() -> None:
    t = table()
    fb = t.submit("troll danger = 4 5 1 1 vs kirma riding = 4 5 2 2 range=4,5")
    assert fb.ok and fb.message.endswith(": no winner"), fb.message
    assert "rank 3" in t.preview("troll danger vs kirma riding range=4,5").text


def test_a_duel_refuses_two_ranges_resistance_and_hard() -> None:
    t = table()
    before = snapshot(t)
    for line, words in {
        "dallah рукопашный range=3,6 vs балгруф атлетика range=2,6": "one range",
        "dallah рукопашный resist=3,6 vs балгруф атлетика": "no resistance range",
        "dallah рукопашный hard vs балгруф атлетика": "of their own",
    }.items():
        fb = t.submit(line)
        assert not fb.ok and words in fb.message, (line, fb.message)
    assert snapshot(t) == before


# -- synergy and mod= -----------------------------------------------------------------------


def test_kirma_mod_adds_to_synergy_instead_of_replacing_it() -> None:
    """The spec: −1 synergy and +1 situational → 0. Seed's dice 3-3-4-5 in 4–5, resist 3–4."""
    t = table()
    line = "kirma bow mounted mod=+1 range=4,5 resist=3,4 = 3 3 4 5"
    pv = t.preview(line)
    assert "mod +0 (synergy -1: Верховой бой Skilled, mod=+1)" in pv.text
    fb = t.submit(line)
    assert fb.ok and "hits 2/2" in fb.message and "partial success, impact 1" in fb.message
    assert t.session.log[-1].inputs["mod"] == 0 and t.session.log[-1].inputs["synergy"] == -1


def test_kirma_synergy_only_while_riding_combat_is_in_use() -> None:
    t = table()
    seed = "range=4,5 resist=3,4 = 3 3 4 5"
    on_foot = t.preview(f"kirma bow {seed}")
    assert "no synergy (Верховой бой not in use; add mounted)" in on_foot.text
    assert t.submit(f"kirma bow {seed}").message.startswith(
        "Кирма Владение луком: partial success, impact 1"
    )
    fb = t.submit(f"kirma bow mounted {seed}")
    assert "partial failure, impact 2" in fb.message  # the seed's two light wounds
    off = t.preview(f"kirma bow mounted nosynergy {seed}")
    assert "no synergy (Верховой бой: nosynergy)" in off.text
    bad = t.submit(f"dallah длин mounted {seed}")
    assert not bad.ok and "no supporting skill" in bad.message


# -- roll values, hard conditions -------------------------------------------------------------


def test_daimitry_dice_plus_one_shown_in_preview_and_log() -> None:
    t = table()
    line = "даймитрий взлом dice+1 range=1,4 = 2 2 4 6"
    pv = t.preview(line)
    assert "dice +1" in pv.text
    expected = Counter(rules.resolve(d, (1, 4), 3, dice_modifier=1).grade for d in DICE)
    assert_odds_shown(pv.text, [(g.label, Fraction(n, 1296)) for g, n in expected.items()])
    fb = t.submit(line)
    assert fb.ok and "2-2-4-6 +1 -> 3-3-5-6" in fb.message and "partial success" in fb.message
    entry = t.session.log[-1]
    assert entry.inputs["dice"] == [2, 2, 4, 6] and entry.inputs["dice_mod"] == 1
    fb = t.submit("даймитрий взлом dice+7 range=1,4 = 2 2 4 6")
    assert not fb.ok and "within 1..5" in fb.message


def test_kirma_under_hard_conditions_can_act_on_two_dice_in_range() -> None:
    t = table()
    pv = t.preview("kirma riding hard range=4,5 = 4 5 1 6")
    p = rules.can_act_odds(0, success_range=(4, 5))
    assert_odds_shown(pv.text, [("can act", p), ("cannot act", 1 - p)])
    fb = t.submit("kirma riding hard range=4,5 = 4 5 1 6")
    assert fb.ok and "2 of 4 in range → can act" in fb.message
    assert t.session.log[-1].inputs["can_act"] is True
    assert t.session.log[-1].effects == ("Кирма may act this round",)
    fb = t.submit("kirma riding hard range=4,5 = 4 1 2 6")
    assert fb.ok and "1 of 4 in range → cannot act" in fb.message
    assert t.session.log[-1].grade == "failure"
    refused = t.submit("kirma riding hard opposed")
    assert not refused.ok and "no resistance range" in refused.message


# -- who rolled what --------------------------------------------------------------------------


def test_the_log_says_which_dice_were_typed_and_which_rolled() -> None:
    t = table(faces=(1, 4))  # the app rolls the GM's range: 1–4
    fb = t.submit("даймитрий взлом = 2 2 4 6")
    assert fb.ok and fb.message.endswith("; dice typed, range rolled"), fb.message
    entry = t.session.log[-1]
    assert entry.inputs["sources"] == {"dice": "typed", "range": "rolled"}
    assert entry.inputs["source"] == "mixed"
    t = table(faces=(2, 4, 6, 6))  # Balgruf's dice rolled by the app
    fb = t.submit("dallah рукопашный = 1 6 5 5 vs балгруф атлетика range=3,6")
    assert fb.ok and "1-6-5-5 typed" in fb.message and "2-4-6-6 rolled" in fb.message
    assert "range 3–6 typed" in fb.message
    assert t.session.log[-1].inputs["sources"] == {
        DALLAH: "typed",
        BALGRUF: "rolled",
        "range": "typed",
    }


# -- rounds: goals and the summary --------------------------------------------------------


def _round(t: Table, dice: str) -> None:
    for line in (
        "/phase",
        "/act dallah рукопашный trip",
        f"dallah рукопашный range=3,6 = {dice}",
        "/phase",
        "/phase",
    ):
        fb = t.submit(line)
        assert fb.ok, (line, fb.message)


def test_dallah_goal_carries_over_and_goal_changes_it() -> None:
    t = table()
    assert t.submit("/scene Борьба limit=3").ok
    assert t.submit("/goal dallah throw Balgruf down").ok
    _round(t, "1 6 5 5")
    last = t.session.log[-1].text
    assert "goals carried over (Сир Даллах: throw Balgruf down)" in last
    from tui.session.systems.strange.rounds import rounds_of

    assert [g.text for g in rounds_of(t.campaign).goals] == ["throw Balgruf down"]
    assert t.submit("/goal dallah pin him").ok
    assert [(g.text, g.carried) for g in rounds_of(t.campaign).goals] == [("pin him", False)]
    assert t.submit("/phase").ok  # actions begin on the changed goal


def test_summary_lists_every_character_and_is_logged() -> None:
    t = table()
    assert t.submit("/scene Засада limit=4").ok
    assert t.submit("/goal party break through").ok
    lines = [
        "/phase",
        "dallah рукопашный range=3,6 = 1 6 5 5",
        "даймитрий взлом range=1,4 = 2 2 4 6",
        "kirma riding range=4,5 = 3 3 5 5",
        "балгруф атлетика range=3,6 = 2 4 6 6",
        "/phase",
    ]
    for line in lines:
        assert t.submit(line).ok, line
    fb = t.submit("/summary")
    assert fb.ok and fb.message == "summary of round 1"
    entry = t.session.log[-1]
    assert entry.text == "summary of round 1" and len(entry.effects) == 4
    assert entry.effects[0].startswith("Сир Даллах: 1 action, 1 success, 0 failures")
    assert entry.effects[3].startswith("ярл Балгруф: 1 action")


def test_oglai_danger_class_rank_is_saved_exactly() -> None:
    """A class-2 opponent's action keeps its rank 5/3 through the save (as the text "5/3")."""
    from tui.session.systems.strange.codec import dump, load
    from tui.session.systems.strange.rounds import rounds_of

    t = table()
    for line in (
        "/scene Мост",
        "/goal npc rob the caravan",
        "/phase",
        "og danger range=1,4 = 1 2 5 6",
    ):
        assert t.submit(line).ok, line
    rounds = rounds_of(t.campaign)
    assert rounds.actions[0].rank == Fraction(5, 3)
    doc = dump(rounds)
    assert doc["actions"][0]["rank"] == "5/3"
    assert load(doc) == rounds


def test_duel_odds_per_range_match_every_4d6_roll() -> None:
    """The duel preview counts each side's (effective hits, 4-4-4-4) per GM range without
    enumerating the 1,296 rolls; against the enumeration, for every range the GM can roll."""
    from tui.session.systems.strange.adapter import _effective

    spans = sorted({rules.range_from_dice(a, b) for a, b in product(range(1, 7), repeat=2)})
    for span in spans:
        for required, mod, shift in ((1, 0, 0), (2, -1, 1), (3, 2, -2), (2, -6, 5)):
            counts: Counter[tuple[int, bool]] = Counter()
            for dice in DICE:
                r = rules.resolve(dice, span, required, range_modifier=mod, dice_modifier=shift)
                counts[(r.effective_hits, r.absolute)] += 1
            expected = {k: Fraction(n, 1296) for k, n in counts.items()}
            assert _effective(span, required, mod, shift) == expected, (span, required, mod)


def test_duel_preview_with_the_range_still_to_roll_sums_to_one() -> None:
    t = table()
    pv = t.preview("kirma bow mounted vs og danger")
    assert pv.ok and "range rolled by the app" in pv.text
    assert sum(c.p for c in pv.odds) == 1


def test_a_reaction_duel_reuses_the_actions_dice_with_its_modifiers_and_previews_their_odds() -> (
    None
):
    """The issue's evening: Kirma's mounted shot (synergy −1) is pending, the orc skipped to
    react; ``kirma bow vs orc`` in REACTIONS must score her recorded 3-3-4-5 with the −1
    (range 4–5 → 4–4: effective 1), and the preview must give the odds of the orc's dice
    against those, not of a fresh roll for both."""
    t = table()
    for line in (
        "/scene Ambush active limit=2",
        "/goal kirma shoot the orc",
        "/phase",
        "/act kirma bow vs og",
        "kirma bow mounted range=4,5 = 3 3 4 5",
        "/skip og",
        "/phase",
    ):
        assert t.submit(line).ok, line
    pv = t.preview("kirma bow vs og")
    assert pv.ok and "mod -1 as rolled in #1" in pv.text, pv.text
    kirma = rules.resolve((3, 3, 4, 5), (4, 5), 2, range_modifier=-1)
    assert kirma.effective_hits == 1
    wins: Counter[str | None] = Counter()
    for dice in DICE:  # only the orc's dice are still to roll
        orc = rules.resolve(dice, (4, 5), 2)
        wins[
            rules.contest_winner(1, 2, orc.effective_hits, Fraction(5, 3), b_absolute=orc.absolute)
        ] += 1
    assert_odds_shown(
        pv.text,
        [
            ("Кирма wins", Fraction(wins["a"], len(DICE))),
            ("Ог'лай wins", Fraction(wins["b"], len(DICE))),
        ],
    )
    fb = t.submit("kirma bow vs og danger = 5 1 1 2")  # the orc: one hit, effective 1
    assert fb.ok, fb.message
    assert "3-3-4-5 from #1 mod -1 (effective 1)" in fb.message
    assert fb.message.endswith(": Кирма wins (by rank)"), fb.message
    _campaign, log = snapshot(t)
    assert "Ог'лай reacts to #1 with danger: partial failure, the action wins" in log[-1].effects
