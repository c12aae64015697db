"""Basic Roleplaying's answers to the system interface (cheap to import: the rules and the
adapter are loaded by the members that need them, after the first frame)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from tui.session.campaign.model import Value
from tui.session.systems.interface import Defaults, ModifierField
from tui.session.systems.kit import within

if TYPE_CHECKING:
    from tui.session.systems.brp.adapter import BrpAdapter
    from tui.session.systems.brp.experience import Experience
    from tui.session.table.commands import CommandSet

__all__ = ["SYSTEM", "Brp"]


class Brp(Defaults):
    key = "brp"
    skill_type = int  # percent
    entry_help = (
        "  easy | hard | automatic | impossible, nostakes, +N/-N percent;\n"
        "  STR vs SIZ (two characteristics) uses the resistance table.  = 07 (00 = 100)\n"
    )
    modifier_fields = (
        ModifierField("difficulty", "Difficulty", ("", "easy", "hard", "automatic", "impossible")),
        ModifierField("stakes", "Stakes", ("", "nostakes"), hint="nostakes: no experience tick"),
        ModifierField("percent", "Modifier %", signed=True, hint="+20 or -10 percent"),
    )
    #: extended checks progress by grade: success 1, special 2, critical 3
    progress_by_grade: ClassVar[Mapping[str, int]] = {"critical": 3, "special": 2, "success": 1}

    def skill_problem(self, value: Value) -> str:
        return within(value, -100, 1000)

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
