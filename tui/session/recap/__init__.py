"""The recap for the players: what happened, in Markdown (no Textual).

``tablekeeper recap FILE`` and ``/recap`` in the app write it. It tells, for the entries
selected (:mod:`.select`: ``--adventure``, ``--since``, ``--scene``), the scenes in order
with their summaries and notable rolls, the extended checks and how they ended (with their
consequence), experience gained, resource changes, and the dice statistics per character
(:mod:`tui.session.stats`). It is for the players by default — everything passes the
players' view filter, so no GM-only character, secret line or hidden value is in it — and a
GM copy with ``gm``. Modules: :mod:`.select` (the filters), :mod:`.gather` (one streaming
pass over the entries), :mod:`.markdown` (every word written), :mod:`.build` (the two).
"""

from tui.session.recap.build import Source, recap
from tui.session.recap.select import RecapOptions

__all__ = ["RecapOptions", "Source", "recap"]
