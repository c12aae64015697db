"""Basic Roleplaying's answers to the system interface (cheap to import: the rules and the
adapter are loaded by the members that need them, after the first frame)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from tui.language import N_, NC_, Msg, msg
from tui.session.campaign.model import Value
from tui.session.systems.bounds import within
from tui.session.systems.interface import Defaults, ModifierField

if TYPE_CHECKING:
    from tui.session.protocol.commands import CommandSet
    from tui.session.systems.brp.adapter import BrpAdapter
    from tui.session.systems.brp.experience import Experience

__all__ = ["SYSTEM", "Brp"]


class Brp(Defaults):
    key = "brp"
    skill_type = int  # percent
    option_keys = frozenset({"by"})
    #: the seed's words (difficulty «Автоматический», «Лёгкий», «Сложный», «Невозможный»)
    entry_terms = (
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry brp", "easy"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry brp", "hard"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry brp", "automatic"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry brp", "impossible"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry brp", "normal"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry brp", "nostakes"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry brp", "roll"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry brp", "by"),
    )
    max_sides = 16  # «все действующие стороны» roll and compare
    versus_number = True  # «тяжёлый камень может иметь РАЗ 15»: an object's value
    entry_help = (
        "  easy | hard | automatic | impossible, nostakes, +N/-N percent;\n"
        "  = 07 types the d100 (00 = 100).\n"
        "  impossible alone fails with no roll; impossible roll (or typed\n"
        "  dice) rolls at chance 0 to see how badly.\n"
        "  STR vs SIZ (two characteristics): the resistance table, rolled\n"
        "  by the player's side (in doubt the passive one); by=active or\n"
        "  by=passive says who rolls.\n"
        "  STR vs 15, STR vs SIZ=15: against an object's value on the same\n"
        "  table (a stone, a door); the object never rolls.\n"
        "  Opposed: a SKILL vs b SKILL vs c SKILL … — every acting side\n"
        "  rolls; the best quality wins, lowered by the best opposition;\n"
        "  other successes become failures; equal successes go to the\n"
        "  higher skill, equal specials cancel.\n"
        "  /downtime CHAR SKILL, ...: up to four free ticks, once per\n"
        "  downtime (it ends with the next scene or adventure).\n"
        "  Russian words too: легко (лёгкий), сложно (сложный, трудно),\n"
        "  автоматически (автоматический, автоматом), невозможно (невозможный),\n"
        "  обычно, без-ставок (без ставок), бросок; кто=active|passive.\n"
    )
    modifier_fields = (
        ModifierField("difficulty", "Difficulty", ("", "easy", "hard", "automatic", "impossible")),
        ModifierField(
            "stakes", "Stakes", ("", "nostakes"), hint=N_("nostakes: no experience tick")
        ),
        ModifierField("percent", "Modifier %", signed=True, hint=N_("+20 or -10 percent")),
    )
    #: extended checks progress by grade: success 1, special 2, critical 3
    progress_by_grade: ClassVar[Mapping[str, int]] = {"critical": 3, "special": 2, "success": 1}

    def skill_problem(self, value: Value) -> str:
        return within(value, 0, 1000)  # a percentage: the rules refuse a negative skill

    def penalty_msg(self, n: int) -> Msg:
        """A consequence's penalty: a percentage off the skill."""
        return msg("skill -{n}%", n=n)

    def adapter(self) -> BrpAdapter:
        from tui.session.systems.brp.adapter import BrpAdapter

        return BrpAdapter()

    def commands(self) -> CommandSet:
        from tui.session.systems.brp.commands import COMMANDS

        return COMMANDS

    def end_of_adventure(self) -> Experience:
        from tui.session.systems.brp.experience import EXPERIENCE

        return EXPERIENCE


SYSTEM = Brp()
