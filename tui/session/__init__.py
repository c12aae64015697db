"""The session model: campaign state, commands with undo, the log. Imports no Textual/Rich.

- ``campaign/`` — the campaign model, the save schema, log entries and the :class:`Session`
  (every change a command, undo/redo).
- ``table/`` — the :class:`Table` that turns a typed line into a change (preview/submit), the
  roll-entry language, name matching, completion and the core slash commands.
- ``scenes/`` — scenes, turn order and the scene panel's lines.
- ``extended/`` — extended checks: commands, save data, roll hooks, view.
- ``systems/`` — the system adapters and everything else one rule system brings.
"""
