"""The table: the one place that turns a line the GM typed into a change of the session.

It is pure Python (no Textual), so the app, the tests and a script drive it alike. The app
calls :meth:`Table.preview` on every keystroke and :meth:`Table.submit` on Enter. Every error
becomes a :class:`Feedback` with ``ok=False`` and a message naming the problem; the session is
untouched.

A line that starts with ``!`` is secret: it runs as without the ``!``, and the log entries
it makes are marked ``secret`` so the players' view never shows them (``!alice spot
hidden``, ``!3d6``, ``!/hp orc -3``).
"""

from __future__ import annotations

import contextlib
import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from tui.language import Msg, _, tr
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Command, Draft, Session
from tui.session.protocol.answers import SECRET, Feedback, Preview, secret_line
from tui.session.protocol.commands import CommandSet, SlashCommand
from tui.session.protocol.plans import Plan
from tui.session.protocol.system import System

if TYPE_CHECKING:
    from tui.session.entry.entry import Check, FreeRoll, Side, Slash
    from tui.session.entry.name_cache import NameCache
    from tui.session.entry.names import Match

__all__ = ["SECRET", "Feedback", "Preview", "Table", "secret_line"]


@cache
def _errors() -> tuple[type[Exception], ...]:
    """Errors that describe bad input: their message is shown as it is.

    The roll-entry language (parser, names, steps, dice) is imported on the first line the
    GM types, or by :meth:`Table.warm_up` right after the first frame, never to open a
    campaign: the first frame shows no roll. Hence the imports inside the methods here.
    """
    from rules.errors import RulesError
    from tui.session.campaign.session import CommandError
    from tui.session.entry.entry import EntryError
    from tui.session.entry.names import NameError_

    return EntryError, RulesError, CommandError, NameError_, KeyError, ValueError


def _past_first_word(line: str, at: int | None) -> bool:
    """``at`` (where a refused line went wrong) lies after the line's first word: that word
    meant something as typed, so the line is no slip of the keyboard layout, whose readings
    all change the first word (and are not tried: a line the GM is still typing after a
    name, ``cultist 512 st``, is not parsed three times per key)."""
    if at is None:
        return False
    words = line.split(maxsplit=1)
    return bool(words) and at >= line.find(words[0]) + len(words[0])


class Table:
    """Roll entry → session changes, for one open campaign."""

    def __init__(
        self,
        session: Session,
        *,
        system: System,
        system_name: str,
        shared: Callable[[], Sequence[CommandSet]],
        rng: random.Random | None = None,
    ) -> None:
        """``system`` is the campaign's, ``system_name`` its name in English; ``shared``
        loads the command sets every campaign has, in hook order (on first use).
        :func:`tui.session.tables.open_table` hands over the registry's answers."""
        self.last_internal_error = ""
        self.session = session
        self.rng = rng or random.Random()
        self._system = system
        self._system_name = system_name
        self._shared = shared
        self._sets: tuple[CommandSet, ...] | None = None
        self._name_cache: NameCache | None = None

    @property
    def system(self) -> System:
        """The campaign's system."""
        return self._system

    @property
    def system_name(self) -> str:
        return tr(self._system_name)

    @property
    def command_sets(self) -> tuple[CommandSet, ...]:
        """The system's commands and hooks, then the shared ones; the first use loads them.

        Loading waits until something needs it (the app asks right after the first frame)
        so that a campaign opens without importing what the first paint does not show.
        """
        if self._sets is None:
            self._sets = (self.system.commands(), *self._shared())
        return self._sets

    def warm_up(self) -> None:
        """Load the system's rules, commands, roll adapter and Tab's completion now (the app
        calls this after the first paint), so the first preview of a roll imports nothing."""
        _ = self.command_sets
        with contextlib.suppress(NotImplementedError):  # a system rolling without one
            self.system.adapter()
        importlib.import_module("tui.session.table.completion")  # for the first Tab

    @property
    def campaign(self) -> Campaign:
        return self.session.campaign

    # -- names -----------------------------------------------------------------------------
    def character_names(self) -> list[str]:
        """Every name a character answers to: its name and its ``extra.aliases``."""
        return list(self._character_aliases())

    def _names(self) -> NameCache:
        """The name forms of the current characters, built once per change of them (every
        keystroke asks; 800 characters must not be walked per key)."""
        chars = self.campaign.characters
        cache = self._name_cache
        if cache is None or cache.characters is not chars:
            from tui.session.entry.name_cache import NameCache

            cache = self._name_cache = NameCache(chars, self.system.entry_words)
        return cache

    def _character_aliases(self) -> dict[str, str]:
        return self._names().aliases

    def _skill_aliases(self, name: str) -> dict[str, str]:
        return self._names().skills_of(name, self.system.rollables)

    def character_aliases(self) -> dict[str, str]:
        """Every name a character answers to → that character's name."""
        return self._character_aliases()

    def skill_aliases(self, name: str) -> dict[str, str]:
        """What ``name`` can roll, ``extra.skill_aliases`` included → the real skill."""
        return self._skill_aliases(name)

    def option_keys(self) -> frozenset[str]:
        """The ``key=`` words of this campaign's roll entry, the system's Russian ones too."""
        from tui.session.entry.entry import OPTION_KEYS
        from tui.session.entry.vocabulary import option_words

        return option_words(OPTION_KEYS | self.system.option_keys, self.system.entry_words)

    def parse(self, line: str) -> Slash | FreeRoll | Check:
        """``line`` in the roll-entry language, names resolved (raises ``EntryError``)."""
        return self._parse(line)

    def command(self, name: str) -> SlashCommand | None:
        """The ``/name`` command of this campaign (the system's own first), or None."""
        return self._command(name)

    def character_places(self) -> dict[str, int]:
        """Each character's name → its place in the campaign (cached)."""
        return self._names().places()

    def every_skill_alias(self) -> dict[str, str]:
        """What any character can roll (aliases included) → the real skill (cached)."""
        return self._names().every_skill(self.system.rollables)

    def rollables(self, name: str) -> Sequence[str]:
        """What ``name`` can roll: skills, characteristics, and ``extra.skill_aliases``."""
        return list(self._skill_aliases(name))

    def match_character(self, words: Sequence[str]) -> Match:
        """The character named by the leading ``words`` (aliases resolved to the real name)."""
        from tui.session.entry.names import Match, match_prefix_words, names_of

        names = self._character_aliases()
        found = match_prefix_words(words, names_of(names), what="character", same=names)
        return Match(names.get(found.name, found.name), found.consumed)

    def _canonical(self, check: Check) -> Check:
        """Replace aliases in a parsed check with the real character and skill names."""
        from tui.session.entry.entry import Check
        from tui.session.entry.vocabulary import in_own_words

        chars = self._character_aliases()

        words = self.system.entry_words

        def fix(side: Side) -> Side:
            if side.value is not None:  # a plain number: no one to name
                return side
            actor = chars.get(side.actor, side.actor)
            skill = self._skill_aliases(actor).get(side.skill, side.skill)
            return in_own_words(replace(side, actor=actor, skill=skill), words)

        return Check.of([fix(side) for side in check.sides])

    def example_line(self) -> str:
        """A roll line for this campaign, shown as the roll entry's placeholder."""
        for ch in self.campaign.characters:
            skills = self.system.rollables(ch)
            if skills and not ch.gm_only:
                first = ch.name.split()[0].casefold()
                return _("{first} {skill} · 3d6+2 · /help · Tab completes").format(
                    first=first, skill=skills[0].casefold()
                )
        return "3d6+2 · d100 · /help"

    def commands(self) -> list[SlashCommand]:
        """The shared slash commands, then the system's, each once (help, palette, Tab)."""
        own, *shared = self.command_sets
        mine = own.listed()
        names = {c.name for c in mine}
        return [c for s in shared for c in s.listed() if c.name not in names] + mine

    # -- preview and submit ----------------------------------------------------------------
    def _parse(self, line: str) -> Slash | FreeRoll | Check:
        from tui.session.entry.entry import Check, EntryError, parse_line

        parsed = parse_line(
            line,
            self._character_aliases(),
            self._skill_aliases,
            option_keys=self.option_keys(),
        )
        if not isinstance(parsed, Check):
            return parsed
        most = self.system.max_sides
        if len(parsed.sides) > most:
            allowed = (
                _("two sides (one 'vs')") if most == 2 else _("at most {n} sides").format(n=most)
            )
            raise EntryError(
                _("{system} opposed rolls take {allowed}; this line names {n}").format(
                    system=self.system_name, allowed=allowed, n=len(parsed.sides)
                )
            )
        if not self.system.versus_number and any(s.value is not None for s in parsed.sides):
            number = next(s for s in parsed.sides if s.value is not None)
            raise EntryError(
                _(
                    "{system} has no roll against a plain number ({number}): name a "
                    "character and what it rolls"
                ).format(system=self.system_name, number=number.named),
                word=str(number.value),
            )
        return self._canonical(parsed)

    def plan(self, line: str) -> Plan:
        from tui.session.entry.entry import Check, EntryError

        parsed = self._parse(line)
        if not isinstance(parsed, Check):
            raise EntryError(_("not a check"))
        return self._plan(parsed)[1]

    def check_step(self, line: str) -> Command:
        """The step Enter hands the session for the check ``line`` (planned, every hook in
        it), without running it; raises on a line that is not a check or is refused."""
        from tui.session.entry.entry import Check, EntryError
        from tui.session.entry.steps import RunRoll

        parsed = self._parse(line)
        if not isinstance(parsed, Check):
            raise EntryError(_("not a check"))
        parsed, plan = self._plan(parsed)
        return RunRoll(plan, parsed, self.rng, self.system, self.command_sets)

    def _plan(self, check: Check) -> tuple[Check, Plan]:
        """The check as the plan hooks leave it, and its plan (preview and submit share it)."""
        for commands in self.command_sets:
            for hook in commands.plan_hooks:
                check = hook(self.system, self.campaign, check)
        return check, self.system.plan(self.campaign, check)

    def preview(self, line: str) -> Preview:
        """The resolved check and its exact odds, or what is wrong with the line so far."""
        secret, line = secret_line(line)
        if secret:
            if not line:
                return Preview(_("secret: type the roll after '!' (only the GM will see it)"), True)
            shown = self._preview(line)
            return replace(shown, text=_("secret (GM only): {text}").format(text=shown.text))
        return self._preview(line)

    def _preview(self, line: str) -> Preview:
        """The line's preview; a line that means nothing as typed but something on the other
        keyboard layout (``rbhvf`` → «кирма») previews as that reading, which says so; while
        a line is still being typed, the reading that gets further is shown."""
        shown = self._preview_as_typed(line)
        if shown.ok or _past_first_word(line, shown.at):
            return shown  # the first word meant something as typed: no layout slip
        best: tuple[str, Preview] | None = None
        for other in self._other_readings(line):
            again = self._preview_as_typed(other)
            if again.ok:
                best = (other, again)
                break
            if (
                best is None
                and again.at is not None
                and shown.at is not None
                and again.at > shown.at
            ):
                best = (other, again)
        if best is None:
            return shown
        other, again = best
        said = _("read as {line} (the other keyboard layout)").format(line=other)
        return replace(again, text=f"{said}\n{again.text}", at=None)

    def _other_readings(self, line: str) -> list[str]:
        from tui.session.entry.spelling import other_layouts

        return other_layouts(line)

    def _preview_as_typed(self, line: str) -> Preview:
        if not line.strip():
            return Preview("", True)
        from rules import dice as dice_mod
        from tui.session.entry.entry import FreeRoll, Slash
        from tui.session.entry.steps import NoDice, WouldRoll, message_of
        from tui.session.entry.wording import where

        try:
            parsed = self._parse(line)
            if isinstance(parsed, Slash):
                cmd = self._command(parsed.name)
                if cmd is None:
                    matches = [c for c in self.commands() if c.name.startswith(parsed.name)]
                    if matches:
                        return Preview("  ".join(c.shown_usage for c in matches[:4]), True)
                    return Preview(self._unknown_command(parsed.name), False, at=line.find("/") + 1)
                if cmd.preview is not None:
                    return cmd.preview(self, parsed)
                return Preview(f"{cmd.shown_usage} — {cmd.help}", True)
            if isinstance(parsed, FreeRoll):
                expr = dice_mod.parse(parsed.expr)
                mean = dice_mod.mean(expr)  # exact and instant for any size (1000d6)
                return Preview(
                    _("{expr}: {low}..{high}, average {mean}").format(
                        expr=expr, low=expr.minimum, high=expr.maximum, mean=f"{float(mean):.1f}"
                    ),
                    True,
                )
            parsed, plan = self._plan(parsed)
            text = plan.preview()
            for note in self._notes(parsed, plan):
                text = f"{text}\n  {note}"
            try:
                # when nothing is left to roll (all dice typed, or an automatic check), show
                # what Enter will record, or what is wrong with the typed dice
                result = plan.run(self.campaign, NoDice())
                text = f"{text}\n  Enter → {result.draft.shown}"
            except WouldRoll:
                pass  # the app still rolls something: no sure outcome to show
            return Preview(text, True, plan.odds)
        except _errors() as exc:
            return Preview(message_of(exc), False, at=where(line, exc))
        except Exception as exc:  # a bug must never take the table down
            return Preview(self._internal(exc), False)

    def _notes(self, check: Check, plan: Plan) -> list[str]:
        """Lines the preview hooks add below the odds (the chance to complete a check …);
        a hook that cannot say anything for this line says nothing."""
        notes: list[str] = []
        for commands in self.command_sets:
            for hook in commands.preview_hooks:
                try:
                    notes.extend(hook(self.system, self.campaign, check, plan))
                except _errors():
                    continue
        return notes

    def submit(self, line: str) -> Feedback:
        """Run the line: a roll, a free roll or a /command. Never raises for bad input.

        A ``!`` before the line makes it secret (see the module docstring).
        """
        secret, line = secret_line(line)
        if not secret:
            return self._submit(line)
        if not line:
            return Feedback(False, _("type the secret roll after '!', e.g. !alice spot hidden"))
        with self.session.secretly():
            feedback = self._submit(line)
        if feedback.ok and not feedback.action:
            return replace(
                feedback, message=_("secret: {message}").format(message=feedback.message)
            )
        return feedback

    def _submit(self, line: str) -> Feedback:
        """Run the line; one refused as typed that a reading on the other keyboard layout
        makes valid runs as that reading (as its preview showed), and the message says so."""
        done = self._submit_as_typed(line)
        if done.ok or _past_first_word(line, done.at):
            return done
        for other in self._other_readings(line):
            if self._preview_as_typed(other).ok:
                again = self._submit_as_typed(other)
                if again.ok:
                    said = _("read as {line} (the other keyboard layout)").format(line=other)
                    return replace(again, message=f"{said}: {again.message}")
        return done

    def _submit_as_typed(self, line: str) -> Feedback:
        from tui.session.entry.entry import FreeRoll, Slash
        from tui.session.entry.steps import FreeRollStep, RunRoll, message_of
        from tui.session.entry.wording import where

        try:
            parsed = self._parse(line)
            if isinstance(parsed, Slash):
                cmd = self._command(parsed.name)
                if cmd is None:
                    return Feedback(
                        False, self._unknown_command(parsed.name), at=line.find("/") + 1
                    )
                return self._recorded(cmd.handler(self, parsed))  # handlers may raise
            if isinstance(parsed, FreeRoll):
                out = self.session.execute(FreeRollStep(parsed, self.rng))
                return Feedback(True, out.draft.shown, outcome=out)
            parsed, plan = self._plan(parsed)
            out = self.session.execute(
                RunRoll(plan, parsed, self.rng, self.system, self.command_sets)
            )
            return Feedback(True, out.draft.shown, outcome=out)
        except _errors() as exc:
            return Feedback(False, message_of(exc), at=where(line, exc))
        except Exception as exc:  # commands apply or not at all: the state is unchanged
            return Feedback(False, self._internal(exc))

    def _recorded(self, feedback: Feedback) -> Feedback:
        """A command's message marked ``record`` goes into the log too (no undo step)."""
        if feedback.ok and feedback.record and feedback.outcome is None:
            self.session.note(Draft("info", feedback.message))
        return feedback

    def _unknown_command(self, name: str) -> str:
        """Why ``/name`` is refused, with the nearest commands of this campaign's sets (an
        alias counts, the command's own name is shown): ``/hpp`` → "did you mean /hp"."""
        from tui.session.entry.names import nearest

        shown = {key: cmd.name for s in self.command_sets for key, cmd in s.by_name.items()}
        near = [f"/{n}" for n in dict.fromkeys(shown[k] for k in nearest(name, shown))]
        if near:
            listed = near[0]
            if len(near) > 1:
                listed = _("{some} or {last}").format(some=", ".join(near[:-1]), last=near[-1])
            return _("unknown command /{name}; did you mean {commands}? (/help lists all)").format(
                name=name, commands=listed
            )
        return _("unknown command /{name} (try /help)").format(name=name)

    def _command(self, name: str) -> SlashCommand | None:
        """The slash command ``name`` of this campaign (the system's own first)."""
        for commands in self.command_sets:
            cmd = commands.by_name.get(name)
            if cmd is not None:
                return cmd
        return None

    def _internal(self, exc: Exception) -> str:
        """Remember an unexpected error (for a bug report) and describe it to the GM."""
        import traceback

        self.last_internal_error = "".join(traceback.format_exception(exc))
        return _("internal error ({kind}: {error}); nothing was changed").format(
            kind=type(exc).__name__, error=exc
        )

    def change(
        self,
        fn: Callable[[Campaign], Campaign],
        text: str | Msg,
        *,
        actor: str = "",
        effects: Sequence[str | Msg] = (),
    ) -> Feedback:
        """Apply a pure change as one undoable, logged step (messages keep their facts)."""
        return self.run_change(fn, Draft.of("change", text, actor, "", {}, effects))

    def run_change(
        self, fn: Callable[[Campaign], Campaign], draft: Draft, *, next: str = ""
    ) -> Feedback:
        """Apply ``fn`` and log ``draft`` as one undoable step; errors change nothing.

        ``next`` is the line the entry offers afterwards (the step the rules ask for next).
        """
        from tui.session.entry.steps import Apply

        return self.execute(Apply(fn, draft, self.system, self.command_sets, next))

    def prepare_change(self, fn: Callable[[Campaign], Campaign]) -> None:
        """Get ready for the change ``fn`` the GM is about to make, while they read the
        screen (the end of an adventure once every roll is in): the session's listeners make
        what they can of it now (the store its patch), so that the Enter that makes it only
        writes. Nothing changes and nothing is said; a change that would fail is left to
        fail when it is made. ``fn`` must give the same object when it is made (a pure
        function remembering its last answer)."""
        try:
            after = fn(self.campaign)
        except Exception:  # the change itself will say what is wrong
            return
        self.session.prepare(after)

    def execute(self, command: Command) -> Feedback:
        """Run ``command`` as one undoable, logged step; errors change nothing."""
        from tui.session.entry.steps import message_of

        try:
            out = self.session.execute(command)
        except _errors() as exc:
            return Feedback(False, message_of(exc))
        except Exception as exc:
            return Feedback(False, self._internal(exc))
        return Feedback(True, out.draft.shown, outcome=out)
