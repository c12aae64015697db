"""The table: a line the GM typed → a preview, or a change of the session.

- ``table`` — :class:`Table` (preview on every keystroke, submit on Enter), slash commands.
- ``entry`` — the roll-entry language: a line → a check, a free roll or a ``/command``.
- ``names`` — matching names by prefix, fuzzily and transliterated.
- ``completion`` — Tab completion of commands, characters and skills.
- ``core_commands`` — the slash commands every system has (undo, notes, resources …).
"""
