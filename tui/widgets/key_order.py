"""Keys take effect in the order they were typed, also when they arrive in one burst.

A GM typing quickly, or over a slow SSH link, delivers several keys in one read of the
terminal; Textual posts them to the app at once. Left to itself Textual then lets them
overtake one another: the app hands a key to the focused widget and takes the next one at
once, while the first is still on its way. A widget's own bindings (OptionList's Down, an
Input's Enter) run only when the key has bubbled back up to the app, and messages a key
causes (a row highlighted, a line submitted, a screen pushed) are handled later still,
whereas a priority binding (ctrl+z, ctrl+q, the editor's Enter) runs as soon as its key
reaches the app. So ``Down Enter`` in the character editor edited the row the cursor was
*leaving*, and a key typed right after an Enter that opens a screen or an edit line could
reach the widget that had focus before.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from textual import events
from textual.app import App, ReturnType
from textual.message_pump import MessagePump

__all__ = [
    "MAX_POLLS",
    "QUICK_POLLS",
    "SETTLE_LIMIT",
    "SETTLE_NAP",
    "OrderedKeysApp",
    "after_typed_keys",
    "keys_waiting",
    "waiting",
]

#: Looks at the app that only let the event loop run once, before each look waits SETTLE_NAP.
QUICK_POLLS = 64
#: Seconds between two looks once the quick ones are used up (a long handler, no busy wait).
SETTLE_NAP = 0.001
#: Seconds a held key waits at most for an app that is free to run but does not settle (a
#: handler waiting on a timer, a thread or the disk). Counted in looks, not on the clock: a
#: machine too busy to run the app delays the next key, never lets it overtake.
SETTLE_LIMIT = 1.0
MAX_POLLS = QUICK_POLLS + round(SETTLE_LIMIT / SETTLE_NAP)

Typed = events.Key | events.Paste
Later = Callable[[], object]


def keys_waiting(app: App[object]) -> int:
    """How many keys and pastes typed after the one being handled wait for it (0: none)."""
    return app.keys_waiting if isinstance(app, OrderedKeysApp) else 0


def after_typed_keys(app: App[object], callback: Later) -> bool:
    """When keys typed ahead wait, run ``callback`` once none waits any more, and say so.

    For work that only the last key of a burst needs (a preview of the line being typed):
    the same callback asked for several times in one burst runs once.
    """
    if not keys_waiting(app):
        return False
    assert isinstance(app, OrderedKeysApp)
    app._after_keys[callback] = None
    return True


def waiting(pump: MessagePump) -> bool:
    """``pump`` has nothing queued and waits for its next message (it is not in a handler).

    A pump that has not started or has ended counts as waiting. Textual has no public
    "busy" flag, so this looks at the pump's queue (Textual's own, held to one minor series
    in pyproject; a test fails if this stops seeing a widget inside a handler): a waiting
    pump is parked in ``Queue.get``, on the queue's ready event, which then has a pending
    waiter.
    """
    task = pump._task
    if task is None or task.done() or pump._closed:
        return True
    if pump._pending_message is not None:
        return False
    if pump.message_queue_size:
        return False
    queue: object = pump._message_queue
    parked: Iterable[asyncio.Future[object]] | None = getattr(
        getattr(queue, "ready_event", None), "_waiters", None
    )
    if parked is None:  # another Textual: the queue alone must do
        return True
    return any(not future.done() for future in parked)


class OrderedKeysApp(App[ReturnType]):
    """An app whose typed keys and pastes take effect one after another (module docstring).

    :class:`OrderedKeysApp` therefore lets one typed key (or paste) through at a time: a key
    that arrives while the app is *settled* is handled at once, as Textual would (no added
    latency for keys typed at a human pace); a key that arrives while an earlier one is still
    being handled waits in order and is handed on when the app has settled again. *Settled*
    means the app and every widget of the current screen have nothing queued and each is waiting
    for its next message (none is inside a handler), seen twice in a row with the event loop run
    in between — then the earlier key, its bindings and everything it caused (focus moved,
    screen pushed and mounted, result shown) are done, and the next key meets the focus and the
    screen as they are by then. One general mechanism, so every screen gets it: the editor, the
    sheet, the picker, the roll form, /best, the scene screen, the dialogs and the main screen
    with the app's priority keys.

    Decisions: mouse events are not held (they point at a place, not at the focus). A slow or
    loaded machine delays a held key but never lets it overtake; only a handler that waits (on a
    timer, a thread, the disk) for about :data:`SETTLE_LIMIT` while the app is free lets the
    next key go on, rather than the keyboard freezing. No key is ever dropped while the app
    runs. Settling is watched by a task that looks at the queues between turns of the event loop
    (a few microseconds a look; at first it only yields, then naps :data:`SETTLE_NAP`), so a key
    typed at a human pace meets a settled app and pays nothing.

    Widgets that treat typed-ahead keys specially ask here: :func:`keys_waiting` (the roll entry
    puts a refused line back only when no key was typed after its Enter) and
    :func:`after_typed_keys` (the main screen previews the line being typed once, after the
    burst's last key, so the results of the lines committed in a burst stay on screen).
    """

    #: None: no key in hand; else the keys and pastes typed since, waiting in order
    _typed_waiting: deque[Typed] | None = None
    _settling: asyncio.Task[None] | None = None  # kept: the loop holds tasks weakly
    _after_keys: dict[Later, None]  # run once no typed key waits (after_typed_keys)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._after_keys = {}

    @property
    def keys_waiting(self) -> int:
        """How many typed keys and pastes wait for the ones before them."""
        return len(self._typed_waiting or ())

    @property
    def keys_handled(self) -> bool:
        """Every key and paste taken so far has been handled and the app has settled."""
        return self._typed_waiting is None

    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, (events.Key, events.Paste)) or event.is_forwarded:
            await super().on_event(event)
            return
        if self._typed_waiting is not None:  # an earlier key is still being handled
            self._typed_waiting.append(event)
            return
        self._typed_waiting = deque()
        await self._take(event)

    async def _take(self, event: Typed) -> None:
        try:
            await super().on_event(event)
        finally:
            self._settling = asyncio.create_task(self._next_when_settled())

    def settled(self) -> bool:
        """The app and every widget of its current screen wait for their next message."""
        if not waiting(self):
            return False
        try:
            screen = self.screen
        except Exception:  # no screen yet, or the last one is going
            return True
        return all(waiting(node) for node in screen.walk_children(with_self=True))

    async def _next_when_settled(self) -> None:
        try:
            await self._settle()
        finally:  # whatever happened while settling, the keys typed since go on
            self._hand_on()

    async def _settle(self) -> None:
        polls = calm = 0
        while calm < 2 and polls < MAX_POLLS:
            await asyncio.sleep(0 if polls < QUICK_POLLS else SETTLE_NAP)
            polls += 1
            calm = calm + 1 if self.settled() else 0

    def _hand_on(self) -> None:
        """The next key waiting, or (none waits) the work asked for after the burst."""
        held = self._typed_waiting
        if not held:
            self._typed_waiting = None
            later, self._after_keys = list(self._after_keys), {}
            for callback in later:  # in its widget, unless that has gone meanwhile
                owner = getattr(callback, "__self__", None)
                (owner if isinstance(owner, MessagePump) else self).call_later(callback)
            return
        if not self.call_later(self._take, held.popleft()):  # the app is closing
            self._typed_waiting = None
