"""AGE terms as the tracker shows them: the rules' outcomes and the difficulty table's names,
for the catalog (each is translated where shown, :func:`tui.i18n.tr`)."""

from __future__ import annotations

from tui.i18n import N_

__all__ = ["TERMS"]

TERMS = (
    N_("failure"), N_("success"),
    N_("Routine"), N_("Easy"), N_("Average"), N_("Challenging"), N_("Hard"), N_("Very Hard"),
    N_("Formidable"), N_("Nearly Impossible"),
)
