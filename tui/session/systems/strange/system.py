"""The Strange System's answers to the system interface (cheap to import: the rules, the
adapter and the rounds are loaded by the members that need them, after the first frame)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules.errors import RulesError
from tui.language import N_, NC_, Msg, _, msg
from tui.session.campaign.model import Campaign, Scene, Value
from tui.session.campaign.session import Outcome
from tui.session.protocol.lines import Side
from tui.session.systems.interface import Defaults, ModifierField, SceneFragments
from tui.session.systems.strange.progress import PROGRESS

if TYPE_CHECKING:
    from tui.session.protocol.commands import CommandSet
    from tui.session.systems.strange.adapter import StrangeAdapter

__all__ = ["SYSTEM", "Strange"]


class Strange(Defaults):
    key = "strange"
    skill_type = str  # a level name of the ladder: "Умелец"
    option_keys = frozenset({"range", "resist", "mod"})
    #: the seed's words: a «встречная проверка», «сложные условия», the ranges
    entry_terms = (
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry strange", "opposed"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry strange", "hard"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry strange", "nosynergy"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry strange", "range"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry strange", "resist"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry strange", "mod"),
        # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
        NC_("entry strange", "mounted"),
    )
    entry_help = (
        "  range=L,H  resist=L,H: the GM's two d6 (else the app rolls them);\n"
        "  opposed: the app rolls a resistance range too.\n"
        "  mod=N: the range top moves by N, on top of synergy.\n"
        "  mounted: the supporting skill (extra.supports) is in use;\n"
        "  nosynergy: it is not. The preview says which synergy applied.\n"
        "  dice+N / dice-N: each die shifted by N (kept within 1..6).\n"
        "  hard: hard conditions, 2 of 4 dice in range to act at all.\n"
        "  A ... vs B ...: a duel on one range, each side with its own\n"
        "  mod=, synergy and dice+N; 4-4-4-4 wins unless both roll it,\n"
        "  then effective hits, then rank (danger class 4 = Master).\n"
        "  kirma bow mounted range=4,5 resist=3,4 = 3 3 4 5\n"
        "  Russian words too: встречная, сложно, без-синергии, верхом; диапазон=L,H,\n"
        "  сопротивление=L,H, мод=N.\n"
    )
    modifier_fields = (
        ModifierField("mod", "Modifier", template="mod={}", hint=N_("mod=-1")),
        ModifierField(
            "range", "GM range", template="range={}", hint=N_("L,H; empty: the app rolls")
        ),
        ModifierField("resist", "Resistance", template="resist={}", hint=N_("L,H")),
    )
    shows_round_limit = True
    next_wraps_round = False  # rounds follow /phase

    def entry_problem(self, campaign: Campaign, kind: str, name: str, value: Value) -> str:
        """A skill must be a level of the campaign's ladder; ``danger`` a class 1..4."""
        from rules import strange
        from tui.session.systems.strange.side import DANGER, ladder_of

        if kind == "attribute" and name.casefold() == DANGER:
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 4:
                classes = ", ".join(f"{c.number} {c.name_ru}" for c in strange.DANGER_CLASSES)
                return _("a danger class is 1..4 ({classes}), got {value!r}").format(
                    classes=classes, value=value
                )
            return ""
        if kind != "skill":
            return ""
        try:
            ladder = ladder_of(campaign)
        except ValueError:  # a save's bad ladder is reported when a roll uses it
            ladder = strange.DEFAULT_LADDER
        try:
            strange.level_by_name(str(value), ladder)
        except RulesError:
            levels = ", ".join(level.name_ru for level in ladder)
            return _("a skill is a level of the ladder ({levels}), got {value!r}").format(
                levels=levels, value=value
            )
        return ""

    def with_modifier(self, side: Side, mod: int) -> Side:
        """A condition's modifier shifts the success range (``mod=``), added to the GM's."""
        raw = side.options.get("mod", "0").replace("−", "-")
        if not raw.lstrip("+-").isdigit():
            return side  # the GM's own mod= is refused as it stands
        return replace(side, options={**side.options, "mod": f"{int(raw) + mod:+d}"})

    def penalty_msg(self, n: int) -> Msg:
        """A consequence's penalty: the success range's top (mod=-N)."""
        return msg("range -{n}", n=n)

    def adapter(self) -> StrangeAdapter:
        from tui.session.systems.strange.adapter import StrangeAdapter

        return StrangeAdapter()

    def commands(self) -> CommandSet:
        from tui.session.systems.strange.commands import COMMANDS

        return COMMANDS

    def scene_started(self, campaign: Campaign, scene: Scene) -> Scene:
        from tui.session.systems.strange.rounds import start

        return start(campaign, scene)

    def scene_ended(self, scene: Scene) -> tuple[str | Msg, list[str | Msg]]:
        from tui.session.systems.strange.rounds import end

        return end(scene)

    def scene_view(self, campaign: Campaign, scene: Scene) -> SceneFragments:
        from tui.session.systems.strange.view import fragments

        return fragments(campaign)

    def players_scene(self, scene: Scene, hidden: Callable[[str], bool]) -> Mapping[str, Any]:
        from tui.session.systems.strange.players import players_rounds

        return players_rounds(scene, hidden)

    def extended_progress(self, out: Outcome) -> tuple[bool, int]:
        """Partial success 1, full success 2, critical or absolute critical 3."""
        grade = getattr(out.result, "grade", None)
        name = getattr(grade, "name", None)
        if name is None:
            raise RulesError(
                _("this roll has no final grade yet, so it cannot count toward an extended check")
            )
        added = PROGRESS.get(name, 0)
        return added > 0, added


SYSTEM = Strange()
