"""Strange System round commands and the hooks that turn typed rolls into actions/reactions.

``/phase`` ``/goal`` ``/act`` ``/skip`` ``/resolve`` ``/compromise`` ``/sumup`` ``/radical``
``/summary``. A roll typed in the ACTIONS phase becomes the roller's action (declared with
``/act`` first to aim it at someone); in REACTIONS a roll by a character who skipped answers
the pending action aimed at them (the action's GM range is filled in when not typed), and a
roll by a character whose own pending action was not rolled yet settles it. A duel typed in
REACTIONS (``balgruf athletics vs dallah wrestling``) works too: the action's recorded dice
are filled in for the acting side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from rules.errors import RulesError
from rules.strange import Duel, Rank, Result
from rules.strange.records import same_name
from rules.strange.rounds import Action, Phase
from rules.strange.rounds import Scene as Rounds
from tui.language import Msg, _, msg, nmsg, term, vs_words
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import CommandError, Draft, Outcome
from tui.session.entry.entry import Check, Side, Slash
from tui.session.entry.names import NameError_, match_prefix_words
from tui.session.entry.pick import pick_character
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext
from tui.session.protocol.system import System
from tui.session.systems.strange.rounds import (
    advance,
    head_msg,
    is_final,
    level_of,
    limit_prompt,
    put,
    rounds_of,
    summary_lines,
    verdict,
    with_result,
)
from tui.session.systems.strange.side import ROLLED

__all__ = ["COMMANDS"]

#: the round commands and the hooks that record rolls as actions and reactions
COMMANDS = CommandSet()


def _vs() -> frozenset[str]:
    return vs_words() | {"at"}


def _apply(
    table: SlashContext,
    new: Campaign,
    text: str | Msg,
    actor: str = "",
    effects: Sequence[str | Msg] = (),
) -> Feedback:
    return table.change(lambda _c: new, text, actor=actor, effects=effects)


@COMMANDS.slash("phase", "/phase", "next phase: planning → actions → reactions → next round")
def _phase(table: SlashContext, _cmd: Slash) -> Feedback:
    new, text = advance(table.campaign)
    return _apply(table, new, text)


@COMMANDS.slash(
    "goal",
    "/goal CHAR|party|npc TEXT",
    "state a goal in the planning phase",
    args="CHAR|party|npc TEXT",
)
def _goal(table: SlashContext, cmd: Slash) -> Feedback:
    words = list(cmd.args)
    if len(words) < 2:
        return Feedback(False, _("usage: /goal CHAR TEXT (e.g. /goal dallah throw Balgruf down)"))
    try:
        actor, rest = pick_character(table, words)
    except NameError_:
        if words[0].casefold() not in ("party", "npc"):
            raise
        actor, rest = words[0].casefold(), words[1:]
    text = " ".join(rest).strip()
    if not text:
        return Feedback(
            False, _("/goal needs the goal of {name} after the name").format(name=actor)
        )
    rounds = rounds_of(table.campaign).set_goal(actor, text)
    return _apply(
        table,
        put(table.campaign, rounds),
        msg("goal of {name}: {goal}", name=actor, goal=text),
        actor=actor,
    )


def _skills(campaign: Campaign, table: SlashContext, name: str) -> dict[str, str]:
    """What ``name`` can roll, aliases (``extra.skill_aliases``) mapped to the real skill."""
    names = {n: n for n in table.rollables(name)}
    aliases = campaign.character(name).extra.get("skill_aliases", {})
    if isinstance(aliases, dict):
        for alias, skill in aliases.items():
            if isinstance(skill, str) and alias in names:
                names[alias] = skill
    return names


@COMMANDS.slash(
    "act",
    "/act CHAR SKILL [vs TARGET] [TEXT]",
    "declare an action in the actions phase (then type its roll)",
    args="CHAR SKILL [vs CHAR] TEXT",
)
def _act(table: SlashContext, cmd: Slash) -> Feedback:
    campaign = table.campaign
    name, rest = pick_character(table, cmd.args)
    skills = _skills(campaign, table, name)
    only = set(skills.values())
    if not rest and len(only) != 1:
        return Feedback(False, _("/act needs {name}'s skill").format(name=name))
    cut = next((i for i, w in enumerate(rest) if w.casefold() in _vs()), len(rest))
    try:
        found = match_prefix_words(rest[:cut], list(skills), what=f"skill of {name}", same=skills)
        skill, used = skills.get(found.name, found.name), found.consumed
    except NameError_:
        if len(only) != 1:  # one thing to roll (a danger class): the words are the method
            raise
        skill, used = only.pop(), 0
    method_words = rest[used:cut]
    target = None
    if cut < len(rest):
        if cut + 1 >= len(rest):
            return Feedback(False, _("name the target after 'vs'"))
        target, after = pick_character(table, rest[cut + 1 :])
        if target == name:
            return Feedback(False, _("{name} cannot act against themself").format(name=name))
        method_words += after
    method = " ".join(method_words).strip() or skill
    rank = level_of(campaign, campaign.character(name), skill)[1]
    rounds = rounds_of(campaign).declare(name, method, skill, rank, target=target)
    action = rounds.actions[-1]
    text = (
        msg(
            "#{n} {name}: {method} ({skill}) at {target} — type the roll",
            n=action.number,
            name=name,
            method=method,
            skill=skill,
            target=target,
        )
        if target
        else msg(
            "#{n} {name}: {method} ({skill}) — type the roll",
            n=action.number,
            name=name,
            method=method,
            skill=skill,
        )
    )
    return _apply(
        table, put(campaign, rounds), text, actor=name, effects=_limit_warning(rounds, action)
    )


def _limit_warning(rounds: Rounds, action: Action) -> tuple[Msg, ...]:
    if action.repeat >= rounds.limit:
        return (
            nmsg(
                "round limit: this action is declared {n} round in a row (limit {limit}) "
                "— sum up after this round",
                "round limit: this action is declared {n} rounds in a row (limit {limit}) "
                "— sum up after this round",
                action.repeat,
                limit=rounds.limit,
            ),
        )
    return ()


@COMMANDS.slash(
    "skip", "/skip CHAR", "the character skips the actions phase to react later", args="CHAR"
)
def _skip(table: SlashContext, cmd: Slash) -> Feedback:
    name, rest = pick_character(table, cmd.args)
    if rest:
        return Feedback(
            False, _("/skip takes one character, not {words}").format(words=repr(" ".join(rest)))
        )
    rounds = rounds_of(table.campaign).skip(name)
    return _apply(
        table, put(table.campaign, rounds), msg("{name} skips to react", name=name), actor=name
    )


@COMMANDS.slash(
    "resolve", "/resolve N [TEXT]", "let pending action #N stand (reactions phase)", args="N TEXT"
)
def _resolve(table: SlashContext, cmd: Slash) -> Feedback:
    if not cmd.args or not cmd.args[0].lstrip("#").isdigit():
        return Feedback(False, _("usage: /resolve N [TEXT] (N is the action number, e.g. 1)"))
    number = int(cmd.args[0].lstrip("#"))
    note = " ".join(cmd.args[1:])
    rounds = rounds_of(table.campaign).resolve_action(number, outcome=note or "stands")
    return _apply(
        table,
        put(table.campaign, rounds),
        msg("#{n} resolved: {note}", n=number, note=note)
        if note
        else msg("#{n} resolved (stands)", n=number),
    )


def _verdict_cmd(kind: str, needs_text: bool) -> Callable[[SlashContext, Slash], Feedback]:
    def handler(table: SlashContext, cmd: Slash) -> Feedback:
        if needs_text and not cmd.rest:
            return Feedback(False, _("say how the series ends, e.g. /sumup Balgruf holds the gate"))
        new, text, lines = verdict(table.campaign, kind, cmd.rest)
        return _apply(table, new, text, effects=lines)

    return handler


COMMANDS.slash(
    "compromise",
    "/compromise [TEXT]",
    "sum up as a compromise: both sides gain and lose something",
    args="TEXT",
)(_verdict_cmd("compromise", False))
COMMANDS.slash(
    "sumup", "/sumup TEXT", "sum up the series of rounds (the repeat count resets)", args="TEXT"
)(_verdict_cmd("summed_up", True))
COMMANDS.slash(
    "radical", "/radical TEXT", "no compromise possible: the scene changes radically", args="TEXT"
)(_verdict_cmd("radical_change", True))


@COMMANDS.slash(
    "summary",
    "/summary",
    "the accumulated results since the last summing up, one line each, logged",
)
def _summary(table: SlashContext, _cmd: Slash) -> Feedback:
    """Logged (an entry that changes nothing), so every line stays readable in the log."""
    rounds = rounds_of(table.campaign)
    head = msg("summary of {rounds}", rounds=head_msg(rounds.summary()))
    if rounds.limit_reached:
        head = msg("{text}; {tail}", text=limit_prompt(rounds), tail=head)
    lines = summary_lines(rounds)
    # logged without an undo step: ctrl+z after /summary still takes back the last roll
    table.session.note(Draft.of("info", head, "", "", {}, lines))
    return Feedback(True, head.render())  # the lines themselves: in the log entry's effects


# -- rolls in the round ------------------------------------------------------------------------
def _rounds(campaign: Campaign) -> Rounds | None:
    if campaign.scene is None:
        return None
    try:
        return rounds_of(campaign)
    except (RulesError, CommandError):
        return None


def _answering(rounds: Rounds, reactor: str, actor: str | None = None) -> Action | None:
    """The first pending action aimed at ``reactor`` (who skipped), by ``actor`` if given."""
    if not any(same_name(s, reactor) for s in rounds.skipped):
        return None
    for a in rounds.pending:
        aimed = a.target is not None and same_name(a.target, reactor)
        if aimed and (a.result is not None if actor is None else same_name(a.character, actor)):
            return a
    return None


def _reaction_sides(rounds: Rounds, check: Check) -> tuple[Side, Side | None, Action] | None:
    """(reacting side, acting side or None, the action answered) for a reactions-phase roll."""
    if check.b is None:
        action = _answering(rounds, check.a.actor)
        return None if action is None else (check.a, None, action)
    for mine, theirs in ((check.a, check.b), (check.b, check.a)):
        action = _answering(rounds, mine.actor, theirs.actor)
        if action is not None:
            return mine, theirs, action
    return None


def _span(result: Result) -> str:
    return f"{result.success_range[0]},{result.success_range[1]}"


@COMMANDS.plan_hook
def _fill_reaction(_system: System, campaign: Campaign, check: Check) -> Check:
    """A reaction rolls against the action's GM range; a duel reuses the action's dice."""
    rounds = _rounds(campaign)
    if rounds is None or rounds.phase is not Phase.REACTIONS:
        return check
    found = _reaction_sides(rounds, check)
    if found is None:
        return check
    mine, theirs, action = found
    result = action.result
    if result is None:
        return check
    typed_range = "range" in mine.options or (theirs is not None and "range" in theirs.options)
    span = {} if typed_range else {"range": _span(result)}
    new_mine = replace(mine, options={**mine.options, **span})
    if theirs is None:
        return replace(check, a=new_mine)
    # the action is rolled: its dice and its modifiers (synergy, mod=, dice±N) are facts the
    # duel reuses; words typed again on its side would count them twice
    rolled = f"{action.number},{result.range_modifier},{result.dice_modifier}"
    new_theirs = replace(
        theirs,
        words=(),
        options={
            **{k: v for k, v in theirs.options.items() if k == "range"},
            **span,
            ROLLED: rolled,
        },
        faces=theirs.faces if theirs.faces is not None else result.dice,
    )
    if check.a is mine:
        return replace(check, a=new_mine, b=new_theirs)
    return replace(check, a=new_theirs, b=new_mine)


def _with_effects(out: Outcome, campaign: Campaign, effects: Sequence[str | Msg]) -> Outcome:
    draft = out.draft.with_effects(effects)
    return replace(out, campaign=campaign, draft=draft)


def _same_skill(action: Action, skill: str) -> bool:
    return action.skill.casefold() == skill.casefold()


def _action_roll(before: Campaign, rounds: Rounds, check: Check, out: Outcome) -> Outcome:
    side = check.a
    name = side.actor
    if any(same_name(s, name) for s in rounds.skipped):
        return _with_effects(
            out, out.campaign, [msg("{name} skipped to react: not an action", name=name)]
        )
    target = check.b.actor if check.b is not None else None
    duel = out.result if isinstance(out.result, Duel) else None
    result = duel.a if duel is not None else out.result
    if not isinstance(result, Result):
        return out
    mine = next((a for a in rounds.actions if same_name(a.character, name)), None)
    outcome = ""
    if duel is not None:
        who = {"a": name, "b": target, None: "no one"}[duel.winner]
        outcome = f"duel with {target}: {who} wins"  # the round's record (the rules' words)
    if mine is None:
        _level, rank = level_of(before, before.character(name), side.skill)
        final = duel is not None or is_final(rounds, target, result)
        rounds = rounds.declare(
            name, side.skill, side.skill, rank, target=target, result=result, final=final
        )
        number = rounds.actions[-1].number
        if outcome:
            rounds = _with_outcome(rounds, number, outcome)
    elif mine.result is not None:
        return _with_effects(
            out, out.campaign, [msg("{name} has already acted this round", name=name)]
        )
    elif not _same_skill(mine, side.skill):
        return _with_effects(
            out,
            out.campaign,
            [
                msg(
                    "not {name}'s declared action ({skill}): not recorded",
                    name=name,
                    skill=mine.skill,
                )
            ],
        )
    elif target is not None and mine.target is not None and not same_name(mine.target, target):
        return _with_effects(
            out,
            out.campaign,
            [
                msg(
                    "{name}'s action aims at {aim}, not {target}",
                    name=name,
                    aim=mine.target or "",
                    target=target or "",
                )
            ],
        )
    else:
        number = mine.number
        final = duel is not None or is_final(rounds, mine.target, result)
        rounds = with_result(rounds, number, result, final=final, outcome=outcome)
    if duel is not None and check.b is not None:  # the other side: a contest in the books
        rounds = rounds.duel(
            number, check.b.actor, check.b.skill, _rank_of(before, check.b), duel.b
        )
    action = rounds.action(number)
    state = (
        msg("{state}, awaiting {name}", state=term(action.status.value), name=action.target)
        if action.status.value == "pending" and action.target
        else term(action.status.value)
    )
    effects = [msg("action #{n}: {state}", n=number, state=state), *_limit_warning(rounds, action)]
    return _with_effects(out, put(out.campaign, rounds), effects)


def _with_outcome(rounds: Rounds, number: int, outcome: str) -> Rounds:
    action = replace(rounds.action(number), outcome=outcome)
    actions = list(rounds.actions)
    actions[number - 1] = action
    return replace(rounds, actions=tuple(actions))


def _rank_of(campaign: Campaign, side: Side) -> Rank:
    return level_of(campaign, campaign.character(side.actor), side.skill)[1]


def _reaction_roll(before: Campaign, rounds: Rounds, check: Check, out: Outcome) -> Outcome:
    found = _reaction_sides(rounds, check)
    if found is not None:
        mine, _theirs, action = found
        if isinstance(out.result, Duel):
            duel = out.result
            own, other = (duel.a, duel.b) if check.a is mine else (duel.b, duel.a)
            if action.result is None:
                rounds = with_result(rounds, action.number, other, final=False)
            elif action.result.dice != other.dice:
                shown = "-".join(map(str, action.result.dice))
                raise RulesError(
                    _(
                        "{character}'s action #{number} was rolled {shown}: leave {character}'s "
                        "dice out, or type them"
                    ).format(character=action.character, number=action.number, shown=shown)
                )
        elif isinstance(out.result, Result):
            own = out.result
        else:
            return out
        rounds = rounds.react(mine.actor, action.number, mine.skill, _rank_of(before, mine), own)
        return _with_effects(out, put(out.campaign, rounds), [rounds.reactions[-1].label])
    if check.b is None and isinstance(out.result, Result):
        mine_action = next(
            (
                a
                for a in rounds.pending
                if same_name(a.character, check.a.actor) and a.result is None
            ),
            None,
        )
        if mine_action is not None and _same_skill(mine_action, check.a.skill):
            rounds = rounds.resolve_action(mine_action.number, result=out.result)
            return _with_effects(
                out, put(out.campaign, rounds), [msg("action #{n} resolved", n=mine_action.number)]
            )
    return out


@COMMANDS.roll_hook
def _record_roll(_system: System, before: Campaign, check: Check, out: Outcome) -> Outcome:
    """Record a roll made during the round as an action or a reaction (same undo step)."""
    rounds = _rounds(before)
    if rounds is None or rounds.ended:
        return out
    if rounds.phase is Phase.ACTIONS:
        return _action_roll(before, rounds, check, out)
    if rounds.phase is Phase.REACTIONS:
        return _reaction_roll(before, rounds, check, out)
    return out
