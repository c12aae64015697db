"""The skirmish system's terms as the tracker shows them: the rules' outcome labels, for the
catalog (each is translated where shown, :func:`tui.language.tr`)."""

from __future__ import annotations

from tui.language import N_

__all__ = ["TERMS"]

TERMS = (
    N_("catastrophic failure"),
    N_("failure"),
    N_("success"),
    N_("lucky chance"),
)
