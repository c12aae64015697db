"""Turn order for every system: ``/order``, ``/init``, ``/next``, ``/swap``, ``/up``, ``/down``.

The generic order is an initiative list, set explicitly or sorted by initiative values
(``Scene.system["init"]``). A system may keep an order of its own instead (GURPS: Basic Speed,
then DX, then the GM's order), allowing reordering only within its ties, and may refuse
``/init``; it says so through the system protocol (``turn_order``, ``order_ties``,
``init_refusal``), and its ``turn_started`` runs in the same step as ``/next``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from tui.language import Msg, _, joined, msg, tr, verbatim
from tui.session.campaign.model import Campaign, Scene
from tui.session.campaign.session import CommandError
from tui.session.entry.entry import Slash
from tui.session.entry.pick import pick_character, pick_characters
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext
from tui.session.protocol.system import System
from tui.session.scenes.base import need_scene, with_scene

__all__ = ["COMMANDS", "build_order", "move", "next_turn", "set_init", "swap"]

#: this part's commands and hooks (listed with the others in :mod:`tui.session.tables`)
COMMANDS = CommandSet()


def _inits(scene: Scene) -> Mapping[str, int]:
    raw = scene.system.get("init")
    return raw if isinstance(raw, Mapping) else {}


def _with_order(scene: Scene, order: Sequence[str], *, keep: str | None) -> Scene:
    current = order.index(keep) if keep in order else 0
    return replace(scene, turn_order=tuple(order), current=current)


def _actor(scene: Scene) -> str | None:
    if scene.turn_order and 0 <= scene.current < len(scene.turn_order):
        return scene.turn_order[scene.current]
    return None


def build_order(system: System, campaign: Campaign, names: Sequence[str] = ()) -> Campaign:
    """``/order [NAME …]``: the turn order of the named characters (default: everyone).
    Reordering keeps the highlight on the same actor."""
    scene = need_scene(campaign)
    chosen = list(names) or [c.name for c in campaign.characters]
    if not chosen:
        raise CommandError(_("the campaign has no characters to order"))
    own = system.turn_order(campaign, chosen)
    if own is not None:
        order = list(own)
    elif names:
        order = chosen
    else:
        inits = _inits(scene)
        order = sorted(chosen, key=lambda n: -inits.get(n, -(10**9)))
    return with_scene(campaign, replace(scene, turn_order=tuple(order), current=0))


def set_init(system: System, campaign: Campaign, name: str, value: int) -> Campaign:
    """``/init CHAR N``: record an initiative value and sort the list (ties keep their order)."""
    refusal = system.init_refusal
    if refusal:
        raise CommandError(tr(refusal))
    scene = need_scene(campaign)
    inits = dict(_inits(scene))
    inits[name] = value
    order = list(scene.turn_order)
    if name not in order:
        order.append(name)
    order.sort(key=lambda n: -inits.get(n, -(10**9)))
    scene = replace(scene, system={**scene.system, "init": inits})
    return with_scene(campaign, _with_order(scene, order, keep=_actor(scene) or order[0]))


def next_turn(system: System, campaign: Campaign) -> tuple[Campaign, Msg]:
    """``/next``: the next actor; past the last one, the next round begins, except in a
    system whose rounds follow phases (``next_wraps_round``: the Strange System's
    ``/phase``)."""
    scene = need_scene(campaign)
    if not scene.turn_order:
        raise CommandError(_("no turn order yet: /order builds one"))
    current = scene.current + 1
    if current < len(scene.turn_order):
        new = replace(scene, current=current)
        return _begin(
            system, with_scene(campaign, new), msg("{name}'s turn", name=new.turn_order[current])
        )
    new = replace(scene, current=0)
    if not system.next_wraps_round:
        return _begin(
            system,
            with_scene(campaign, new),
            msg("{name}'s turn (order wraps)", name=new.turn_order[0]),
        )
    new = replace(new, round=scene.round + 1)
    return _begin(
        system,
        with_scene(campaign, new),
        msg("round {n}: {name}'s turn", n=new.round, name=new.turn_order[0]),
    )


def _begin(system: System, campaign: Campaign, text: Msg) -> tuple[Campaign, Msg]:
    """The current actor's turn begins: the system's own changes (``turn_started``)."""
    actor = _actor(need_scene(campaign))
    if actor is None:
        return campaign, text
    campaign, note = system.turn_started(campaign, actor)
    if not note:
        return campaign, text
    tail = note if isinstance(note, Msg) else verbatim(note)
    return campaign, msg("{text}; {tail}", text=text, tail=tail)


def _check_tie(system: System, campaign: Campaign, order: Sequence[str], a: str, b: str) -> None:
    for group in system.order_ties(campaign, order) or ():
        if a in group:
            if b not in group:
                raise CommandError(
                    _(
                        "{a} and {b} are not tied (Basic Speed decides): only tied combatants can "
                        "be reordered"
                    ).format(a=a, b=b)
                )
            return


def swap(system: System, campaign: Campaign, a: str, b: str) -> Campaign:
    """``/swap A B``: exchange two entries (only within a tie when the system has ties)."""
    scene = need_scene(campaign)
    order = list(scene.turn_order)
    for name in (a, b):
        if name not in order:
            raise CommandError(
                _("{name} is not in the turn order (/order builds it)").format(name=name)
            )
    if a == b:
        raise CommandError(_("name two different characters"))
    _check_tie(system, campaign, order, a, b)
    i, j = order.index(a), order.index(b)
    order[i], order[j] = order[j], order[i]
    return with_scene(campaign, _with_order(scene, order, keep=_actor(scene)))


def move(system: System, campaign: Campaign, name: str, step: int) -> Campaign:
    """``/up`` (step −1) or ``/down`` (step +1) one place (within a tie, if the system ties)."""
    scene = need_scene(campaign)
    order = list(scene.turn_order)
    if name not in order:
        raise CommandError(
            _("{name} is not in the turn order (/order builds it)").format(name=name)
        )
    j = order.index(name) + step
    if not 0 <= j < len(order):
        raise CommandError(
            (_("{name} is already first") if step < 0 else _("{name} is already last")).format(
                name=name
            )
        )
    return swap(system, campaign, name, order[j])


def _apply(table: SlashContext, new: Campaign, text: Msg) -> Feedback:
    return table.change(lambda _c: new, text)


def _order_text(system: System, campaign: Campaign) -> Msg:
    """``turn order: A › B`` (and the ties the GM may reorder), as a stored message."""
    scene = need_scene(campaign)
    text = msg("turn order: {order}", order=" › ".join(scene.turn_order))
    groups = system.order_ties(campaign, scene.turn_order)
    if groups is not None:
        ties = [g for g in groups if len(g) > 1]
        if ties:
            return joined(
                text,
                msg(
                    " (ties, reorder with /swap: {ties})",
                    ties="; ".join(" = ".join(g) for g in ties),
                ),
            )
    return text


def _unexpected(rest: Sequence[str], name: str) -> str:
    return _("unexpected {words} after {name}").format(words=repr(" ".join(rest)), name=name)


@COMMANDS.slash(
    "order",
    "/order [NAME …]",
    "build the turn order (by the system's own rules where it has them)",
    args="CHAR…",
)
def _order(table: SlashContext, cmd: Slash) -> Feedback:
    new = build_order(table.system, table.campaign, pick_characters(table, cmd.args))
    return _apply(table, new, _order_text(table.system, new))


@COMMANDS.slash(
    "init",
    "/init CHAR N | roll CHAR|all EXPR",
    "set or roll initiative (roll all 3d6 + Dexterity) and sort the turn order",
    args="roll|CHAR",
)
def _init(table: SlashContext, cmd: Slash) -> Feedback:
    words = list(cmd.args)
    if words and words[0].casefold() == "roll":
        return _init_roll(table, words[1:])
    if len(words) < 2 or not words[-1].lstrip("+-").isdigit():
        return Feedback(False, _("usage: /init CHAR N (N a whole number)"))
    value = int(words.pop())
    if abs(value) > 10_000:
        return Feedback(
            False, _("initiative {value} is out of range (-10000..10000)").format(value=value)
        )
    name, rest = pick_character(table, words)
    if rest:
        return Feedback(False, _unexpected(rest, name))
    new = set_init(table.system, table.campaign, name, value)
    return _apply(
        table,
        new,
        msg(
            "{name} initiative {value}; {order}",
            name=name,
            value=value,
            order=_order_text(table.system, new),
        ),
    )


def _init_roll(table: SlashContext, words: list[str]) -> Feedback:
    """``/init roll CHAR|all EXPR``: roll the values, set them, sort (one undoable step).
    A rolled initiative of everyone in the order starts it from the top; one character's
    value (set or rolled) keeps the highlight on the current actor."""
    from tui.session.scenes.initiative import roll_initiative

    refusal = table.system.init_refusal
    if refusal:
        return Feedback(False, tr(refusal))
    rolls, draft = roll_initiative(table.campaign, table, words, table.rng)
    new = table.campaign
    for rolled in rolls:
        new = set_init(table.system, new, rolled.name, rolled.total)
    draft = draft.with_tail(_order_text(table.system, new))
    scene = need_scene(new)
    if scene.turn_order and set(scene.turn_order) <= {r.name for r in rolls}:
        # a fresh roll of everyone starts from the top: the highest roller acts first
        new = with_scene(new, replace(scene, current=0))
        draft = draft.with_tail(msg("{name}'s turn", name=scene.turn_order[0]))
    return table.run_change(lambda _c: new, draft)


@COMMANDS.slash("next", "/next", "the next actor in the turn order (ctrl+n)")
def _next(table: SlashContext, _cmd: Slash) -> Feedback:
    from tui.session.characters.conditions import turn_ended

    new, text = next_turn(table.system, table.campaign)
    scene = need_scene(table.campaign)
    # the actor whose turn ends counts its turn conditions down (the round's: a change hook)
    new, ended = turn_ended(new, scene.turn_order[scene.current]) if _actor(scene) else (new, [])
    return table.change(lambda _c: new, text, effects=ended)


@COMMANDS.slash(
    "swap",
    "/swap CHAR CHAR",
    "exchange two places in the turn order (within a tie, if the system ties)",
    args="CHAR CHAR",
)
def _swap(table: SlashContext, cmd: Slash) -> Feedback:
    names = pick_characters(table, cmd.args)
    if len(names) != 2:
        return Feedback(False, _("usage: /swap CHAR CHAR (two characters)"))
    new = swap(table.system, table.campaign, names[0], names[1])
    return _apply(
        table,
        new,
        msg(
            "swapped {a} and {b}; {order}",
            a=names[0],
            b=names[1],
            order=_order_text(table.system, new),
        ),
    )


def _mover(step: int) -> Callable[[SlashContext, Slash], Feedback]:
    def handler(table: SlashContext, cmd: Slash) -> Feedback:
        if cmd.args:
            name, rest = pick_character(table, cmd.args)
            if rest:
                return Feedback(False, _unexpected(rest, name))
        else:
            name = _actor(need_scene(table.campaign)) or ""
            if not name:
                return Feedback(False, _("no turn order yet: /order builds one"))
        new = move(table.system, table.campaign, name, step)
        text = (
            msg("{name} up; {order}", name=name, order=_order_text(table.system, new))
            if step < 0
            else msg("{name} down; {order}", name=name, order=_order_text(table.system, new))
        )
        return _apply(table, new, text)

    return handler


COMMANDS.slash(
    "up", "/up [CHAR]", "move one place earlier (default: the current actor; alt+up)", args="[CHAR]"
)(_mover(-1))
COMMANDS.slash(
    "down",
    "/down [CHAR]",
    "move one place later (default: the current actor; alt+down)",
    args="[CHAR]",
)(_mover(1))
