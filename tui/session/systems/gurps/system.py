"""GURPS 4e's answers to the system interface (cheap to import: the rules, the adapter and
the maneuvers are loaded by the members that need them, after the first frame)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from tui.language import N_, NC_, Msg, msg
from tui.session.campaign.model import Campaign, Scene, Value
from tui.session.systems.bounds import within
from tui.session.systems.interface import Defaults, ModifierField, SceneFragments

if TYPE_CHECKING:
    import random

    from tui.session.protocol.commands import CommandSet
    from tui.session.protocol.damage import DamageDone, DamageRequest
    from tui.session.protocol.system import CharacterReader
    from tui.session.systems.gurps.adapter import GurpsAdapter

__all__ = ["SYSTEM", "Gurps"]


class Gurps(Defaults):
    key = "gurps"
    skill_type = int  # skill level
    #: a ranged attack's distance, shots, and a weapon not recorded in the save
    option_keys = frozenset({"yd", "shots", "rof", "recoil", "half", "1/2d"})
    #: the seed's ranged-fire words (ярды, выстрелы, СБ, отдача)
    entry_terms = (
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry gurps", "yd"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry gurps", "shots"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry gurps", "rof"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry gurps", "recoil"),
        # the active defenses, typed as a character's roll (ruth уклонение)
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry gurps", "dodge"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry gurps", "parry"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry gurps", "block"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry gurps", "cover"),
    )
    entry_help = (
        "  signed modifiers, each -10..+10: lockpicker lockpicking -5 +10\n"
        "  = 4 3 5 (three dice, or one 3d6 total)\n"
        "  cover: -2 to hit past an obstacle or a partly covered target\n"
        "    (ruth shotgun yd=10 cover); a heavier one adds a number\n"
        "  ranged attack: ruth shotgun [WEAPON] yd=N [shots=N]\n"
        "    the weapon by name, else the character's only one; yd= yards\n"
        "    (one range penalty of the Size and Speed/Range table);\n"
        "    shots= shells or rounds, default the full RoF (2x13 with\n"
        "    shots=2 fires 26 pellets); adds Aim and the RoF bonus; shows\n"
        "    the exact odds of each number of hits (1 + margin // Recoil,\n"
        "    at most the shots); rof=, recoil=, half= (1/2d=, the 1/2D\n"
        "    in yards) for a weapon not recorded\n"
        "  shotgun at or inside close range (10% of 1/2D): no pellet RoF\n"
        "    bonus; damage and the target's DR x pellets//2 (Stevenson at\n"
        "    3 yd: 12d6-6, DR x6)\n"
        "  attack then defense: ruth shotgun yd=3 vs pike dodge — the\n"
        "    attack rolls first, then the defense (none after a miss or a\n"
        "    critical hit; a dodge negates 1 + its margin hits of rapid\n"
        "    fire); dice per side, or = ATTACK DEFENSE at the end\n"
        "  defenses: ruth dodge | moss parry | pike block [+N -N] from\n"
        "    attributes or skills (Dodge: Basic Speed + 3 by default);\n"
        "    All-Out Defense +2; none after All-Out Attack\n"
        "  maneuvers last until the character's next turn (/next): Aim\n"
        "    adds to a later Attack with the aimed weapon (Acc, +1, +2);\n"
        "    Evaluate +1 a turn (at most +3) to melee only; Move and\n"
        "    Attack -2 ranged, no Aim; All-Out Attack Determined +4 melee\n"
        "    or +1 ranged; a roll says why a bonus does not apply\n"
        "  /damage TARGET DICE [TYPE] [dr=N] [hits=N] [= faces]: DR (the\n"
        "    target's, or dr=; dr=x6 multiplies it) off each hit, cut by an\n"
        "    armour divisor 1d+2(2); TYPE pi- pi pi+ pi++ imp cut cr burn\n"
        "    cor tox fat multiplies the rest; off HP (fat: FP); shock,\n"
        "    major wound, -HP multiples and -5×HP follow by themselves\n"
        "  /ht CHAR death|knockdown|conscious|stun: the HT rolls a wound\n"
        "    asks for, applied; a hit, a wound and a stunned or sub-zero\n"
        "    turn start put the next line in the entry (Enter runs it,\n"
        "    Escape clears it)\n"
        "  turn order: Basic Speed, then DX; /swap and alt+up/down reorder\n"
        "    any tie on Basic Speed\n"
        "  Russian words too: ярд= (ярды=), выстрелы=, сб=, отдача=, укрытие;\n"
        "    уклонение, парирование, блок; maneuvers: /maneuver ruth тотальная\n"
        "    атака:точная атака\n"
    )
    modifier_fields = (
        ModifierField("modifier", "Modifier", signed=True, hint=N_("-10..+10")),
        ModifierField("second", "Another modifier", signed=True, hint=N_("-10..+10")),
        ModifierField(
            "cover", "Cover", ("", "cover"), hint=N_("cover: -2, an obstacle or partial cover")
        ),
    )
    init_refusal = N_(
        "GURPS turn order comes from Basic Speed and DX: use /order, and /swap within ties"
    )
    #: /damage takes DR off each hit, and these damage types (rules.gurps.DamageType)
    protection_keys = ("DR",)
    damage_types = ("pi-", "pi", "pi+", "pi++", "imp", "cut", "cr", "burn", "cor", "tox", "fat")
    #: conditions the GURPS rolls work out themselves (the wounds' own)
    builtin_conditions = ("stunned", "prone", "shock", "unconscious", "dead")
    #: what the character editor offers for a weapon in ``extra.weapons``
    weapon_fields = ("damage", "acc", "half_damage", "max_range", "rof", "recoil")
    #: extended checks progress by grade: success 1, critical 2
    progress_by_grade: ClassVar[Mapping[str, int]] = {"critical": 2, "success": 1}

    def skill_problem(self, value: Value) -> str:
        return within(value, -100, 1000)

    def penalty_msg(self, n: int) -> Msg:
        """A consequence's penalty: a modifier to the skill."""
        return msg("skill -{n}", n=n)

    def adapter(self) -> GurpsAdapter:
        from tui.session.systems.gurps.adapter import GurpsAdapter

        return GurpsAdapter()

    def character_reader(self) -> CharacterReader:
        """GCS's character sheets (``.gcs``: GCS 5's JSON and the older XML)."""
        from tui.session.systems.gurps.gcs import Reader

        return Reader()

    def commands(self) -> CommandSet:
        from tui.session.systems.gurps import maneuvers, wounds  # noqa: F401  (register)
        from tui.session.systems.gurps.commands import COMMANDS

        return COMMANDS

    def damage(self, campaign: Campaign, request: DamageRequest, rng: random.Random) -> DamageDone:
        from tui.session.systems.gurps.damage import damage

        return damage(campaign, request, rng)

    def turn_order(self, campaign: Campaign, names: Sequence[str]) -> Sequence[str]:
        from tui.session.systems.gurps.order import turn_order

        return turn_order(campaign, names)

    def order_ties(self, campaign: Campaign, names: Sequence[str]) -> Sequence[tuple[str, ...]]:
        from tui.session.systems.gurps.order import tie_groups

        return tie_groups(campaign, names)

    def turn_started(self, campaign: Campaign, actor: str) -> tuple[Campaign, str | Msg]:
        from tui.session.systems.gurps.state import turn_started

        return turn_started(campaign, actor)

    def scene_view(self, campaign: Campaign, scene: Scene) -> SceneFragments:
        from tui.session.systems.gurps.maneuvers import panel_lines

        return SceneFragments(after_order=panel_lines(campaign))

    def players_scene(self, scene: Scene, hidden: Callable[[str], bool]) -> Mapping[str, Any]:
        """The maneuvers of the characters the players see (a GM-only one's is left out)."""
        raw = scene.system.get("maneuvers")
        if not isinstance(raw, Mapping):
            return {}
        return {"maneuvers": {name: entry for name, entry in raw.items() if not hidden(str(name))}}


SYSTEM = Gurps()
