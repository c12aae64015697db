"""BRP's terms as the tracker shows them: the rules' grade labels and difficulty names, for
the catalog (each is translated where shown, :func:`tui.language.tr`)."""

from __future__ import annotations

from tui.language import N_

__all__ = ["TERMS"]

TERMS = (
    N_("fumble"),
    N_("failure"),
    N_("success"),
    N_("special success"),
    N_("critical success"),
    N_("automatic"),
    N_("easy"),
    N_("normal"),
    N_("hard"),
    N_("impossible"),
    N_("active"),
    N_("passive"),
)
