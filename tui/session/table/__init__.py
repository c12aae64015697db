"""The table: a line the GM typed → a preview, or a change of the session.

- ``table`` — :class:`Table` (preview on every keystroke, submit on Enter).
- ``commands`` — slash commands and roll hooks: :class:`CommandSet`, the shared set and
  the modules that fill it (a system's own set comes through the system interface).
- ``entry`` — the roll-entry language: a line → a check, a free roll or a ``/command``.
- ``names`` — matching names by prefix, fuzzily and transliterated.
- ``completion`` — Tab completion of commands, characters and skills.
- ``core_commands`` — the slash commands every system has (undo, notes, renaming …).
"""
