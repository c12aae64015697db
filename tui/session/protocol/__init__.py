"""What the session's rooms speak to each other in: the bottom layer above the campaign.

- ``system`` — the :class:`System` protocol shared code asks a rule system through, in
  neutral types (an extended check counts a :class:`StepRoll`, whatever system rolled).
- ``plans`` — what a system hands the table: a plan with its exact odds, scene fragments.
- ``lines`` — what a typed line becomes (a slash command, a free roll, a check's sides).
- ``commands`` — command sets: slash commands and the hooks run around a roll or a change.
- ``context`` — :class:`SlashContext`, what a slash command may do (not the whole table).
- ``answers`` — the table's preview and feedback.
- ``adventure`` — the end-of-adventure rows a system may offer.
- ``infos`` — the registry of system infos (names only; the code is found from the top).

Protocols and plain values only, so every room above can name them and none of them needs
a system's code.
"""
