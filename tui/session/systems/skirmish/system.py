"""The d10 skirmish system's answers to the system interface (cheap to import: the rules and
the adapter are loaded by the members that need them, after the first frame)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from tui.language import N_, NC_, Msg, msg
from tui.session.systems.interface import Defaults, ModifierField

if TYPE_CHECKING:
    from tui.session.systems.skirmish.adapter import SkirmishAdapter

__all__ = ["SYSTEM", "Skirmish"]


class Skirmish(Defaults):
    key = "skirmish"
    skill_type = int  # characteristic value
    option_keys = frozenset({"die", "dice", "set", "choose"})
    #: Russian keys of the test's options (the die itself stays d10, d12 or d20)
    entry_terms = (
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry skirmish", "die"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry skirmish", "dice"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry skirmish", "set"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry skirmish", "choose"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry skirmish", "raw"),
    )
    entry_help = (
        "  die=d10|d12|d20; +N -N xN /N in the seed's order (multiply and\n"
        "  divide, then add, then set=N).\n"
        "  set=3,5 (or set= twice): the acting player picks, choose=N.\n"
        "  dice=N: several dice, in a contest too; the preview shows the\n"
        "  exact odds of who acts.\n"
        "  samurai fighting = 5 vs yamabushi = 8\n"
        "  samurai fighting dice=2 vs yamabushi fighting dice=2\n"
        "  Russian words too: куб=, кубы=, знач=, выбор=, сырой.\n"
    )
    modifier_fields = (
        ModifierField("die", "Die", ("", "die=d10", "die=d12", "die=d20")),
        ModifierField("modifier", "Modifier", hint=N_("+N, -N, x2 or /2")),
        ModifierField("set", "Set the value", template="set={}"),
        ModifierField("dice", "Dice in a contest", template="dice={}"),
    )
    #: extended checks progress by grade: success 1, lucky chance 2
    progress_by_grade: ClassVar[Mapping[str, int]] = {"critical": 2, "success": 1}

    def penalty_msg(self, n: int) -> Msg:
        """A consequence's penalty: a modifier to the characteristic."""
        return msg("value -{n}", n=n)

    def adapter(self) -> SkirmishAdapter:
        from tui.session.systems.skirmish.adapter import SkirmishAdapter

        return SkirmishAdapter()


SYSTEM = Skirmish()
