"""The roll-entry language: what a line the GM typed says, apart from any table.

- ``entry`` — the parser: a line → a check, a free roll or a ``/command``.
- ``names`` — matching names by prefix, fuzzily, transliterated and with one typo;
  "did you mean …" (``name_index`` and ``name_cache`` keep the lookups fast).
- ``pick`` — the characters a command's leading words name.
- ``vocabulary`` — the modifier words in the GM's language and the system's own.
- ``steps`` — what a line becomes for the session: a pure change, a planned roll with its
  hooks, free dice; the preview's generator that refuses to roll.
- ``wording`` and ``rules_text`` — plurals, and the rules' phrasing turned into sentences.

The systems and the shared rooms read lines through this package; the
:class:`~tui.session.table.table.Table` that runs them sits above it.
"""
