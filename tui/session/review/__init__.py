"""Looking back over a campaign (no Textual): finding entries of the log, the past scenes.

- :mod:`.find` — a filter of log entries (words, character, kind, grade, scene) run over a
  stream of the whole log, keeping only the newest matches;
- :mod:`.scenes` — the scene history as rows to list (read only when asked: the history is
  lazy, see :mod:`tui.session.campaign.history`);
- :mod:`.commands` — ``/find``, ``/scenes``, ``/stats`` and ``/recap``, which ask the app for
  their screens (the recap is written there, where the save's folder is known).
"""
