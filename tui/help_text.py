"""The help text of the roll-entry language (f1 and /help; the key list is generated).

The modifiers of the roll entry are the system's: :func:`modifiers` heads the open
campaign's system's ``entry_help`` with its name, or lists the registered systems when no
campaign is open (the picker).
"""

from __future__ import annotations

from collections.abc import Sequence

GRAMMAR = """\
ROLL ENTRY — type a line, Enter commits, Tab completes names, Up/Down recall history
  While typing, the line above shows the check and its exact odds; with every die typed
  it also shows what Enter will record. Errors are shown there and change nothing.

  CHAR SKILL [modifiers] [= dice]      a check; without '= dice' the app rolls
  CHAR SKILL ... vs CHAR [SKILL] ...   an opposed roll (a later side's skill defaults
                                       to the first side's when it has it); AGE and
                                       BRP take more sides: ... vs CHAR SKILL ...
  3d6+2   d100   2d6-1   d%            free dice (add '= 4 5' to type the faces)
  /command [args]                      every action (see below and ctrl+p)
  ... ext=NAME [clear]                 the roll counts toward an extended check
  !LINE                                a secret line: its log entry is the GM's only
                                       (!alice spot hidden); /note is the GM's, /note!
                                       a note the players' view shows too

  Names match by prefix or fuzzily, Cyrillic included: 'al sp' = Alice Moore, Spot Hidden.
  Dice after '=' are separated by spaces, commas or dashes: = 07   = 4 3 5   = 1-6-6-5
"""

PLAYERS_VIEW = """\
PLAYERS' VIEW — read-only: follows the GM's table live
  It shows what the players may see. GM-only characters, their
  rolls, the GM's notes and secret rolls are left out; "Unknown A"
  stands for a hidden character the table knows is there.
  f2 shows the next sheet; PageUp/PageDown scroll the log.
  Nothing typed here changes the table: /help, /quit.
"""


def modifiers(system_name: str = "", entry_help: str = "", systems: Sequence[str] = ()) -> str:
    """The help's MODIFIERS section for one system, or the list of systems to pick from."""
    if system_name:
        return f"MODIFIERS — {system_name}\n{entry_help}"
    return ("MODIFIERS — each campaign's help lists its system's\n  systems: "
            + ", ".join(systems) + "\n")
