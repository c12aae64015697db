"""AGE terms as the tracker shows them: the rules' outcomes and the difficulty table's names,
for the catalog (each is translated where shown, :func:`tui.language.tr`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.language import N_, Msg, msg, nmsg, term

if TYPE_CHECKING:
    from rules.age import Result

__all__ = ["TERMS", "penalty_msg", "result_msg"]

TERMS = (
    N_("failure"),
    N_("success"),
    N_("Routine"),
    N_("Easy"),
    N_("Average"),
    N_("Challenging"),
    N_("Hard"),
    N_("Very Hard"),
    N_("Formidable"),
    N_("Nearly Impossible"),
)


def result_msg(result: Result) -> Msg:
    """A test's result as the log keeps it (the rules' ``label``, word for word in English):
    ``success, 2 stunt points (3+3+drama 2+3 = 11 vs 11, margin +0)``."""
    d1, d2, dd = result.dice
    head: Msg = term(result.outcome.label)
    if result.stunt_points:
        head = msg(
            "{grade}, {points}",
            grade=head,
            points=nmsg("{n} stunt point", "{n} stunt points", result.stunt_points),
        )
    return msg(
        "{head} ({d1}+{d2}+drama {dd}{bonus} = {total} vs {tn}, margin {margin})",
        head=head,
        d1=d1,
        d2=d2,
        dd=dd,
        bonus=f"{result.bonus:+d}",
        total=result.total,
        tn=result.tn,
        margin=f"{result.margin:+d}",
    )


def penalty_msg(n: int) -> Msg:
    """An extended check's consequence of ``n``: the TN the rolls go against, ``TN +2``."""
    return msg("TN +{n}", n=n)
