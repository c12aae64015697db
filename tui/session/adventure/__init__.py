"""The end of an adventure, for any system that has rolls to make then (BRP experience).

- ``flow`` — the generic part the end-of-adventure screen drives: the rows a system offers
  (:class:`~tui.session.adventure.flow.AdventureEnd`), dice typed or rolled one at a time,
  and applying them all as one undoable, logged step. What the rows mean (a BRP d100 per
  ticked skill, then the d6 gain) lives in the system's package.
"""
