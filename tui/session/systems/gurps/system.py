"""GURPS 4e's answers to the system interface (cheap to import: the rules, the adapter and
the maneuvers are loaded by the members that need them, after the first frame)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from tui.session.campaign.model import Campaign, Scene, Value
from tui.session.systems.interface import Defaults, SceneFragments
from tui.session.systems.kit import within

if TYPE_CHECKING:
    from tui.session.systems.gurps.adapter import GurpsAdapter
    from tui.session.table.commands import CommandSet

__all__ = ["SYSTEM", "Gurps"]


class Gurps(Defaults):
    key = "gurps"
    skill_type = int  # skill level
    entry_help = (
        "  signed modifiers, each -10..+10: lockpicker lockpicking -5 +10 = 4 3 5\n"
        "  (three dice, or one 3d6 total)\n"
    )
    init_refusal = (
        "GURPS turn order comes from Basic Speed and DX: use /order, and /swap within ties"
    )
    #: what the character editor offers for a weapon in ``extra.weapons``
    weapon_fields = ("damage", "acc", "half_damage", "max_range", "rof", "recoil")
    #: extended checks progress by grade: success 1, critical 2
    progress_by_grade: ClassVar[Mapping[str, int]] = {"critical": 2, "success": 1}

    def skill_problem(self, value: Value) -> str:
        return within(value, -100, 1000)

    def adapter(self) -> GurpsAdapter:
        from tui.session.systems.gurps.adapter import GurpsAdapter

        return GurpsAdapter()

    def commands(self) -> CommandSet:
        from tui.session.systems.gurps.maneuvers import COMMANDS

        return COMMANDS

    def turn_order(self, campaign: Campaign, names: Sequence[str]) -> Sequence[str]:
        from tui.session.systems.gurps.order import turn_order

        return turn_order(campaign, names)

    def order_ties(self, campaign: Campaign, names: Sequence[str]) -> Sequence[tuple[str, ...]]:
        from tui.session.systems.gurps.order import tie_groups

        return tie_groups(campaign, names)

    def scene_view(self, campaign: Campaign, scene: Scene) -> SceneFragments:
        from tui.session.systems.gurps.maneuvers import panel_lines

        return SceneFragments(after_order=panel_lines(campaign))


SYSTEM = Gurps()
