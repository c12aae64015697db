"""The scene panel's content as plain styled segments (no Textual, no Rich).

``ranked_lines(system, campaign)`` returns every line with its importance (lower stays longer), each
a list of ``(text, style)`` segments with Rich style words (``bold``, ``dim``, ``reverse bold``
for the current actor …). The panel wraps long lines and grows with the terminal (six lines
at 80×24); when the wrapped lines do not fit, :func:`fit` gives every line one row, the most
important first, then lets the most important wrap in full (a line cut short ends in ``…``);
lines that get no row at all are the least important (maneuvers, goals, action lines) and a
last line says how many are hidden and that f3 shows them all. The header, a round limit
warning, the pending list, the open requests for a roll (``/ask``), the turn order and the
extended checks stay.
``scene_lines(system, campaign, limit)`` is the same for one-row lines. A system adds its own part
(Strange System rounds, GURPS maneuvers) through the system interface's ``scene_view``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tui.language import _, ngettext, tr
from tui.session.asks.offers import open_offers
from tui.session.asks.requests import open_asks
from tui.session.campaign.model import Campaign, Scene
from tui.session.protocol.plans import Line, Segment
from tui.session.protocol.system import System

__all__ = [
    "MAX_LINES",
    "ORDER_WIDTH",
    "Segment",
    "fit",
    "hidden_line",
    "ranked_lines",
    "scene_lines",
]

MAX_LINES = 6
#: the turn order's room when the caller does not say (the panel at 80 columns)
ORDER_WIDTH = 48


def _checks(system: System, campaign: Campaign) -> Iterator[Line]:
    if not campaign.checks:
        return
    from tui.session.extended.view import describe_checks  # loads rules.age only when needed

    for text, style in describe_checks(system, campaign):
        yield 2, [(text, style)]


def _header(scene: Scene) -> list[Segment]:
    kind = _(" (long-term)") if scene.kind == "long" else ""
    line = [(scene.name, "bold"), (kind + _("  round {n}").format(n=scene.round), "dim")]
    if scene.phase:
        line.append((f"  {tr(scene.phase).upper()}", "bold cyan"))
    return line


def _short(name: str, names: tuple[str, ...]) -> str:
    """``Vic`` for "Vic Lockwood"; ``G. Moss`` when the first word is shared."""
    words = name.split()
    if len(words) < 2:
        return name
    if sum(1 for n in names if n.split()[:1] == words[:1]) == 1:
        return words[0]
    return f"{words[0][0]}. {words[-1]}"


def _order(scene: Scene, width: int) -> list[Segment]:
    """The turn order in full names while it fits in ``width`` columns (one row). Longer,
    names are shortened one by one, those furthest from their turn first, until it fits
    (or all are); never the current actor's (highlighted)."""
    names = scene.turn_order
    prefix = _("order: ")
    shown = list(names)
    n = len(names)
    later_first = sorted(range(n), key=lambda i: (i - scene.current) % n, reverse=True)
    for i in later_first:
        if len(prefix) + len(" › ".join(shown)) <= width:
            break
        if i != scene.current:
            shown[i] = _short(names[i], names)
    line: list[Segment] = [(prefix, "dim")]
    for i, name in enumerate(shown):
        if i:
            line.append((" › ", "dim"))
        line.append((name, "reverse bold" if i == scene.current else ""))
    return line


def _scene(
    system: System, campaign: Campaign, scene: Scene, width: int, hints: bool
) -> Iterator[Line]:
    own = system.scene_view(campaign, scene)
    yield 0, [*_header(scene), *own.header]
    yield from own.before_order
    if hints:
        yield from own.hints
    if scene.turn_order:
        yield 2, _order(scene, width)
    yield from own.after_order


def ranked_lines(
    system: System,
    campaign: Campaign,
    *,
    checks: bool = True,
    width: int = ORDER_WIDTH,
    hints: bool = True,
) -> list[Line]:
    """Every line of the panel with its importance, in display order (without the extended
    checks' lines when ``checks`` is false: those load the extended-check rules); the turn
    order in full names when it fits in ``width`` columns. ``hints`` false (the players'
    view): no line that tells the GM what to type."""
    lines: list[Line] = []
    if campaign.scene is None:
        none = _("No scene running — /scene NAME [active|long]") if hints else _("No scene running")
        lines.append((0, [(none, "dim")]))
    else:
        lines.extend(_scene(system, campaign, campaign.scene, width, hints))
    lines.extend(_asks(campaign))
    lines.extend(_offers(campaign))
    if checks:
        lines.extend(_checks(system, campaign))
    return lines


def _asks(campaign: Campaign) -> Iterator[Line]:
    """The open requests for a roll, one line: ``asked: 4kq Alice Moore Spot Hidden hard ·
    7mp! Boris …`` (``!``: secret), kept before the turn order and the checks."""
    asks = open_asks(campaign)
    if not asks:
        return
    line: list[Segment] = [(_("asked: "), "bold yellow")]
    for i, ask in enumerate(asks):
        if i:
            line.append((" · ", "dim"))
        line.append((ask.id + ("!" if ask.secret else ""), "bold"))
        line.append((f" {ask.line}", ""))
    yield 1, line


def _offers(campaign: Campaign) -> Iterator[Line]:
    """The players' own rolls that wait for the GM, one line each with the odds they came
    with: ``waits: r7k Alice Moore · Spot Hidden 60% — … (34) · Enter takes it``."""
    for i, offer in enumerate(open_offers(campaign)):
        dice = offer.dice if offer.dice is not None else _("the app rolls")
        line: list[Segment] = [(_("waits: "), "bold magenta"), (offer.id, "bold")]
        line.append((f" {offer.odds or offer.line} ({dice})", ""))
        hint = _("Enter takes it, /refuse REASON drops it") if i == 0 else _("/take {id}")
        line.append((" · " + hint.format(id=offer.id), "dim"))
        yield 1, line


def candidates(importance: Sequence[int], limit: int) -> list[int]:
    """The lines :func:`fit` can show in ``limit`` rows, whatever their heights: only these
    need wrapping (a panel of 50 checks wraps six lines, not fifty)."""
    order = sorted(range(len(importance)), key=lambda i: (importance[i], i))
    return order[: limit if len(importance) <= limit else max(1, limit - 1)]  # as fit()


def fit(
    importance: Sequence[int], heights: Sequence[int], limit: int
) -> tuple[list[tuple[int, int]], int]:
    """``([(line, rows shown)…] in display order, lines hidden)`` for lines of these
    ``heights`` in ``limit`` rows.

    Every line gets one row while rows last, the most important first (when some lines
    cannot have one, a row is kept for the hidden-lines note); the rows left then let the
    most important lines show in full. A line shown in fewer rows than it needs is cut.
    """
    order = sorted(range(len(heights)), key=lambda i: (importance[i], i))
    room = limit if len(heights) <= limit else max(1, limit - 1)
    rows = {i: 1 for i in order[:room]}
    spare = room - len(rows)
    for i in order:
        if i in rows and spare > 0:
            more = min(spare, heights[i] - 1)
            rows[i] += more
            spare -= more
    return [(i, rows[i]) for i in sorted(rows)], len(heights) - len(rows)


def hidden_line(count: int) -> list[Segment]:
    """The note in place of ``count`` hidden lines."""
    more = ngettext("{n} more line", "{n} more lines", count).format(n=count)
    return [(_("… {more} — f3 shows the whole scene").format(more=more), "dim")]


def scene_lines(system: System, campaign: Campaign, limit: int = MAX_LINES) -> list[list[Segment]]:
    """The panel's lines at one row each, at most ``limit``; the most important are kept."""
    lines = ranked_lines(system, campaign)
    keep, hidden = fit([n for n, _ in lines], [1] * len(lines), limit)
    out = [lines[i][1] for i, _ in keep]
    if hidden:
        out.append(hidden_line(hidden))
    return out
