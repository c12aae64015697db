"""The table: a line the GM typed → a preview, or a change of the session.

- ``table`` — :class:`Table` (preview on every keystroke, submit on Enter).
- ``completion`` — Tab completion of commands and their declared arguments, characters,
  skills and modifiers, in the GM's script and case (it reads the table's campaign).
- ``best`` — "who should roll this?" (``/best``): every party member's odds for a check.
- ``core_commands`` — the slash commands every system has (undo, notes, renaming …).

The language a line is written in lives below, in :mod:`tui.session.entry`; command sets,
the slash context and the table's answers in :mod:`tui.session.protocol`. The table is
handed its system and its command sets by :func:`tui.session.tables.open_table`.
"""
