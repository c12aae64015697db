"""Crash-test child: stream changes into a save until killed.

Run as ``python -m tests.store.crash_child SAVE``. Prints ``ready``, then after every change
that the store has written (log appended, campaign saved) the counter's new value: a printed
number is an acknowledged change.
"""

from __future__ import annotations

import sys

from tests.store.helpers import Bump, counter
from tui.session.campaign.session import Session
from tui.store import Store


def main(path: str) -> None:
    store = Store.open(path)
    session = Session(store.campaign, store.log)
    session.subscribe(store.listener)
    print("ready", flush=True)
    while True:
        session.execute(Bump())
        print(counter(session.campaign), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
