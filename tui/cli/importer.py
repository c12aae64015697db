"""``tablekeeper import CAMPAIGN FILE... [--npc] [--gm-only] [--yes] [--on-clash WHAT]``.

Adds one character per file, read by the campaign's system (GURPS reads GCS sheets), as one
logged step that ``/undo`` takes back like any other. Every file is read and checked before
anything is written; a broken, foreign or too-large file is skipped, one line saying why,
and the rest is imported: exit status 0 when every file was imported, 3 when some were
skipped, 1 when nothing was (the campaign unchanged). An update of a character imported
before, and a name another character already has, are shown and asked about on a
terminal; without one, ``--yes`` and ``--on-clash`` decide, else that file is skipped,
saying which option imports it.
The save must not be open in the app (``/import`` there does the same, the app writing).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from tui.language import _
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import CommandError, Outcome, Session
from tui.session.characters import importing
from tui.session.characters.importing import Clash, Planned
from tui.session.protocol.system import Imported
from tui.session.systems.registry import tracker
from tui.store.errors import LockedError, SaveError
from tui.store.store import Store

__all__ = ["CLASHES", "SOME_SKIPPED", "import_main"]

CLASHES: tuple[Clash, ...] = ("update", "rename", "skip")
#: the exit status of an import that skipped some files and imported the rest
SOME_SKIPPED = 3
Ask = Callable[[str], str]


@dataclass(frozen=True)
class _Import:
    """The import as a session command: every planned file at once, or nothing."""

    planned: tuple[Planned, ...]
    side: str
    gm_only: bool
    unread: tuple[str, ...] = ()

    def apply(self, campaign: Campaign) -> Outcome:
        after = importing.apply(
            tracker(campaign.system), campaign, self.planned, side=self.side, gm_only=self.gm_only
        )
        return Outcome(after, importing.draft(self.planned, self.unread))


def _say(text: str) -> None:
    print(f"tablekeeper import: {text}", file=sys.stderr)


def _choice(ask: Ask, question: str, answers: dict[str, Clash]) -> Clash | None:
    reply = ask(question).strip().casefold()
    return answers.get(reply[:1]) if reply else None


def _resolved(
    campaign: Campaign, planned: list[Planned], on_clash: Clash | None, ask: Ask | None
) -> list[Planned]:
    """Each clash decided by ``--on-clash``, else asked on a terminal; one left undecided is
    skipped, saying how to import it, so the rest of a batch still goes in."""
    done: list[Planned] = []
    for item in planned:
        if item.clash is None:
            done.append(item)
            continue
        how = on_clash
        if how is None and ask is not None:
            question = (
                _(
                    "{file}: {name} is also in {other} of this import: "
                    "[r]ename this one to a numbered copy, or [s]kip it? "
                ).format(file=item.imported.file, name=item.clash, other=item.clash_file)
                if item.clash_file
                else _(
                    "{file}: {name} is already in the campaign (not from this file): "
                    "[u]pdate it, import as a [r]enamed copy, or [s]kip? "
                ).format(file=item.imported.file, name=item.clash)
            )
            how = _choice(ask, question, {"u": "update", "r": "rename", "s": "skip"})
        if how is None:
            reason = (
                _("{name} is also in {other}: add --on-clash rename to import both").format(
                    name=item.clash, other=item.clash_file
                )
                if item.clash_file
                else _(
                    "{name} is already in the campaign: add --on-clash update, rename or skip"
                ).format(name=item.clash)
            )
            done.append(replace(item, clash=None, skipped=True, reason=reason))
            continue
        taken = importing.taken_names(campaign, [*done, *planned])
        done.append(importing.resolve(campaign, item, how, taken))
    return done


def _confirmed(planned: Sequence[Planned], yes: bool, ask: Ask | None) -> list[Planned]:
    """``planned`` once the updates are shown and confirmed (``--yes``, or asked on a
    terminal); updates not confirmed are skipped, saying why, the new characters kept."""
    updates = [p for p in planned if p.target is not None and not p.skipped]
    if not updates:
        return list(planned)
    for item in updates:
        print(_("{name} ({file}) will change:").format(name=item.target, file=item.imported.file))
        for line in item.changes or (_("nothing changes"),):
            print(f"  {line}")
    if yes or (ask is not None and ask(_("Update? [y/N] ")).strip().casefold()[:1] in ("y", "д")):
        return list(planned)
    out = []
    for item in planned:
        if item in updates:
            reason = (
                _("{name} would change: add --yes to update it").format(name=item.target)
                if ask is None
                else _("{name} not updated").format(name=item.target)
            )
            item = replace(item, skipped=True, reason=reason)
        out.append(item)
    return out


def _report(planned: Sequence[Planned], unread: Sequence[str]) -> None:
    """One line per file: added, updated or skipped (and why); then what each character
    took as given or left out, and the reader's warnings."""
    for item in planned:
        if item.skipped:
            continue
        if item.target is not None:
            print(_("updated {name} from {file}").format(name=item.target, file=item.imported.file))
        else:
            print(_("added {name} from {file}").format(name=item.name, file=item.imported.file))
    for line in importing.notes(planned, unread):
        print(line.render())


def import_main(
    save: Path,
    files: Sequence[Path],
    *,
    side: str = "party",
    gm_only: bool = False,
    yes: bool = False,
    on_clash: Clash | None = None,
    ask: Ask | None = None,
) -> int:
    """Import ``files`` into the campaign at ``save``; the exit status (0, or 1 with a line).

    The files are read and every question asked over a read-only view of the save, so a
    refusal leaves the files untouched; then the save is opened for writing, and the import
    runs only if the campaign is still the one the questions were about.
    """
    try:
        with Store.open(save, read_only=True, keep=1) as view:
            campaign = view.campaign
    except SaveError as exc:
        _say(str(exc))
        return 1
    reader = tracker(campaign.system).character_reader()
    if reader is None:
        _say(_("{save}: this campaign's system imports no character files").format(save=save))
        return 1
    items: list[Imported] = []
    files, unread = importing.files_of(files, reader.suffixes)
    for path in files:
        try:
            items.append(reader.read(path))
        except ValueError as exc:
            unread.append(str(exc))
    try:
        planned = _resolved(campaign, importing.plan(campaign, items), on_clash, ask)
        planned = importing.fit(campaign, _confirmed(planned, yes, ask))
        if all(p.skipped for p in planned):
            for line in importing.notes(planned, unread):
                _say(line.render())
            _say(_("nothing to import"))
            return 1
        # refuses before anything is written
        importing.apply(tracker(campaign.system), campaign, planned, side=side, gm_only=gm_only)
    except CommandError as exc:
        _say(str(exc))
        return 1
    try:
        store = Store.open(save)
    except LockedError as exc:
        _say(str(exc) + " — " + _("close it there, or use /import in that Tablekeeper"))
        return 1
    except SaveError as exc:
        _say(str(exc))
        return 1
    with store:
        if store.campaign != campaign:
            _say(
                _("{save} changed while the import was being prepared: run it again").format(
                    save=save
                )
            )
            return 1
        try:
            session = Session(campaign, store.log, last_seq=store.log_count)
            session.execute(_Import(tuple(planned), side, gm_only, tuple(unread)))
            store.record(session.campaign, session.log[-1:])
            store.flush()
        except (CommandError, SaveError) as exc:
            _say(str(exc))
            return 1
    _report(planned, unread)
    return SOME_SKIPPED if unread or any(p.skipped for p in planned) else 0
