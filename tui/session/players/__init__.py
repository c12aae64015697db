"""The players' view: what the table may see of the GM's campaign and log (no Textual).

The read-only view (``tablekeeper FILE --read-only``, ``tablekeeper serve``) is given a
table over :func:`players` of the GM's state, never the state itself, so every panel, the
sheet, completion, the palette and the help render only what passed this one filter.

What the players see:

- **GM-only characters** (``gm_only = true``) are not in the party, and nothing of theirs is
  shown: no sheet, attributes (a danger class), skills, resources, notes, initiative,
  maneuvers, Strange System goals, actions, skips or reactions (their required hits), nor
  their extended-check rolls. Where the table knows *someone* is there, they are a stand-in
  name: "Unknown A", "Unknown B" … — in the turn order (their turn is shown as theirs), as the
  target of a visible character's action, and in any text of the save that mentions them
  (a scene's or a check's name). A letter is given when the players first meet the
  character and kept with the campaign (:mod:`tui.session.campaign.stand_ins`), so letters
  never move and never tell how many hidden characters the save has. "Unknown", not
  "Enemy": a GM-only character may be a friend.
- **Notes of the GM**: every character's ``notes`` (the GM's notes on the sheet) are left
  out, and so is the scene history (the view never shows it).
- **The log** (:mod:`tui.session.players.log`): secret entries (``!`` rolls, ``/note``) are
  left out; an entry a GM-only character made is left out; one a visible character made
  against one is told anew, without a number — "Кирма rolls against Unknown A: success";
  one no character made (a turn, a round) keeps its public part, the hidden one named by
  the stand-in — "round 2: Unknown A's turn ⟶ Alice Moore: bleeding ends".

- **Secret entries leave no trace**: a value a secret entry changed shows as the last public
  entry left it (:mod:`tui.session.campaign.veil`).

A character is GM-only if the save says so now, or if a log entry recorded it so when it was
made (``LogEntry.hidden``), whatever its name became since. System data kept in
``scene.system`` passes through the system's ``players_scene`` (the interface's default
shares none of it).
"""

from tui.session.players.cast import Cast
from tui.session.players.log import filter_entries
from tui.session.players.view import players, players_campaign, players_log, players_view

__all__ = ["Cast", "filter_entries", "players", "players_campaign", "players_log", "players_view"]
