"""Log entries: every roll and every change, with its inputs, outcome and effects."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tui.language import N_, Msg, _, msg_from_doc
from tui.session.campaign.typenames import expected

__all__ = [
    "ODDS_LENGTH",
    "LogEntry",
    "entry_from_doc",
    "entry_to_doc",
    "odds_text",
    "parse_odds",
    "shown_effects",
    "shown_text",
]


@dataclass(frozen=True)
class LogEntry:
    """One line of the table's history.

    ``kind`` is ``roll``, ``change``, ``undo`` or ``redo``; ``grade`` is a short machine word
    the UI colours by (``critical``, ``special``, ``success``, ``partial``, ``failure``,
    ``fumble`` or ``""``); ``inputs`` records the dice as rolled or typed (``typed`` = true
    when the GM typed them); ``undoes`` is the ``seq`` an undo/redo entry refers to.

    Secrecy (the players' view, :mod:`tui.session.players`): ``secret`` marks an entry only
    the GM may see (a secret roll ``!…``, a ``/note``, the undo of either); ``hidden`` names
    the GM-only characters the entry involved when it was made, so it stays theirs after a
    rename, a removal or a later change of the flag.

    Where it happened and how likely it was (:mod:`tui.session.stats`): ``adventure`` is the
    campaign's adventure number and ``scene`` the running scene's place in the scene history
    (1 = the first scene ever started; ``0``: none, or an entry older than these fields);
    ``odds`` is the exact chance, as ``"p/q"``, that the roll succeeded for its actor, as
    the preview computed it before the dice fell ("" for anything but a roll with odds).

    One campaign, either language: ``text`` and ``effects`` are the English sentences (what
    older versions stored, what a search reads); ``msg`` and ``effect_msgs`` are the same as
    structured facts (:class:`~tui.language.Msg`: a message id, its names and numbers, its grade
    as a message of its own), rendered in the GM's language when shown
    (:func:`shown_text`). An entry without them (an older log) shows its text.
    """

    seq: int
    time: str
    kind: str
    text: str
    actor: str = ""
    grade: str = ""
    inputs: Mapping[str, Any] = field(default_factory=dict)
    effects: tuple[str, ...] = ()
    undoes: int = 0
    secret: bool = False
    hidden: tuple[str, ...] = ()
    adventure: int = 0
    scene: int = 0
    odds: str = ""
    msg: Msg | None = None
    effect_msgs: tuple[Msg, ...] = ()


#: The longest ``odds`` text a log may hold ("p/q" of two large numbers).
ODDS_LENGTH = 200


def shown_text(entry: LogEntry) -> str:
    """What the entry says, in the current language when it keeps its facts."""
    return entry.msg.render() if entry.msg is not None else entry.text


def shown_effects(entry: LogEntry) -> tuple[str, ...]:
    """Its effects, in the current language when each keeps its facts."""
    if len(entry.effect_msgs) == len(entry.effects) and entry.effect_msgs:
        return tuple(m.render() for m in entry.effect_msgs)
    return entry.effects


def entry_to_doc(entry: LogEntry) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "seq": entry.seq,
        "time": entry.time,
        "kind": entry.kind,
        "text": entry.text,
    }
    if entry.actor:
        doc["actor"] = entry.actor
    if entry.grade:
        doc["grade"] = entry.grade
    if entry.effects:
        doc["effects"] = list(entry.effects)
    if entry.undoes:
        doc["undoes"] = entry.undoes
    if entry.secret:
        doc["secret"] = True
    if entry.hidden:
        doc["hidden"] = list(entry.hidden)
    if entry.adventure:
        doc["adventure"] = entry.adventure
    if entry.scene:
        doc["scene"] = entry.scene
    if entry.odds:
        doc["odds"] = entry.odds
    if entry.msg is not None:
        doc["msg"] = entry.msg.to_doc()
    if entry.effect_msgs:
        doc["effect_msgs"] = [m.to_doc() for m in entry.effect_msgs]
    if entry.inputs:
        doc["inputs"] = {
            k: (list(v) if isinstance(v, tuple) else v)
            for k, v in entry.inputs.items()
            if v is not None
        }
    return doc


#: the problems :func:`~tui.language.msg_from_doc` names in a stored message (``_()`` there
#: translates them; :mod:`tui.language` is the layer itself, so they are listed for the
#: catalog here)
MSG_PROBLEMS = (
    N_("expected a table with an id"),
    N_("expected a string"),
    N_("expected a string, number or message"),
)


def entry_from_doc(doc: Mapping[str, Any]) -> LogEntry:
    """Build an entry from its TOML table; raise ``ValueError`` naming a bad key."""

    def get(key: str, kind: type, default: Any = ...) -> Any:
        if key not in doc:
            if default is ...:
                raise ValueError(f"{key}: " + _("missing"))
            return default
        value = doc[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise ValueError(f"{key}: " + expected(kind, value))
        return value

    effects = get("effects", list, [])
    raw_msg = get("msg", dict, None)
    effect_msgs = tuple(msg_from_doc(m) for m in get("effect_msgs", list, []))
    hidden = get("hidden", list, [])
    if not all(isinstance(name, str) for name in hidden):
        raise ValueError("hidden: " + _("expected a list of names"))
    adventure, scene = get("adventure", int, 0), get("scene", int, 0)
    if adventure < 0 or scene < 0:
        raise ValueError(
            ("adventure" if adventure < 0 else "scene") + ": " + _("expected 0 or more")
        )
    odds = get("odds", str, "")
    if odds and parse_odds(odds) is None:
        raise ValueError("odds: " + _("expected a probability written p/q, between 0 and 1"))
    return LogEntry(
        seq=get("seq", int),
        time=get("time", str),
        kind=get("kind", str),
        text=get("text", str),
        actor=get("actor", str, ""),
        grade=get("grade", str, ""),
        inputs=get("inputs", dict, {}),
        effects=tuple(str(e) for e in effects),
        undoes=get("undoes", int, 0),
        secret=get("secret", bool, False),
        hidden=tuple(hidden),
        adventure=adventure,
        scene=scene,
        odds=odds,
        msg=None if raw_msg is None else msg_from_doc(raw_msg),
        effect_msgs=effect_msgs,
    )


def parse_odds(text: str) -> Fraction | None:
    """The probability an ``odds`` text holds, or ``None`` if it is not one (0..1)."""
    if not text or len(text) > ODDS_LENGTH:
        return None
    num, slash, den = text.partition("/")
    if not num.isdigit() or (slash and not den.isdigit()) or not num.isascii():
        return None
    if slash and (not den.isascii() or int(den) == 0):
        return None
    value = Fraction(int(num), int(den) if slash else 1)
    return value if value <= 1 else None


def odds_text(p: Fraction) -> str:
    """``p`` as a log's ``odds`` ("37/100", "1" or "0")."""
    return str(p)
