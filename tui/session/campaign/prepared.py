"""What the GM prepares ahead and the players never see, kept in the campaign's options.

``options.bestiary`` holds the campaign's own creature templates and ``options.encounters``
the prepared fights (:mod:`tui.session.characters.bestiary`,
:mod:`tui.session.encounters`). The players' filter drops both keys whole, so nothing
prepared reaches a players' surface until ``/start`` brings it to the table.
"""

from __future__ import annotations

__all__ = ["BESTIARY", "ENCOUNTERS", "GM_ONLY_OPTIONS"]

BESTIARY = "bestiary"
ENCOUNTERS = "encounters"
#: the option keys the players' view leaves out
GM_ONLY_OPTIONS = (BESTIARY, ENCOUNTERS)
