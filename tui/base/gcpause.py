"""Opening a campaign without the cyclic garbage collector, then handing its objects over as old.

Opening a long campaign makes tens of thousands of objects (the characters, the parsed log
tail, the widgets); each 700 allocations CPython's collector scans the young ones, and the
scans cost about a tenth of the time to the first frame while finding almost nothing (the
objects are alive: a collection right after opening the big bench campaign frees 3,400 of
60,000). So the app pauses the collector while it opens (:func:`pause`, from the app's
constructor and the command line) and, once the first interactive frame is out
(:func:`resume`), hands every object made so far straight to the oldest generation
(``gc.freeze()`` then ``gc.unfreeze()``: a move of lists, no scan) and switches the
collector back on. Nothing is leaked: the old generation is still collected, only rarely,
as for any long-lived object. :func:`resume` is also called when the app stops and a few
seconds after it starts, so a path that never reaches the main screen (the picker, a
problem dialog, an error) cannot leave the collector off.

No Textual or Rich here.
"""

from __future__ import annotations

import gc

__all__ = ["pause", "paused", "resume"]

_paused = False


def pause() -> None:
    """Switch the collector off until :func:`resume` (nothing if it is off already: then
    whoever switched it off decides)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def paused() -> bool:
    return _paused


def resume() -> None:
    """Everything made while paused becomes old; the collector is on again. Idempotent."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.unfreeze()
        gc.enable()
