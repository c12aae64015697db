"""A GM-only name in any spelling the roll entry forgives never reaches the players' view."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign, Character, Condition, ExtendedCheck, Scene
from tui.session.campaign.name_forms import name_key, nfkc
from tui.session.campaign.transliteration import romanise
from tui.session.players import players
from tui.session.recap.build import recap
from tui.session.systems.registry import tracker

BRP = tracker("brp")
HIDDEN = ("Ог'лай", "Baron Velacourt", "Фёдор Ёлкин", "Даймитрий")
VISIBLE = ("Кирма", "Alice Moore")
#: what may stand between a name's parts (its space or apostrophe)
GLUE = (
    " ",
    "  ",
    "\u00a0",
    "\u2009",
    "-",
    "\u2011",
    "\u2013",
    "'",
    "\u2019",
    "\u02bc",
    "",
    "\u200b",
)


@st.composite
def spelling(draw: st.DrawFn) -> tuple[str, str]:
    """A GM-only name and one way a GM might write it in a public text."""
    name = draw(st.sampled_from(HIDDEN))
    script = draw(st.sampled_from(("as is", "latin", "latin2")))
    text = {"as is": name, "latin": romanise(name), "latin2": romanise(name, alternate=True)}[
        script
    ]
    parts = text.replace("'", " ").split()
    glue = [draw(st.sampled_from(GLUE)) for _ in parts[1:]]
    text = parts[0] + "".join(g + p for g, p in zip(glue, parts[1:], strict=True))
    case = draw(st.sampled_from(("as is", "upper", "lower", "title")))
    text = {"as is": text, "upper": text.upper(), "lower": text.lower(), "title": text.title()}[
        case
    ]
    if len(name_key(name)) >= 6 and draw(st.booleans()):
        text = draw(typo(text))
    return name, text


@st.composite
def typo(draw: st.DrawFn, text: str) -> str:
    """``text`` with one letter changed, dropped, doubled or swapped (never the first)."""
    at = draw(st.sampled_from([i for i in range(1, len(text) - 1) if text[i].isalpha()]))
    how = draw(st.sampled_from(("change", "drop", "double", "swap")))
    if how == "change":
        return text[:at] + ("x" if text[at].lower() != "x" else "q") + text[at + 1 :]
    if how == "drop":
        return text[:at] + text[at + 1 :]
    if how == "double":
        return text[:at] + text[at] + text[at:]
    return text[:at] + text[at + 1] + text[at] + text[at + 2 :]


def campaign(public: str) -> Campaign:
    hidden = tuple(Character(n, side="npc", gm_only=True) for n in HIDDEN)
    party = tuple(Character(n, skills={"Spot Hidden": 50}) for n in VISIBLE)
    return Campaign(
        "c",
        "brp",
        characters=(*party, *hidden),
        scene=Scene(f"Засада: {public}", turn_order=VISIBLE),
        checks=(ExtendedCheck(f"Find {public}", tn=11, threshold=5, time_budget=60),),
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spelling(), st.sampled_from(("", "'s", "у", "а", "ем")))
def test_no_spelling_of_a_hidden_name_reaches_the_players(
    named: tuple[str, str], ending: str
) -> None:
    _name, written = named
    said = f"{written}{ending}"
    entries = [
        LogEntry(seq=1, time="t", kind="change", text=f"note: {said} watches the bridge"),
        LogEntry(seq=2, time="t", kind="change", text=f"meets {said} at dawn", actor="Alice Moore"),
    ]
    view, shown = players(tracker("brp"), campaign(said), entries)
    texts = [
        view.scene.name if view.scene else "",
        *(c.name for c in view.checks),
        *(e.text for e in shown),
    ]
    assert len(shown) == 1, shown  # the public entry stays, retold or not
    for text in texts:
        assert name_key(said) not in name_key(text), (said, text)
        assert nfkc(written) not in nfkc(text), (said, text)
    assert [c.name for c in view.characters] == list(VISIBLE)  # the party keeps its names
    assert "Unknown" in view.scene.name  # type: ignore[union-attr]


def test_a_visible_name_is_not_a_hidden_ones_ending_or_typo() -> None:
    """ "Ivanov" is a party member, not "Ivan" with an ending; "Velacort" is not "Velacourt"
    when a visible character bears it."""
    cast = (
        Character("Ivan", gm_only=True),
        Character("Ivanov"),
        Character("Velacourt", gm_only=True),
        Character("Velacort"),
    )
    view, _ = players(
        BRP, Campaign("c", "brp", characters=cast, scene=Scene("Ivanov and Velacort")), ()
    )
    assert view.scene is not None and view.scene.name == "Ivanov and Velacort"
    view, _ = players(
        BRP, Campaign("c", "brp", characters=cast, scene=Scene("Ivan's Velacourta")), ()
    )
    assert view.scene is not None and "Iv" not in view.scene.name and "Vel" not in view.scene.name


def test_everyday_words_near_a_short_name_stay() -> None:
    """A typo is forgiven from five letters on: "Pike" does not hide "like" or "pile"."""
    cast = (Character("Pike", gm_only=True), Character("Кирма"))
    view, _ = players(
        BRP, Campaign("c", "brp", characters=cast, scene=Scene("I like the pile")), ()
    )
    assert view.scene is not None and view.scene.name == "I like the pile"


#: One GM-only name per spelling class of issue 31, as a GM writes it in a public text.
#: Each of these reached the players' view before the shared matcher.
CLASSES = {
    "curly apostrophe": ("Ог'лай", "Ог’лай"),
    "modifier apostrophe": ("Ог'лай", "Огʼлай"),
    "curly apostrophe and an ending": ("Ог'лай", "Ог’лая"),
    "full-width letters (NFKC)": ("Baron Valacort", "Ｂａｒｏｎ Valacort"),
    "two spaces": ("Baron Valacort", "Baron  Valacort"),
    "non-breaking space": ("Baron Valacort", "Baron\u00a0Valacort"),
    "zero-width space": ("Baron Valacort", "Baron\u200bValacort"),
    "hyphen for a space": ("Baron Valacort", "Baron-Valacort"),
    "dash for a space": ("Baron Valacort", "Baron\u2013Valacort"),
    "latin transliteration": ("Ог'лай", "Oglai"),
    "latin, upper case": ("Ог'лай", "OGLAY"),
    "latin, second romanisation": ("Даймитрий", "Daimitrii"),
    "one-letter typo": ("Baron Valacort", "Baron Velacort"),
    "a typo in a five-letter name, as the entry forgives it": ("Ог'лай", "Огллай"),
    "swapped letters": ("Baron Valacort", "Baron Valcaort"),
    "typo and a Russian ending": ("Даймитрий", "Даймитрея"),
}


@pytest.mark.parametrize(("name", "written"), CLASSES.values(), ids=CLASSES.keys())
def test_each_spelling_class_is_hidden_everywhere(name: str, written: str) -> None:
    alice = Character("Alice Moore", extra={"rumour": f"{written} is near"})
    hidden = Character(name, side="npc", gm_only=True)
    gm = Campaign(
        "c",
        "brp",
        characters=(alice, hidden),
        scene=Scene(f"Ambush by {written}", turn_order=("Alice Moore", name)),
        checks=(ExtendedCheck(f"Track {written}", tn=11, threshold=5, time_budget=60),),
    )
    said = f"Alice Moore meets {written}"
    entries = [LogEntry(seq=1, time="t", kind="change", text=said, actor="Alice Moore")]
    view, shown = players(BRP, gm, entries)
    everything = repr(view) + repr(shown)
    core = written.split()[-1][:4]  # a piece of the name as written
    assert core not in everything and nfkc(written) not in everything, everything
    assert view.scene is not None and view.scene.name == "Ambush by Unknown A"
    assert view.checks[0].name == "Track Unknown A"
    assert view.characters[0].extra["rumour"] == "Unknown A is near"
    assert [e.text for e in shown] == ["Alice Moore: something involving Unknown A"]


#: GM-only characters of the second property: Latin and Cyrillic names, and an alias
MARKED = {"Mordecai": (), "Зорин": (), "Grashnak": ("Orc",)}
#: combining marks a GM's keyboard or a copied text may put over a Latin letter
MARKS = ("\u0300", "\u0301", "\u0302", "\u0303", "\u0308", "\u030a", "\u030c", "\u0327")
#: what a name or alias may carry after it: English plurals and possessives, Russian cases
ENGLISH = ("", "s", "'s", "’s")
RUSSIAN = ("", "а", "у", "ом", "ов", "е", "ам", "ами", "ах", "ы")


@st.composite
def marked(draw: st.DrawFn) -> tuple[str, str]:
    """A GM-only name or alias, and one way a text may write it: in either script, in any
    case, with combining marks over any of its Latin letters (one, two, all of them — NFC
    or decomposed) or a stress mark over a Russian vowel, and a plural or case ending."""
    target = draw(st.sampled_from(["Mordecai", "Зорин", "Orc"]))
    text = draw(st.sampled_from((target, romanise(target), {"Orc": "Орк"}.get(target, target))))
    out = []
    for ch in text:
        out.append(ch)
        if "a" <= ch.lower() <= "z" and draw(st.booleans()):
            out.append(draw(st.sampled_from(MARKS)))
        elif ch in "аоуеи" and draw(st.integers(0, 4)) == 0:
            out.append("\u0301")  # a stress mark
    text = "".join(out)
    text = draw(st.sampled_from((text, text.upper(), text.lower(), text.title())))
    if draw(st.booleans()):
        text = nfkc(text)  # composed where Unicode has the letter, decomposed otherwise
    cyrillic = any("а" <= ch.lower() <= "я" for ch in text)
    return target, text + draw(st.sampled_from(RUSSIAN if cyrillic else ENGLISH))


def _public(said: str) -> tuple[Campaign, list[LogEntry]]:
    hidden = tuple(
        Character(n, side="npc", gm_only=True, extra={"aliases": list(a)} if a else {})
        for n, a in MARKED.items()
    )
    party = (
        Character("Alice Moore", conditions=(Condition(f"{said}'s curse"),)),
        Character("Boris Ivanov"),
    )
    gm = Campaign(
        "c",
        "brp",
        characters=(*party, *hidden),
        scene=Scene(f"Lair of {said}", turn_order=("Alice Moore", "Boris Ivanov")),
        checks=(ExtendedCheck(f"Track {said}", tn=11, threshold=5, time_budget=60),),
    )
    entries = [
        LogEntry(seq=1, time="t", kind="note", text=f"{said} here"),
        LogEntry(seq=2, time="t", kind="scene", text=f"scene ended: {said} escaped"),
        LogEntry(seq=3, time="t", kind="change", text=f"meets {said}", actor="Alice Moore"),
    ]
    return gm, entries


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(marked())
def test_no_spelling_with_marks_endings_or_an_alias_reaches_any_players_surface(
    written: tuple[str, str],
) -> None:
    """Issue 47: two diacritics ("Mördecaï", "Zörín") and an alias's plural or Russian form
    ("Orcs", "Орка") reached the players' view, a phone page and the recap."""
    target, said = written
    gm, entries = _public(said)
    view, shown = players(BRP, gm, entries)
    texts = [
        view.scene.name if view.scene else "",
        *(c.name for c in view.checks),
        *(c.name for ch in view.characters for c in ch.conditions),
        *(e.text for e in shown),
        recap(BRP, gm, lambda: iter(entries)),
    ]
    key = name_key(target)
    for text in texts:
        assert key not in name_key(text), (said, text)
        assert nfkc(said) not in nfkc(text), (said, text)
    assert [c.name for c in view.characters] == ["Alice Moore", "Boris Ivanov"]
    assert view.scene is not None and "Unknown" in view.scene.name


@pytest.mark.parametrize(
    "said", ["Mördecaï", "Zörín", "Mörd\u0308ecaï", "Зо\u0301рин", "Orcs", "Орка", "Орков", "ORC's"]
)
def test_the_issues_spellings_are_hidden(said: str) -> None:
    gm, entries = _public(said)
    view, shown = players(BRP, gm, entries)
    assert view.scene is not None and view.scene.name.startswith("Lair of Unknown A")
    assert shown[0].text.startswith("Unknown A")


def test_everyday_words_near_a_short_alias_stay() -> None:
    """ "Orc" hides "Orcs" and "Орка", never "force", "orchard" or "Orcish"."""
    cast = (Character("Grashnak", gm_only=True, extra={"aliases": ["Orc"]}), Character("Alice"))
    text = "force the orchard, speak Orcish"
    view, _ = players(BRP, Campaign("c", "brp", characters=cast, scene=Scene(text)), ())
    assert view.scene is not None and view.scene.name == text
