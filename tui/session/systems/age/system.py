"""The Expanse (AGE)'s answers to the system interface (cheap to import: the rules and the
adapter are loaded by the members that need them, after the first frame)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.errors import RulesError
from tui.language import N_, NC_, Msg, _
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Outcome
from tui.session.systems.interface import Defaults, ModifierField, StepRoll

if TYPE_CHECKING:
    from rules.age import Result
    from tui.session.entry.entry import Side
    from tui.session.protocol.commands import CommandSet
    from tui.session.systems.age.adapter import AgeAdapter

__all__ = ["SYSTEM", "Age"]


class Age(Defaults):
    key = "age"
    skill_type = str  # a focus names its ability: Stealth = "Dexterity"
    option_keys = frozenset({"tn"})
    #: the seed's difficulty table (Элементарно 7 … Почти невозможно 21), hyphenated
    entry_terms = (
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry age", "routine"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry age", "easy"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry age", "average"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry age", "challenging"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry age", "hard"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry age", "very-hard"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry age", "formidable"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry age", "nearly-impossible"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry age", "tn"),
    )
    max_sides = 16  # the seed: «для более чем двух персонажей … точно так же»
    entry_help = (
        "  tn=N or a difficulty word (routine easy average challenging hard\n"
        "  very-hard formidable nearly-impossible), +N/-N; the focus counts\n"
        "  when the skill names it.  = 3 4 6 (the last die is the Drama Die)\n"
        "  Opposed: a SKILL vs b SKILL [vs c SKILL …], one TN for all: below the\n"
        "  TN nobody wins; then the higher total, then the Drama Die, then\n"
        "  ability + focus (never the +N/-N); the preview gives each one's chance.\n"
        "  /fortune CHAR die=1|2|3 face=F [side=N] after the roll, by either side:\n"
        "  the test is re-decided, and so is the extended check or race it counted\n"
        "  toward (its last roll only); the face a die already shows costs nothing\n"
        "  and is refused.\n"
        "  Advanced tests: a roll must end in time (30 min at 4 a roll: 7 rolls);\n"
        "  an opposed roll may be a step (the first side's win adds its Drama Die);\n"
        "  ext=NAME previews the chance to complete it in the rolls left.\n"
        '  Race: /ext NAME race="a vs b, c" threshold=N [time=…]; each slice is\n'
        "  a vs b ext=NAME, its winner adds the Drama Die to its own pool.\n"
        "  Russian words too (the seed's table): элементарно просто нормально\n"
        "  затруднительно сложно (трудно) очень-сложно невероятно-сложно\n"
        "  почти-невозможно; сл=N for tn=N.\n"
    )
    modifier_fields = (
        ModifierField(
            "difficulty",
            "Difficulty",
            (
                "",
                "routine",
                "easy",
                "average",
                "challenging",
                "hard",
                "very-hard",
                "formidable",
                "nearly-impossible",
            ),
        ),
        ModifierField("tn", "Target number", template="tn={}", hint=N_("instead of a difficulty")),
        ModifierField("modifier", "Modifier", signed=True, hint=N_("+2 or -1")),
    )
    extended_tn = True  # rolls go against the check's TN; its Drama Die is the progress
    extended_per_roll = None  # the seed's time per roll: budget ÷ (threshold / 2)
    opposed_steps = True  # the seed: «простой или встречный бросок» each time slice

    def penalty_msg(self, n: int) -> Msg:
        """A consequence's penalty: the TN the rolls go against."""
        from tui.session.systems.age.words import penalty_msg

        return penalty_msg(n)

    def adapter(self) -> AgeAdapter:
        from tui.session.systems.age.adapter import AgeAdapter

        return AgeAdapter()

    def commands(self) -> CommandSet:
        from tui.session.systems.age.fortune import COMMANDS

        return COMMANDS

    def extended_skill(self, campaign: Campaign, side: Side) -> str:
        from tui.session.entry.entry import EntryError
        from tui.session.systems.age.adapter import bonus_of

        try:
            _, ability, focus = bonus_of(campaign.character(side.actor), side.skill)
        except (EntryError, KeyError):
            return side.skill
        return f"{ability} ({focus})" if focus else ability

    def with_check_tn(self, side: Side, tn: int) -> Side:
        """The check's TN for this skill, unless the GM typed a TN or a difficulty."""
        from rules import age

        if "tn" in side.options or any(w in age.DIFFICULTY_BY_KEY for w in side.words):
            return side
        return replace(side, options={**side.options, "tn": str(tn)})

    def extended_progress(self, out: Outcome) -> tuple[bool, int]:
        result = _test(out)
        return result.success, result.drama if result.success else 0

    def extended_result(self, out: Outcome, tn: int) -> StepRoll:
        return _step(_test(out))

    def extended_opposed(self, out: Outcome) -> tuple[StepRoll, tuple[StepRoll, ...]] | None:
        from rules import age

        results = out.result
        if not isinstance(results, tuple) or len(results) < 2:
            return None
        if not all(isinstance(r, age.Result) for r in results):
            return None
        return _step(results[0]), tuple(_step(r) for r in results[1:])


def _test(out: Outcome) -> Result:
    """The AGE test a committed roll made (an opposed step: the first side's roll)."""
    from rules import age

    if isinstance(out.result, tuple) and out.result and isinstance(out.result[0], age.Result):
        return out.result[0]
    if not isinstance(out.result, age.Result):
        raise RulesError(_("only an AGE test counts toward an extended check"))
    return out.result


def _step(result: Result) -> StepRoll:
    """An AGE test as an extended check counts it: as it is."""
    return StepRoll(result.dice, result.bonus, result.tn, result.rating)


SYSTEM = Age()
