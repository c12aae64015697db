"""The Strange System's terms as the tracker shows them: the rules' grades, phases, scene
kinds and action states, for the catalog (each is translated where shown,
:func:`tui.language.tr`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.language import N_, Msg, current, msg, term, tr

if TYPE_CHECKING:
    from rules.strange import Result, SkillLevel

__all__ = ["TERMS", "level_name", "result_msg", "sources_msg"]

TERMS = (
    N_("full failure"),
    N_("partial failure"),
    N_("partial success"),
    N_("full success"),
    N_("critical success"),
    N_("absolute critical"),
    N_("planning"),
    N_("actions"),
    N_("reactions"),
    N_("active scene"),
    N_("long-term scene"),
    N_("final"),
    N_("pending"),
    N_("resolved"),
    # the seed's skill levels (a campaign's own ladder keeps its names)
    N_("Skilled"),
    N_("Professional"),
    N_("Master"),
)


def _span(span: tuple[int, int] | None) -> Msg | str:
    return msg("empty") if span is None else f"{span[0]}-{span[1]}"


def result_msg(result: Result) -> Msg:
    """A check's result as the log keeps it (the rules' ``label``, word for word in English):
    ``partial success, impact 1 (3-3-5-5 vs 4-5: hits 2/1, effective 3; resistance 3-5:
    hits 4)``."""
    span: Msg | str = _span(result.success_range)
    if result.range_modifier:
        span = msg(
            "{span} {mod} -> {effective}",
            span=span,
            mod=f"{result.range_modifier:+d}",
            effective=_span(result.effective_range),
        )
    grade = term(result.grade.label)
    head = (
        msg("{grade}, impact {impact}", grade=grade, impact=result.impact)
        if result.impact
        else grade
    )
    body = msg(
        "{dice} vs {span}: hits {hits}/{required}, effective {effective}",
        dice=result.dice_text,
        span=span,
        hits=result.hits,
        required=result.required,
        effective=result.effective_hits,
    )
    if result.resistance_range is not None:
        body = msg(
            "{body}; resistance {span}: hits {hits}",
            body=body,
            span=_span(result.resistance_range),
            hits=result.resistance_hits,
        )
    return msg("{head} ({body})", head=head, body=body)


def sources_msg(groups: dict[str, str]) -> Msg:
    """``dice typed, range rolled`` (each group's name and how its dice came)."""
    said: Msg | None = None
    for name, how in groups.items():
        one = msg("{name} {how}", name=term(name) if name in _GROUPS else name, how=term(how))
        said = one if said is None else msg("{a}, {b}", a=said, b=one)
    return said if said is not None else msg("")


_GROUPS = (N_("dice"), N_("range"), N_("resist"))


def level_name(level: SkillLevel) -> str:
    """A skill level's name in the GM's language: the ladder's own Russian name in Russian
    (the seed's «Умелец», «Профессионал», «Мастер» from the catalog; a campaign ladder's
    own Russian name in Russian)."""
    said = tr(level.name_en)
    if said != level.name_en:
        return said
    return level.name_ru if current() == "ru" and level.name_ru else level.name_en
