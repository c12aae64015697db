"""The scene panel's content as plain styled segments (no Textual, no Rich).

``scene_lines(campaign, limit)`` returns lines, each a list of ``(text, style)`` segments with
Rich style words (``bold``, ``dim``, ``reverse bold`` for the current actor …). The panel box
is about six lines high at 80×24, so when there are more lines than fit the least important
go first (maneuvers, goals, action lines) and a ``… N more`` line says so; the header, a round
limit warning, the pending list, the turn order and the extended checks stay. A system adds
its own part (Strange System rounds, GURPS maneuvers) through the system interface's
``scene_view``.
"""

from __future__ import annotations

from collections.abc import Iterator

from tui.session.campaign.model import Campaign, Scene
from tui.session.systems.interface import Line, Segment
from tui.session.systems.registry import tracker

__all__ = ["MAX_LINES", "Segment", "scene_lines"]

MAX_LINES = 6
ORDER_WIDTH = 40


def _checks(campaign: Campaign) -> Iterator[Line]:
    if not campaign.checks:
        return
    from tui.session.extended.view import describe_checks  # loads rules.age only when needed

    for text, style in describe_checks(campaign):
        yield 2, [(text, style)]


def _header(scene: Scene) -> list[Segment]:
    kind = " (long-term)" if scene.kind == "long" else ""
    line = [(scene.name, "bold"), (f"{kind}  round {scene.round}", "dim")]
    if scene.phase:
        line.append((f"  {scene.phase.upper()}", "bold cyan"))
    return line


def _short(name: str, names: tuple[str, ...]) -> str:
    """``Vic`` for "Vic Lockwood"; ``G. Moss`` when the first word is shared."""
    words = name.split()
    if len(words) < 2:
        return name
    if sum(1 for n in names if n.split()[:1] == words[:1]) == 1:
        return words[0]
    return f"{words[0][0]}. {words[-1]}"


def _order(scene: Scene) -> list[Segment]:
    """The turn order; past ~44 characters the others' names are shortened, never the
    current actor's (highlighted)."""
    names = scene.turn_order
    shorten = len(" › ".join(names)) > ORDER_WIDTH
    line: list[Segment] = [("order: ", "dim")]
    for i, name in enumerate(names):
        if i:
            line.append((" › ", "dim"))
        current = i == scene.current
        shown = name if current or not shorten else _short(name, names)
        line.append((shown, "reverse bold" if current else ""))
    return line


def _scene(campaign: Campaign, scene: Scene) -> Iterator[Line]:
    system = tracker(campaign.system).scene_view(campaign, scene)
    yield 0, [*_header(scene), *system.header]
    yield from system.before_order
    if scene.turn_order:
        yield 2, _order(scene)
    yield from system.after_order


def scene_lines(campaign: Campaign, limit: int = MAX_LINES) -> list[list[Segment]]:
    """The panel's lines, at most ``limit``; the most important are kept."""
    lines: list[Line] = []
    if campaign.scene is None:
        lines.append((0, [("No scene running — /scene NAME [active|long]", "dim")]))
    else:
        lines.extend(_scene(campaign, campaign.scene))
    lines.extend(_checks(campaign))
    if len(lines) <= limit:
        return [segs for _, segs in lines]
    ranked = sorted(range(len(lines)), key=lambda i: (lines[i][0], i))
    keep = sorted(ranked[: max(1, limit - 1)])
    out = [lines[i][1] for i in keep]
    out.append([(f"… {len(lines) - len(keep)} more line(s) hidden", "dim")])
    return out
