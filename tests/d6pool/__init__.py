"""A sixth system defined only in the tests: the "d6 pool" (N d6, each 5 or 6 a hit).

It is made of what the README's "Adding a system" lists: a rules module (``rules.py``:
``resolve``, ``roll``, exact ``odds``), a tracker package (this one: its ``SYSTEM`` answers
the System protocol; ``adapter.py`` builds the plans), a demo (``demo-d6pool.toml``), its
Russian (``ru.py``) and a registry entry (:data:`INFO`, registered by the tests at run time).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from tests.d6pool import ru
from tui import language as i18n
from tui.session.campaign.model import Value
from tui.session.systems.bounds import within
from tui.session.systems.interface import Defaults
from tui.session.systems.registry import SystemInfo

if TYPE_CHECKING:
    from tests.d6pool.adapter import PoolAdapter

__all__ = ["DEMO", "HELP", "INFO", "SYSTEM", "Pool"]

INFO = SystemInfo("d6pool", "d6 pool (toy)", "tests.d6pool.rules", "tests.d6pool")
DEMO = Path(__file__).with_name("demo-d6pool.toml")
HELP = (
    "  a skill is a pool of d6, each 5 or 6 a hit: ann climb = 5 6 2\n"
    "  easy: one die more (at most six).\n"
)


class Pool(Defaults):
    key = "d6pool"
    skill_type = int  # the number of dice
    entry_words: ClassVar[Mapping[str, str]] = ru.ENTRY_WORDS
    progress_by_grade: ClassVar[Mapping[str, int]] = {"critical": 2, "success": 1}

    @property
    def entry_help(self) -> str:  # type: ignore[override]
        return ru.HELP if i18n.current() == "ru" else HELP

    def skill_problem(self, value: Value) -> str:
        return within(value, 1, 6)

    def adapter(self) -> PoolAdapter:
        from tests.d6pool.adapter import PoolAdapter

        return PoolAdapter()


SYSTEM = Pool()
