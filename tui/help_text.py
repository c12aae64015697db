"""The help text of the roll-entry language (f1 and /help; the key list is generated)."""

from __future__ import annotations

GRAMMAR = """\
ROLL ENTRY — type a line, Enter commits, Tab completes names, Up/Down recall history
  While typing, the line above shows the check and its exact odds; with every die typed
  it also shows what Enter will record. Errors are shown there and change nothing.

  CHAR SKILL [modifiers] [= dice]      a check; without '= dice' the app rolls
  CHAR SKILL ... vs CHAR [SKILL] ...   an opposed roll (the second skill defaults
                                       to the first when the opponent has it)
  3d6+2   d100   2d6-1   d%            free dice (add '= 4 5' to type the faces)
  /command [args]                      every action (see below and ctrl+p)
  ... ext=NAME [clear]                 the roll counts toward an extended check

  Names match by prefix or fuzzily, Cyrillic included: 'al sp' = Alice Moore, Spot Hidden.
  Dice after '=' are separated by spaces, commas or dashes: = 07   = 4 3 5   = 1-6-6-5

MODIFIERS BY SYSTEM
  BRP       easy | hard | automatic | impossible, nostakes, +N/-N percent;
            STR vs SIZ (two characteristics) uses the resistance table.  = 07 (00 = 100)
  GURPS     signed modifiers, each -10..+10: lockpicker lockpicking -5 +10 = 4 3 5
            (three dice, or one 3d6 total)
  AGE       tn=N or a difficulty word (routine easy average challenging hard
            very-hard formidable nearly-impossible), +N/-N; the focus counts
            when the skill names it.  = 3 4 6 (the last die is the Drama Die)
  Strange   range=L,H  resist=L,H  mod=N, opposed (else the app rolls the GM's 2d6);
            kirma bow mod=-1 range=4,5 resist=3,4 = 3 3 4 5
  Skirmish  die=d10|d12|d20, +N/-N, x2, /2, set=N; dice=N for several dice in
            a contest: samurai fighting = 5 vs yamabushi = 8
"""
