"""Extended checks (AGE advanced and challenge tests, usable in every system).

- ``commands`` — ``/ext``, ``/clear``, ``/unblock`` (cheap: loaded for every campaign).
- ``rolls`` — the roll hooks: which check a roll counts toward (cheap as well).
- ``naming`` — a check by name, the selected one, the ``/ext`` usage (cheap).
- ``checks`` — a new check from ``/ext NAME key=value…``; clearing and unblocking.
- ``progress`` — what a counted roll adds: pool, time, consequences (an opposed roll too).
- ``races`` — races: two sides filling their own pools, first to the threshold wins.
- ``chances`` — the preview's exact chance to complete a check (or win a race).
- ``amend`` — a counted roll changed after the fact (Fortune): the check re-counts it.
- ``data`` — the GM's consequence syntax; ``save`` — ``ChallengeTest``/``Race`` ⇄
  ``ExtendedCheck``.
- ``view`` — the checks as lines for the scene panel.

An extended check is an AGE challenge test whatever the campaign's system, so ``checks``,
``progress``, ``data`` and ``view`` need ``rules.age``; they are imported only once a
campaign has (or creates) a check. Per system, the system interface says what a roll adds
(``extended_progress``, ``extended_result``: a neutral ``StepRoll`` that ``progress`` hands
the AGE rules), how a skill is named (``extended_skill``) and
whether the TN matters (``extended_tn``, ``with_check_tn``).
"""
