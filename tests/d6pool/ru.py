"""The d6 pool's Russian: its terms, its roll-entry word and its help.

``tui.language`` offers no public way to add a plugin's entries to its catalog, so the toy
keeps them here and looks them up itself through the public :func:`tui.language.current`
and :func:`tui.language.ru_form` (the plural form of a count).
"""

from __future__ import annotations

LEVELS = {"failure": "провал", "success": "успех", "critical": "критический успех"}
HITS = ("{n} попадание", "{n} попадания", "{n} попаданий")
ENTRY_WORDS = {"легко": "easy"}
HELP = (
    "  навык — это пул d6, каждая 5 или 6 — попадание: ann climb = 5 6 2\n"
    "  easy (легко): на одну кость больше (не больше шести).\n"
)
