"""The campaign: its model, its save format, its log, and the session that changes it.

- ``model`` — the immutable :class:`Campaign` and its parts (characters, scene, checks).
- ``schema`` — Campaign ⇄ TOML document: the save format, validation, migrations.
- ``log`` — :class:`LogEntry`, one line of the table's history, and its TOML form.
- ``session`` — the :class:`Session`: one owner of the state, commands, undo/redo.
"""
