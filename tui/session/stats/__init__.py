"""Dice statistics: how lucky the table's rolls were, computed exactly (no Textual).

Every roll with odds carries, in its log entry, the exact chance that it succeeded for its
actor as the preview computed it before the dice fell (``LogEntry.odds``, set by the table
on Enter from the plan's odds, so no keystroke pays for it). From those:

- :mod:`tui.session.stats.odds` — what counts as a success (a ``critical``, ``special`` or
  ``success`` grade, the first-named actor's view, as the log colours it) and the chance of
  one in a plan's odds;
- :mod:`tui.session.stats.poisson` — the exact distribution of the number of successes of
  rolls with different chances (a Poisson-binomial) and the percentile of a count in it;
- :mod:`tui.session.stats.dice` — the rolls of a log, streamed, per character and for the
  whole campaign (its one system), undone rolls left out.
"""

from tui.session.stats.dice import DiceStats, Tally
from tui.session.stats.odds import SUCCESS_GRADES, is_success, success_chance
from tui.session.stats.poisson import Luck, distribution, luck, percentile

__all__ = [
    "SUCCESS_GRADES",
    "DiceStats",
    "Luck",
    "Tally",
    "distribution",
    "is_success",
    "luck",
    "percentile",
    "success_chance",
]
