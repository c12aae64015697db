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
    #: a ranged attack's distance, shots, and a weapon not recorded in the save
    option_keys = frozenset({"yd", "shots", "rof", "recoil"})
    entry_help = (
        "  signed modifiers, each -10..+10: lockpicker lockpicking -5 +10 = 4 3 5\n"
        "  (three dice, or one 3d6 total)\n"
        "  ranged attack: ruth shotgun [WEAPON] yd=N [shots=N] — the weapon by name or the\n"
        "  character's only one; yd= the distance in yards (one range penalty from the\n"
        "  Size and Speed/Range table), shots= shells or rounds fired (default the full\n"
        "  RoF; RoF 2x13 with shots=2 fires 26 pellets); the RoF bonus and Aim are added,\n"
        "  the preview shows the exact odds of each number of hits; hits = 1 + margin //\n"
        "  Recoil, at most the shots. rof=, recoil= for a weapon not in the save\n"
        "  shotgun at or inside close range (10% of 1/2D): no pellet RoF bonus, damage and\n"
        "  the target's DR x pellets//2 (Stevenson at 3 yd: 12d6-6, DR x6)\n"
        "  active defenses: ruth dodge | moss parry | pike block [+N -N] (from attributes\n"
        "  or skills; Dodge defaults to Basic Speed + 3); All-Out Defense adds +2\n"
        "  maneuvers last until the character's next turn (/next): Aim adds to an Attack\n"
        "  with the aimed weapon on a later turn (+Acc, +1 per further turn, at most +2),\n"
        "  Evaluate (+1 a turn, at most +3) only to melee, Move and Attack -2 ranged and no\n"
        "  Aim, All-Out Attack Determined +4 melee / +1 ranged; a roll says why a bonus\n"
        "  does not apply\n"
        "  damage: /damage TARGET DICE [dr=N] [hits=N] [= faces] — DR off each hit, the\n"
        "  rest off HP; a hit suggests the weapon's line\n"
        "  turn order: Basic Speed, DX by default within a tie; /swap, alt+up/down reorder\n"
        "  any tie on Basic Speed\n"
    )
    init_refusal = (
        "GURPS turn order comes from Basic Speed and DX: use /order, and /swap within ties"
    )
    #: extended checks progress by grade: success 1, critical 2
    progress_by_grade: ClassVar[Mapping[str, int]] = {"critical": 2, "success": 1}

    def skill_problem(self, value: Value) -> str:
        return within(value, -100, 1000)

    def adapter(self) -> GurpsAdapter:
        from tui.session.systems.gurps.adapter import GurpsAdapter

        return GurpsAdapter()

    def commands(self) -> CommandSet:
        from tui.session.systems.gurps import damage, maneuvers  # noqa: F401  (register)
        from tui.session.systems.gurps.commands import COMMANDS

        return COMMANDS

    def turn_order(self, campaign: Campaign, names: Sequence[str]) -> Sequence[str]:
        from tui.session.systems.gurps.order import turn_order

        return turn_order(campaign, names)

    def order_ties(self, campaign: Campaign, names: Sequence[str]) -> Sequence[tuple[str, ...]]:
        from tui.session.systems.gurps.order import tie_groups

        return tie_groups(campaign, names)

    def turn_started(self, campaign: Campaign, actor: str) -> tuple[Campaign, str]:
        from tui.session.systems.gurps.state import turn_started

        return turn_started(campaign, actor)

    def scene_view(self, campaign: Campaign, scene: Scene) -> SceneFragments:
        from tui.session.systems.gurps.maneuvers import panel_lines

        return SceneFragments(after_order=panel_lines(campaign))


SYSTEM = Gurps()
