"""Recaps of generated sessions, compared with the Markdown a GM would expect."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from tests.session.conftest import age_campaign, brp_campaign, make_table
from tui.language import set_language
from tui.session.campaign.log import LogEntry
from tui.session.recap import RecapOptions, recap
from tui.session.recap.select import parse_words
from tui.session.systems.registry import tracker
from tui.session.table.table import Table

LINES = [
    "/scene Cellar",
    "alice spot hidden",
    "boris listen",
    "boulder crush",
    "alice spot hidden vs boulder crush",
    "/hp alice -3",
    "/endscene Boulder smashed the door",
    "/scene Attic",
    "alice stealth",
    "/undo",
    "!boris listen",
    "boris listen",
]
#: spot 03 critical · listen 80 failure · crush 10 · opposed 40 vs 75 · stealth 20 (undone)
#: · secret listen 30 · listen 00 fumble
FACES = (3, 80, 10, 40, 75, 20, 30, 100)


def session() -> Table:
    campaign = brp_campaign()
    boulder = replace(campaign.character("Boulder"), gm_only=True).with_skill("Crush", 70)
    t = make_table(campaign.with_character(boulder), faces=FACES)
    for line in LINES:
        assert t.submit(line).ok, line
    return t


def of(t: Table, options: RecapOptions | None = None) -> str:
    return recap(t.system, t.campaign, lambda: iter(t.session.log), options)


NOTE = (
    "Each roll counts with its exact chance of success when it was made. The percentile "
    "is the share of equally likely tables that would have rolled fewer successes (ties "
    "count half): at 50%, luck is average."
)

# Alice: one counted roll, 3/5, a success → P(X<1) + P(X=1)/2 = 2/5 + 3/10 = 70%; her roll
# against the hidden Boulder is retold without its odds. Boris: two rolls of 1/2, no
# success → 1/4 / 2 = 12.5%. Together: P(0) = 1/10, P(1) = 7/20 → 1/10 + 7/40 = 27.5%.
PLAYERS = f"""# Recap: The Whispering House

*Basic Roleplaying · 2024-01-01*

## Scenes

### 1. Cellar

Unknown A smashed the door (1 round)

Notable rolls:

- Alice Moore · Spot Hidden 60%: 03 → critical success

### 2. Attic

1 round, still running

Notable rolls:

- Boris Ivanov · Listen 50%: 00 → fumble

## Resources

- Alice Moore: HP 11 → 8

## Dice

| Who | Rolls | Successes | Expected | Percentile | Luck |
|---|---:|---:|---:|---:|---|
| Alice Moore | 1 | 1 | 0.6 | 70.0% | as expected |
| Boris Ivanov | 2 | 0 | 1.0 | 12.5% | as expected |
| All (Basic Roleplaying) | 3 | 1 | 1.6 | 27.5% | as expected |

{NOTE}
"""


def test_the_players_recap_of_a_session() -> None:
    assert of(session()) == PLAYERS


def test_the_gm_copy_keeps_everything() -> None:
    text = of(session(), RecapOptions(gm=True))
    assert "*Basic Roleplaying · 2024-01-01 · GM copy*" in text
    assert "Boulder smashed the door (1 round)" in text
    # Alice 3/5 and 309/1250 (the opposed roll in three tiers: a critical is a special, so
    # both at the top tier is no winner), both won: P(2) = 927/6250 → 1 - 927/12500 = 92.584%
    assert "| Alice Moore | 2 | 2 | 0.8 | 92.6% | lucky |" in text
    # Boris 1/2 three times (the secret roll counts for the GM), one success: 1/8 + 3/16
    assert "| Boris Ivanov | 3 | 1 | 1.5 | 31.2% | as expected |" in text
    # Boulder 7/10, won: 3/10 + 7/20
    assert "| Boulder | 1 | 1 | 0.7 | 65.0% | as expected |" in text


def test_the_players_recap_never_names_a_gm_only_character() -> None:
    t = session()
    assert "Boulder" in of(t, RecapOptions(gm=True))
    for options in (None, RecapOptions(scene="Cellar"), RecapOptions(adventure=1)):
        assert "boulder" not in of(t, options).casefold()


def test_filters_by_scene_day_and_adventure() -> None:
    t = session()
    cellar = of(t, RecapOptions(scene="cellar"))
    assert "### 1. Cellar" in cellar and "Attic" not in cellar
    assert "| Boris Ivanov | 1 | 0 | 0.5 | 25.0% | as expected |" in cellar
    assert "Nothing to recap" in of(t, RecapOptions(since=date(2024, 1, 2)))
    assert of(t, RecapOptions(since=date(2024, 1, 1))) == PLAYERS
    assert "Nothing to recap" in of(t, RecapOptions(adventure=2))
    with pytest.raises(ValueError, match=r"no scene called 'Crypt' \(scenes: Cellar, Attic\)"):
        of(t, RecapOptions(scene="Crypt"))


def test_a_hidden_scene_name_is_not_offered_in_an_error() -> None:
    t = make_table(
        replace(
            brp_campaign(),
            characters=tuple(
                replace(c, gm_only=c.name == "Boulder") for c in brp_campaign().characters
            ),
        )
    )
    assert t.submit("/scene Boulder den").ok
    with pytest.raises(ValueError) as err:
        of(t, RecapOptions(scene="Crypt"))
    assert "Boulder" not in str(err.value) and "Unknown A den" in str(err.value)


def test_markdown_in_names_and_control_characters_cannot_change_the_document() -> None:
    campaign = brp_campaign()
    t = make_table(replace(campaign, name="*Bold* | [x](y) \x1b[2J"), faces=(1,))
    assert t.submit("/scene # Heading").ok
    assert t.submit("alice spot hidden").ok
    text = of(t)
    assert text.startswith("# Recap: \\*Bold\\* \\| \\[x\\](y) ␛\\[2J\n")
    assert "### 1. \\# Heading" in text
    assert "\x1b" not in text


def test_extended_checks_experience_and_notable_stunts() -> None:
    log = [
        LogEntry(
            1,
            "2024-02-03T20:00:00+00:00",
            "roll",
            "Naomi picks the lock: success",
            actor="Naomi",
            grade="success",
            inputs={"stunts": 3},
            adventure=1,
        ),
        LogEntry(
            2,
            "2024-02-03T20:01:00+00:00",
            "change",
            "end of adventure 1",
            inputs={
                "rolls": [
                    {
                        "character": "Alice Moore",
                        "skill": "Spot Hidden",
                        "skill_before": 60,
                        "gain": 4,
                    },
                    {"character": "Alice Moore", "skill": "Stealth", "skill_before": 40, "gain": 0},
                ]
            },
            adventure=1,
        ),
    ]
    text = recap(tracker("brp"), brp_campaign(), lambda: iter(log))
    assert "### Outside any scene" in text
    assert "- Naomi picks the lock: success (3 stunt points)" in text
    assert "## Experience\n\n- Alice Moore · Spot Hidden: 60 → 64 (+4)\n\n" in text
    assert "Stealth" not in text  # no gain, nothing to tell


def test_the_apps_words_for_a_recap() -> None:
    assert parse_words(
        ["gm", "adventure=2", "since=2024-05-03", "scene=The", "Old", "Mill"]
    ) == RecapOptions(2, date(2024, 5, 3), "The Old Mill", True)
    for bad in (["adventure=x"], ["since=May"], ["loud"], ["scene="]):
        with pytest.raises(ValueError):
            parse_words(bad)


def test_resource_changes_run_from_the_first_value_to_the_last() -> None:
    t = make_table(brp_campaign(), faces=())
    for line in (
        "/hp alice max=11",
        "/hp alice -3",
        "/hp alice +10",
        "/hp alice -2",
        "/hp boris -1",
        "/hp boris +1",
        "/hp alice pp -4",
        "/undo",
    ):
        assert t.submit(line).ok, line
    text = of(t)
    # Alice: 11 → 8 → 11 (healing stops at the maximum) → 9; Boris back where he began; the
    # PP change was undone
    assert "## Resources\n\n- Alice Moore: HP 11 → 9\n\n" in text
    assert "Boris" not in text.split("## Dice")[0] and "PP" not in text


def test_a_russian_recap_names_the_system_and_the_consequence_in_russian() -> None:
    t = make_table(age_campaign())
    assert t.submit('/ext infiltrate threshold=15 time=30m tn=11 minor="noise; tn+2"').ok
    assert t.submit("bobbie seeing ext=infiltrate = 1 1 1").ok  # a failure: the minor level
    set_language("ru")
    try:
        text = of(t)
    finally:
        set_language("en")
    assert "*Пространство (AGE)" in text
    assert "  - последствия: незначительные — noise" in text, text
