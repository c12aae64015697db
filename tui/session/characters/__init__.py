"""Characters at the table: adding, copying, editing and removing them, resources with
maxima, conditions that count down, and what the character sheet shows.

- ``roster`` — pure changes of the party: add, duplicate, rename, remove (and what each
  does to the names in the turn order, the scene state and the extended checks).
- ``references`` — the generic renaming and dropping of a name inside scene data.
- ``values`` — reading what the GM types: names, skill and attribute values, lists.
- ``resources`` — resource changes with maxima (``HP 7/11``), "is down" at 0 or below.
- ``conditions`` — conditions with durations, counted down by the round and by the turn.
- ``form`` — the character editor's fields: their text, and applying one confirmed field.
- ``sheet`` — the character sheet's lines and a character's recent rolls from the log.
- ``commands`` — ``/add``, ``/edit``, ``/sheet``, ``/dup``, ``/rm``, ``/skill``, ``/attr``,
  ``/hp``, ``/cond``, ``/uncond`` and the change hooks (round countdown, "is down").
"""
