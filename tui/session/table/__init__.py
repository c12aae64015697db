"""The table: a line the GM typed → a preview, or a change of the session.

- ``table`` — :class:`Table` (preview on every keystroke, submit on Enter).
- ``steps`` — what the table hands the session: a pure change, a planned roll with its
  hooks, free dice; the preview's generator that refuses to roll.
- ``pick`` — the characters a command's leading words name.
- ``entry`` — the roll-entry language: a line → a check, a free roll or a ``/command``.
- ``names`` — matching names by prefix, fuzzily, transliterated and with one typo;
  "did you mean …".
- ``completion`` — Tab completion of commands and their declared arguments, characters,
  skills and modifiers, in the GM's script and case.
- ``best`` — "who should roll this?" (``/best``): every party member's odds for a check.
- ``wording`` — plurals, and the rules' internal phrasing turned into sentences.
- ``core_commands`` — the slash commands every system has (undo, notes, renaming …).

Command sets, the slash context and the table's answers live below, in
:mod:`tui.session.protocol`; the table is handed its system and its command sets by
:func:`tui.session.tables.open_table`.
"""
