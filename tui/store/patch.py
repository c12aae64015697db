"""A change of the campaign as a small TOML-able *patch*, and applying it again.

Every log entry that changed the campaign carries the patch from the state before it to the
state after it (undo and redo included). The save is a checkpoint; opening a campaign
applies the patches of the entries after it, so a change is safe on disk as soon as its
log entry is, whatever the size of the campaign.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from tui.language import _
from tui.session.campaign.history import History
from tui.session.campaign.model import Campaign, Character, ExtendedCheck
from tui.session.campaign.schema import (
    CHARACTER_TABLES,
    SchemaError,
    character_doc,
    character_from_doc,
    character_table,
    check_doc,
    check_from_doc,
    plain,
    scene_doc,
    scene_from_doc,
)
from tui.session.systems.registry import TRACKERS

__all__ = [
    "DocCache",
    "PatchError",
    "apply_doc",
    "apply_patch",
    "diff_docs",
    "make_patch",
    "patch_and_back",
]

T = TypeVar("T")
Doc = dict[str, Any]


class PatchError(ValueError):
    """A patch that does not fit the campaign it is applied to."""


class DocCache:
    """TOML documents of characters, checks, the scene and the options, remembered by the
    identity of the value.

    Only the values of the newest campaign are kept (the cache follows it), so memory stays
    at about one document per character. The options are among them because a change that
    replaces them is compared both ways (its patch and its way back): the end of an
    adventure drops 2,600 kept experience rolls, which were turned into plain documents
    four times per change without it, and now once, when they were kept.
    """

    def __init__(self) -> None:
        self._docs: dict[int, tuple[object, Doc]] = {}
        self._tables: dict[int, tuple[object, Any]] = {}

    def doc(self, value: T, make: Callable[[T], Doc]) -> Doc:
        hit = self._docs.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        doc = make(value)
        self._docs[id(value)] = (value, doc)
        return doc

    def character(self, ch: Character) -> Doc:
        """``ch``'s document, its tables (skills, attributes…) remembered by identity too: a
        changed character shares the documents of the tables it did not change with its
        previous one, so making it copies only what changed, and comparing the two finds the
        rest the same object (an end of adventure changes 200 characters' skills and ticks;
        their notes, attributes and resources are not copied or compared again)."""
        return self.doc(ch, self._character)

    def _character(self, ch: Character) -> Doc:
        return character_doc(ch, self._table)

    def _table(self, key: str, value: Any) -> Any:
        hit = self._tables.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        doc = character_table(key, value)
        self._tables[id(value)] = (value, doc)
        return doc

    def follow(self, campaign: Campaign) -> None:
        """Forget the documents of values the campaign no longer holds (the characters' tables
        once they are twice the party's: looking at 1,200 tables of 200 characters at every
        change cost more than the change's own patch)."""
        alive = {
            id(v)
            for v in (*campaign.characters, *campaign.checks, campaign.scene, campaign.options)
        }
        self._docs = {k: v for k, v in self._docs.items() if k in alive}
        if len(self._tables) > 2 * len(CHARACTER_TABLES) * max(1, len(campaign.characters)):
            held = {id(getattr(c, key)) for c in campaign.characters for key in CHARACTER_TABLES}
            self._tables = {k: v for k, v in self._tables.items() if k in held}


def diff_docs(old: Mapping[str, Any], new: Mapping[str, Any]) -> Doc:
    """The document diff turning ``old`` into ``new`` (empty when equal)."""
    out: Doc = {}
    sets: Doc = {}
    subs: Doc = {}
    adds: Doc = {}
    for key, value in new.items():
        if key not in old:
            sets[key] = value
            continue
        before = old[key]
        if before is value or before == value:
            continue
        if (
            isinstance(before, Mapping)
            and isinstance(value, Mapping)
            and _same_order(before, value)
        ):
            subs[key] = diff_docs(before, value)
        elif (
            isinstance(before, list)
            and isinstance(value, list)
            and len(value) > len(before)
            and value[: len(before)] == before
        ):
            adds[key] = value[len(before) :]
        else:
            sets[key] = value
    dels = [key for key in old if key not in new]
    for name, part in (("set", sets), ("del", dels), ("sub", subs), ("add", adds)):
        if part:
            out[name] = part
    return out


def _same_order(old: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
    """Whether applying a diff keeps ``new``'s key order: kept keys in their old order, new
    keys after them (a character's conditions are in the order they were set)."""
    kept = [k for k in old if k in new]
    return list(new) == kept + [k for k in new if k not in old]


def apply_doc(old: Mapping[str, Any], patch: Mapping[str, Any]) -> Doc:
    """``old`` with the document diff ``patch`` applied (a new document)."""
    doc = dict(old)
    for key in _list(patch.get("del", []), "del"):
        doc.pop(key, None)
    doc.update(_table(patch.get("set", {}), "set"))
    for key, sub in _table(patch.get("sub", {}), "sub").items():
        base = doc.get(key, {})
        if not isinstance(base, Mapping):
            raise PatchError(_("sub.{key}: not a table in the campaign").format(key=key))
        doc[key] = apply_doc(base, _table(sub, f"sub.{key}"))
    for key, items in _table(patch.get("add", {}), "add").items():
        base = doc.get(key, [])
        if not isinstance(base, list):
            raise PatchError(_("add.{key}: not an array in the campaign").format(key=key))
        doc[key] = [*base, *_list(items, f"add.{key}")]
    return doc


def _table(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise PatchError(_("{what}: expected a table").format(what=what))
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise PatchError(_("{what}: expected an array").format(what=what))
    return value


def _keyed(
    old: Sequence[T], new: Sequence[T], name: Callable[[T], str], doc: Callable[[T], Doc]
) -> Doc:
    """The patch of a list of named values (characters, checks)."""
    if len(old) == len(new):
        moved = [i for i in range(len(new)) if old[i] is not new[i]]
        if not moved:
            return {}
        if all(name(old[i]) == name(new[i]) for i in moved):
            # changed in place (the common change: a character hurt): only those are
            # compared, as the walk below would find them, in the list's order
            diffs: Doc = {}
            for i in moved:
                if d := diff_docs(doc(old[i]), doc(new[i])):
                    diffs[name(new[i])] = d
            return {"diff": diffs} if diffs else {}
    before = {name(v): v for v in old}
    out: Doc = {}
    order = [name(v) for v in new]
    if order != [name(v) for v in old]:
        out["order"] = order
    fresh: Doc = {}
    changed: Doc = {}
    for value in new:
        prev = before.get(name(value))
        if prev is value:
            continue
        if prev is None:
            fresh[name(value)] = doc(value)
        elif d := diff_docs(doc(prev), doc(value)):
            changed[name(value)] = d
    if fresh:
        out["new"] = fresh
    if changed:
        out["diff"] = changed
    return out


def make_patch(before: Campaign, after: Campaign, cache: DocCache | None = None) -> Doc:
    """The patch turning ``before`` into ``after`` (empty when nothing changed).

    A patch names only what changed. Campaign states are immutable and share what they did not
    change, so "what changed" is found by identity first (an untouched character is the same
    object) and only the changed parts are turned into TOML documents and compared:

    ::

        ``campaign``        the changed top-level values (``name``, ``adventure``)
        ``options``         a document diff of the options
        ``scene``           a document diff of the scene (``scene_none = true``: no scene)
        ``scene_history``   ``{keep = N, add = [...]}``: the first N past scenes stay, these follow
        ``characters``      ``{order = [...], new = {NAME = doc}, diff = {NAME = doc diff}}``
        ``checks``          the same for the extended checks

    A document diff is ``{set = {k = v}, del = [k], sub = {k = diff}, add = {k = [items]}}``:
    values replaced, keys removed, tables changed inside, arrays that only grew at the end. A
    table whose keys changed order is replaced whole, so the order survives (conditions).
    """
    docs = cache or DocCache()
    out = _patch(before, after, docs)
    docs.follow(after)
    return out


def patch_and_back(before: Campaign, after: Campaign, cache: DocCache) -> tuple[Doc, Doc]:
    """(:func:`make_patch` from ``before`` to ``after``, and the one back), from one set of
    documents: each changed value is turned into a document once for both directions (made
    one after the other, the cache followed ``before`` in between and the 200 characters an
    end of adventure changes were made into documents twice)."""
    patch, back = _patch(before, after, cache), _patch(after, before, cache)
    cache.follow(after)
    return patch, back


def _patch(before: Campaign, after: Campaign, docs: DocCache) -> Doc:
    if before is after:
        return {}
    out: Doc = {}
    top = {
        k: getattr(after, k)
        for k in ("name", "adventure")
        if getattr(after, k) != getattr(before, k)
    }
    if top:
        out["campaign"] = top
    if before.options is not after.options and before.options != after.options:
        out["options"] = diff_docs(
            docs.doc(before.options, _plain_map), docs.doc(after.options, _plain_map)
        )
    if before.scene is not after.scene and before.scene != after.scene:
        if after.scene is None:
            out["scene_none"] = True
        else:
            old = docs.doc(before.scene, scene_doc) if before.scene is not None else {}
            out["scene"] = diff_docs(old, docs.doc(after.scene, scene_doc))
    if before.scene_history is not after.scene_history:
        added = (
            after.scene_history.added_since(before.scene_history)
            if isinstance(after.scene_history, History)
            else None
        )
        dropped = (
            before.scene_history.added_since(after.scene_history)
            if added is None and isinstance(before.scene_history, History)
            else None
        )
        if added is not None:  # scenes ended: no need to look at the old ones
            keep, new = len(before.scene_history), list(added)
        elif dropped is not None:  # the way back from scenes ended (undo): the same
            keep, new = len(after.scene_history), []
        else:
            keep = 0
            for a, b in zip(before.scene_history, after.scene_history, strict=False):
                if a is not b and a != b:
                    break
                keep += 1
            new = list(after.scene_history[keep:])
        if new or keep != len(before.scene_history):
            out["scene_history"] = {"keep": keep, "add": [_plain_map(s) for s in new]}
    chars = _keyed(before.characters, after.characters, lambda c: c.name, docs.character)
    if chars:
        out["characters"] = chars
    checks = _keyed(before.checks, after.checks, lambda c: c.name, lambda c: docs.doc(c, check_doc))
    if checks:
        out["checks"] = checks
    return out


def _plain_map(value: Mapping[str, Any]) -> Doc:
    out: Doc = plain(value)
    return out


def _apply_keyed(
    values: Sequence[T],
    patch: Mapping[str, Any],
    name: Callable[[T], str],
    doc: Callable[[T], Doc],
    build: Callable[[Any, str], T],
    what: str,
) -> tuple[T, ...]:
    by_name = {name(v): v for v in values}
    for key, full in _table(patch.get("new", {}), f"{what}.new").items():
        by_name[key] = build(full, f"{what}.new.{key}")
    for key, d in _table(patch.get("diff", {}), f"{what}.diff").items():
        if key not in by_name:
            raise PatchError(
                _("{what}.diff: {key!r} is not in the campaign").format(what=what, key=key)
            )
        by_name[key] = build(apply_doc(doc(by_name[key]), _table(d, key)), f"{what}.diff.{key}")
    order = patch.get("order")
    if order is None:
        return tuple(by_name[name(v)] for v in values)
    missing = [n for n in _list(order, f"{what}.order") if n not in by_name]
    if missing:
        raise PatchError(
            _("{what}.order: {missing!r} is not in the campaign").format(
                what=what, missing=missing[0]
            )
        )
    return tuple(by_name[n] for n in order)


def apply_patch(campaign: Campaign, patch: Mapping[str, Any]) -> Campaign:
    """``campaign`` with ``patch`` applied; :class:`PatchError` if it does not fit."""
    try:
        return _apply(campaign, patch)
    except SchemaError as exc:
        raise PatchError(str(exc)) from None
    except (TypeError, KeyError) as exc:
        raise PatchError(_("damaged patch ({exc})").format(exc=exc)) from None


def _apply(campaign: Campaign, patch: Mapping[str, Any]) -> Campaign:
    from tui.session.campaign.schema import from_doc, to_doc

    changes: dict[str, Any] = {}
    top = _table(patch.get("campaign", {}), "campaign")
    if top:
        doc = to_doc(replace(campaign, characters=(), checks=(), scene_history=()))
        doc.update(top)
        fixed = from_doc(doc, TRACKERS)
        changes.update(name=fixed.name, adventure=fixed.adventure)
    if "options" in patch:
        changes["options"] = apply_doc(
            _plain_map(campaign.options), _table(patch["options"], "options")
        )
    if patch.get("scene_none"):
        changes["scene"] = None
    elif "scene" in patch:
        old = scene_doc(campaign.scene) if campaign.scene is not None else {}
        changes["scene"] = scene_from_doc(apply_doc(old, _table(patch["scene"], "scene")))
    if "scene_history" in patch:
        hist = _table(patch["scene_history"], "scene_history")
        keep = hist.get("keep", 0)
        if not isinstance(keep, int) or not 0 <= keep <= len(campaign.scene_history):
            raise PatchError(
                _("scene_history.keep: {keep!r} does not fit the campaign").format(keep=keep)
            )
        add = _list(hist.get("add", []), "scene_history.add")
        if keep == len(campaign.scene_history):  # the usual case: scenes ended, none parsed
            base = campaign.scene_history
            changes["scene_history"] = (
                base if isinstance(base, History) else History(base)
            ).appended(*add)
        else:
            changes["scene_history"] = History((*campaign.scene_history[:keep], *add))
    if "characters" in patch:
        changes["characters"] = _apply_keyed(
            campaign.characters,
            _table(patch["characters"], "characters"),
            _name,
            character_doc,
            lambda d, p: character_from_doc(d, p, TRACKERS[campaign.system]),
            "characters",
        )
    if "checks" in patch:
        changes["checks"] = _apply_keyed(
            campaign.checks,
            _table(patch["checks"], "checks"),
            _check_name,
            check_doc,
            check_from_doc,
            "checks",
        )
    return replace(campaign, **changes) if changes else campaign


def _name(c: Character) -> str:
    return c.name


def _check_name(c: ExtendedCheck) -> str:
    return c.name
