"""GURPS terms as the tracker shows them: the rules' grade labels, for the catalog (each is
translated where shown, :func:`tui.language.tr`)."""

from __future__ import annotations

from tui.language import N_

__all__ = ["TERMS"]

TERMS = (
    N_("critical failure"),
    N_("failure"),
    N_("success"),
    N_("critical success"),
    N_("dodge"),
    N_("parry"),
    N_("block"),
)
