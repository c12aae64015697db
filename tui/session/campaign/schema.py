"""Campaign ⇄ TOML document: the save format, its validation and its migrations.

A save is one TOML table. Top-level keys: ``format`` (int, :data:`FORMAT`), ``system``,
``name``, ``adventure``, optional ``[options]``, ``[[characters]]`` (each with ``name`` and
optional ``side``, ``player``, ``gm_only``, ``ticks``, ``notes`` and the tables
``attributes``, ``skills``, ``resources``, ``maxima``, ``conditions``, ``extra``), optional
``[scene]``,
``[[scene_history]]`` and ``[[checks]]``. Validation errors name the key path
(``characters[0].skills."Spot Hidden"``) so a GM can find the mistake in a text editor.

What a skill value may be is the system's to say, and the campaign model knows no system:
whoever reads a save hands :func:`from_doc` the systems it may name (:data:`Systems`, the
registry's ``TRACKERS``), an injected lookup rather than an import of the registry above.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import Any, Protocol

from tui.language import _
from tui.session.campaign.durations import MAX_LEFT, condition_doc, parse_condition
from tui.session.campaign.model import (
    SIDES,
    Campaign,
    Character,
    Condition,
    ExtendedCheck,
    Scene,
    Value,
)
from tui.session.campaign.typenames import expected as _expected

__all__ = [
    "FORMAT",
    "MIGRATIONS",
    "SchemaError",
    "SkillRules",
    "Systems",
    "character_doc",
    "character_from_doc",
    "check_doc",
    "check_from_doc",
    "from_doc",
    "plain",
    "scene_doc",
    "scene_from_doc",
    "to_doc",
]

#: Format 2 added the top-level ``checkpoint`` key (read by the store, not by this module);
#: format 3 added a character's ``maxima`` and ``conditions`` (an older Tablekeeper would
#: refuse them as unknown keys, so the number says it instead).
FORMAT = 3
MAX_RESOURCE = 1_000_000


class SkillRules(Protocol):
    """What the schema asks a campaign's system: what its skill values are."""

    @property
    def skill_type(self) -> type | tuple[type, ...]: ...

    def skill_problem(self, value: Value) -> str: ...


#: The systems a save may name, by key (in the order an error lists them).
Systems = Mapping[str, SkillRules]


class SchemaError(ValueError):
    """A save that parses as TOML but does not describe a campaign."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


#: format N → function turning a format-N document into a format-(N+1) document.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: lambda doc: doc,  # format 1 had no checkpoint: the whole log is already in the save
    2: lambda doc: doc,  # format 2 had no maxima and no conditions: none to add
}


def _key(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    part = key if key.replace("_", "").replace("-", "").isalnum() and key.isascii() else f'"{key}"'
    return f"{path}.{part}" if path else part


def _get(
    doc: Mapping[str, Any], path: str, key: str, kind: type | tuple[type, ...], default: Any = ...
) -> Any:
    if key not in doc:
        if default is ...:
            raise SchemaError(_key(path, key), _("missing"))
        return default
    value = doc[key]
    if (
        isinstance(value, bool)
        and kind is not bool
        and not (isinstance(kind, tuple) and bool in kind)
    ):
        raise SchemaError(_key(path, key), _expected(kind, True))
    if not isinstance(value, kind):
        raise SchemaError(_key(path, key), _expected(kind, value))
    return value


def _table(
    doc: Mapping[str, Any], path: str, key: str, values: type | tuple[type, ...]
) -> dict[str, Any]:
    table = _get(doc, path, key, dict, {})
    kinds = values if isinstance(values, tuple) else (values,)
    if bool not in kinds and all(type(value) in kinds for value in table.values()):
        return dict(table)  # the usual case, checked at C speed (a big party has 8,000 skills)
    here = _key(path, key)
    for name, value in table.items():
        if (
            isinstance(value, bool)
            and values is not bool
            and not (isinstance(values, tuple) and bool in values)
        ):
            raise SchemaError(_key(here, name), _expected(values, True))
        if not isinstance(value, values):
            raise SchemaError(_key(here, name), _expected(values, value))
    return dict(table)


def _no_unknown(doc: Mapping[str, Any], path: str, known: set[str]) -> None:
    for key in doc:
        if key not in known:
            raise SchemaError(
                _key(path, key),
                _("unknown key (expected one of {keys})").format(keys=", ".join(sorted(known))),
            )


def _character(doc: Any, path: str, rules: SkillRules) -> Character:
    if not isinstance(doc, dict):
        raise SchemaError(path, _("expected a table"))
    _no_unknown(doc, path, {f.name for f in fields(Character)})
    name = _get(doc, path, "name", str).strip()
    if not name:
        raise SchemaError(_key(path, "name"), _("must not be empty"))
    side = _get(doc, path, "side", str, "party")
    if side not in SIDES:
        raise SchemaError(
            _key(path, "side"),
            _("must be one of {values}, got {value!r}").format(values=", ".join(SIDES), value=side),
        )
    skills = _table(doc, path, "skills", rules.skill_type)  # the system says what they are
    for skill, value in skills.items():
        problem = rules.skill_problem(value)
        if problem:
            raise SchemaError(_key(_key(path, "skills"), skill), problem)
    ticks = _get(doc, path, "ticks", list, [])
    for i, tick in enumerate(ticks):
        if not isinstance(tick, str):
            raise SchemaError(_key(_key(path, "ticks"), i), _("expected a skill name"))
        if tick not in skills:
            raise SchemaError(
                _key(_key(path, "ticks"), i),
                _("{tick!r} is not one of this character's skills").format(tick=tick),
            )
    resources = _table(doc, path, "resources", int)
    return Character(
        name=name,
        side=side,
        player=_get(doc, path, "player", str, ""),
        gm_only=_get(doc, path, "gm_only", bool, False),
        attributes=_table(doc, path, "attributes", (int, float, str)),
        skills=skills,
        resources=resources,
        ticks=tuple(ticks),
        notes=_get(doc, path, "notes", str, ""),
        extra=_get(doc, path, "extra", dict, {}),
        maxima=_maxima(doc, path, resources),
        conditions=_conditions(doc, path),
    )


def _maxima(doc: Mapping[str, Any], path: str, resources: Mapping[str, int]) -> dict[str, int]:
    """``[characters.maxima]``: resource → its maximum (0..1,000,000), for resources only."""
    maxima = _table(doc, path, "maxima", int)
    here = _key(path, "maxima")
    for name, value in maxima.items():
        if name not in resources:
            raise SchemaError(
                _key(here, name),
                _(
                    "{name!r} is not one of this character's "
                    "resources (add it under resources first)"
                ).format(name=name),
            )
        if not 0 <= value <= MAX_RESOURCE:
            raise SchemaError(
                _key(here, name),
                _("must be within {low}..{high}, got {value}").format(
                    low=0, high=MAX_RESOURCE, value=value
                ),
            )
    return maxima


def _conditions(doc: Mapping[str, Any], path: str) -> tuple[Condition, ...]:
    """``[characters.conditions]``: name = "2 rounds" / "1 turn" / "3 turns mod=-2 gm" (the
    words ``/cond`` takes after the name), or true (until removed)."""
    table = _table(doc, path, "conditions", (str, bool))
    here = _key(path, "conditions")
    out: list[Condition] = []
    seen: set[str] = set()
    for name, value in table.items():
        where = _key(here, name)
        if not name.strip() or name.casefold() in seen:
            raise SchemaError(where, _("a condition needs a name of its own"))
        seen.add(name.casefold())
        if value is True:
            out.append(Condition(name))
        elif value is False:
            raise SchemaError(
                where,
                _(
                    "remove the line to lift a condition (false is not "
                    'a duration); write true, or e.g. "2 rounds" '
                    "(1..{most})"
                ).format(most=MAX_LEFT),
            )
        else:
            try:
                left, unit, mod, gm_only = parse_condition(value)
            except ValueError as exc:
                raise SchemaError(where, str(exc)) from None
            out.append(Condition(name, left, unit, mod, gm_only))
    return tuple(out)


def _scene(doc: Any, path: str) -> Scene:
    if not isinstance(doc, dict):
        raise SchemaError(path, _("expected a table"))
    _no_unknown(doc, path, {f.name for f in fields(Scene)})
    kind = _get(doc, path, "kind", str, "active")
    if kind not in ("active", "long"):
        raise SchemaError(
            _key(path, "kind"), _("must be active or long, got {value!r}").format(value=kind)
        )
    limit = _get(doc, path, "round_limit", int, 4)
    if not 1 <= limit <= 4:
        raise SchemaError(
            _key(path, "round_limit"),
            _("must be within {low}..{high}, got {value}").format(low=1, high=4, value=limit),
        )
    order = _get(doc, path, "turn_order", list, [])
    if not all(isinstance(x, str) for x in order):
        raise SchemaError(_key(path, "turn_order"), _("expected character names"))
    return Scene(
        name=_get(doc, path, "name", str),
        kind=kind,
        round=_get(doc, path, "round", int, 1),
        phase=_get(doc, path, "phase", str, ""),
        round_limit=limit,
        turn_order=tuple(order),
        current=_get(doc, path, "current", int, 0),
        system=_get(doc, path, "system", dict, {}),
    )


def _check(doc: Any, path: str) -> ExtendedCheck:
    if not isinstance(doc, dict):
        raise SchemaError(path, _("expected a table"))
    _no_unknown(doc, path, {f.name for f in fields(ExtendedCheck)})
    status = _get(doc, path, "status", str, "running")
    if status not in ("running", "done", "failed"):
        raise SchemaError(
            _key(path, "status"),
            _("must be running, done or failed, got {value!r}").format(value=status),
        )
    contributions = _get(doc, path, "contributions", list, [])
    if not all(isinstance(x, dict) for x in contributions):
        raise SchemaError(_key(path, "contributions"), _("expected tables"))
    allowed = _get(doc, path, "allowed_skills", list, [])
    if not all(isinstance(x, str) for x in allowed):
        raise SchemaError(_key(path, "allowed_skills"), _("expected skill names"))
    threshold = _get(doc, path, "threshold", int)
    if threshold < 1:
        raise SchemaError(
            _key(path, "threshold"), _("must be at least 1, got {value}").format(value=threshold)
        )
    return ExtendedCheck(
        name=_get(doc, path, "name", str),
        tn=_get(doc, path, "tn", int),
        threshold=threshold,
        time_budget=_get(doc, path, "time_budget", int),
        pool=_get(doc, path, "pool", int, 0),
        elapsed=_get(doc, path, "elapsed", int, 0),
        status=status,
        allowed_skills=tuple(allowed),
        contributions=tuple(contributions),
        consequences=_get(doc, path, "consequences", dict, {}),
    )


def migrate(doc: dict[str, Any]) -> dict[str, Any]:
    """Bring an older document up to :data:`FORMAT` (a no-op for current saves)."""
    version = _get(doc, "", "format", int)
    if version > FORMAT:
        raise SchemaError(
            "format",
            _("made by a newer Tablekeeper (format {version}, this reads {format})").format(
                version=version, format=FORMAT
            ),
        )
    if version < 1:
        raise SchemaError("format", _("must be at least 1, got {value}").format(value=version))
    while version < FORMAT:
        doc = MIGRATIONS[version](doc)
        version += 1
        doc["format"] = version
    return doc


def from_doc(doc: dict[str, Any], systems: Systems) -> Campaign:
    """Validate a parsed TOML document and build the campaign; raise :class:`SchemaError`.

    ``systems``: the systems the save may name (the registry's ``TRACKERS``)."""
    doc = migrate(doc)
    _no_unknown(
        doc,
        "",
        {
            "format",
            "system",
            "name",
            "adventure",
            "options",
            "characters",
            "scene",
            "scene_history",
            "checks",
        },
    )
    system = _get(doc, "", "system", str)
    known = tuple(systems)
    if system not in known:
        raise SchemaError(
            "system",
            _("unknown system {system!r} (one of {known})").format(
                system=system, known=", ".join(known)
            ),
        )
    adventure = _get(doc, "", "adventure", int, 1)
    if adventure < 1:
        raise SchemaError("adventure", _("must be at least 1, got {value}").format(value=adventure))
    chars = _get(doc, "", "characters", list, [])
    rules = systems[system]
    characters = tuple(_character(c, f"characters[{i}]", rules) for i, c in enumerate(chars))
    seen: set[str] = set()
    for i, ch in enumerate(characters):
        if ch.name.casefold() in seen:
            raise SchemaError(
                f"characters[{i}].name", _("duplicate character name {name!r}").format(name=ch.name)
            )
        seen.add(ch.name.casefold())
    scene_doc = doc.get("scene")
    history = _get(doc, "", "scene_history", list, [])
    checks = _get(doc, "", "checks", list, [])
    return Campaign(
        name=_get(doc, "", "name", str),
        system=system,
        adventure=adventure,
        options=_get(doc, "", "options", dict, {}),
        characters=characters,
        scene=None if scene_doc is None else _scene(scene_doc, "scene"),
        scene_history=tuple(history),
        checks=tuple(_check(c, f"checks[{i}]") for i, c in enumerate(checks)),
    )


def plain(value: Any) -> Any:
    """Mappings → dicts, tuples → lists, dropping ``None`` (TOML has no null)."""
    kind = type(value)  # the exact common types first: options may hold thousands of tables
    if kind is str or kind is int or kind is bool or kind is float:
        return value
    if kind is dict:
        return {str(k): plain(v) for k, v in value.items() if v is not None}
    if kind is list or kind is tuple:
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, Sequence) and not isinstance(value, str):
        return [plain(v) for v in value]
    return value


#: a character's fields that are tables in its document, in the document's order
CHARACTER_TABLES = ("attributes", "skills", "resources", "maxima", "conditions", "extra")


def character_doc(ch: Character, table: Callable[[str, Any], Any] | None = None) -> dict[str, Any]:
    """``ch``'s TOML document. ``table(field, value)`` makes the document of each field
    named in :data:`CHARACTER_TABLES` (default :func:`character_table`): a caller that
    remembers them by the value's identity makes a changed character's document without
    copying the fields that did not change (:class:`tui.store.patch.DocCache`)."""
    doc: dict[str, Any] = {"name": ch.name, "side": ch.side}
    if ch.player:
        doc["player"] = ch.player
    if ch.gm_only:
        doc["gm_only"] = True
    if ch.notes:
        doc["notes"] = ch.notes
    doc["ticks"] = list(ch.ticks)
    make = table or character_table
    for key in CHARACTER_TABLES:
        value = getattr(ch, key)
        if value:
            doc[key] = make(key, value)
    return doc


def character_table(key: str, value: Any) -> Any:
    """The document of one of a character's :data:`CHARACTER_TABLES` (a non-empty value)."""
    if key == "conditions":
        return {c.name: condition_doc(c) for c in value}
    return plain(value)


def to_doc(campaign: Campaign) -> dict[str, Any]:
    """The TOML document for ``campaign`` (current :data:`FORMAT`)."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "system": campaign.system,
        "name": campaign.name,
        "adventure": campaign.adventure,
    }
    if campaign.options:
        doc["options"] = plain(campaign.options)
    doc["characters"] = [character_doc(ch) for ch in campaign.characters]
    if campaign.scene is not None:
        doc["scene"] = scene_doc(campaign.scene)
    if campaign.scene_history:
        doc["scene_history"] = plain(campaign.scene_history)
    if campaign.checks:
        doc["checks"] = [check_doc(c) for c in campaign.checks]
    return doc


def scene_doc(scene: Scene) -> dict[str, Any]:
    return plain({f.name: getattr(scene, f.name) for f in fields(Scene)})  # type: ignore[no-any-return]


def check_doc(check: ExtendedCheck) -> dict[str, Any]:
    return plain({f.name: getattr(check, f.name) for f in fields(ExtendedCheck)})  # type: ignore[no-any-return]


def character_from_doc(doc: Any, path: str, rules: SkillRules) -> Character:
    """One ``[[characters]]`` table → :class:`Character` (raises :class:`SchemaError`);
    ``rules``: the campaign's system."""
    return _character(doc, path, rules)


def scene_from_doc(doc: Any, path: str = "scene") -> Scene:
    return _scene(doc, path)


def check_from_doc(doc: Any, path: str) -> ExtendedCheck:
    return _check(doc, path)
