"""The session model: campaign state, commands with undo, the log. Imports no Textual/Rich.

- ``campaign/`` — the campaign model, the save schema, log entries and the session
  (every change a command, undo/redo).
- ``table/`` — the table that turns a typed line into a change (preview/submit),
  completion and the core slash commands.
- ``entry/`` — the roll-entry language: the parser, name matching, what a line becomes.
- ``scenes/`` — scenes, turn order and the scene panel's lines.
- ``extended/`` — extended checks: commands, save data, roll hooks, view.
- ``adventure/`` — the generic end-of-adventure flow (rows rolled or typed, one step).
- ``players/`` — the players' view filter (nothing GM-only reaches the players).
- ``stats/`` — dice statistics: each roll's stored odds, exact Poisson-binomial standing.
- ``recap/`` — the Markdown recap for the players (or a GM copy) over a streamed log.
- ``review/`` — finding entries in the whole log, the past scenes, and their commands.
- ``systems/`` — the registry of systems, the ``Defaults`` a system subclasses, and one
  package per system with everything the tracker knows about it.
- ``protocol/`` — the bottom above the campaign: the ``System`` protocol, command sets, the
  slash context a handler gets, plain values, the system infos.
- ``tables`` — the top: opens a table with the registry's system and the shared command
  sets, listed once in the order their hooks run.

The rooms are layered (pyproject's ``session`` contract): tables → systems → adventure |
review → recap → players → scenes → asks → characters | extended → table → entry → stats →
protocol → campaign; every import, in a function body too, points down.
"""
