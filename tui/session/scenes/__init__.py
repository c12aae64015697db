"""Scenes at the table: start and end, turn order, and the scene panel's lines.

- ``base`` — the running scene, name matching, starting and ending a scene.
- ``commands`` — ``/scene`` and ``/endscene``.
- ``order`` — the turn order: ``/order``, ``/init``, ``/next``, ``/swap``, ``/up``, ``/down``.
- ``view`` — the scene panel's content as plain styled segments.
"""
