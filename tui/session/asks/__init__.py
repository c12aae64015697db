"""Rolls the players make on their own devices: the GM's requests (``/ask``) and their answers.

The requests are campaign state (:mod:`~tui.session.asks.requests`), made and withdrawn by
``/ask`` (:mod:`~tui.session.asks.commands`); an answer — the dice a player typed, or "roll
for me" — is run by the GM's app exactly as the roll line with those dice, the request
closed in the same step (:mod:`~tui.session.asks.answer`).
"""
