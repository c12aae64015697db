"""Extended checks (AGE advanced and challenge tests, in any system).

- ``commands`` — ``/ext``, ``/clear``, ``/unblock``.
- ``data`` — the GM's consequence syntax and ``ChallengeTest`` ⇄ ``ExtendedCheck``.
- ``rolls`` — the roll hooks: which check a roll counts toward, and what it adds.
- ``view`` — the checks as lines for the scene panel.
"""
