"""What the bot posts for `plotted-aa`: the public board, and each power's private preview.

    render(view)              # the world (renders.aa_map): who holds what, the revealed moves
                              # of the round as arrows with their power's letter, the turn,
                              # round and phase in words
    render_zoom(view)         # the theatre where the round's moves are (None without moves)
    render_theatre(view, t)   # one theatre of the board (aa_map.THEATRES), whatever the moves
    board_views(view, events) # the public views to draw for one announcement: one per round
                              # that ended in it (its `round_over` event carries its moves)
    render_plot(view)         # a power's own plot (its view's `my_plot`) drawn on the map:
                              # numbered arrows (the round), builds marked, the plot in words
    render_private(view)      # what the bot attaches to the power's plot sheet (`bot.delivery`)

The public pictures read only the public view (`game.view(None)`), where nothing of a plot is
before its reveal: twin games whose plots differ draw the same bytes. The preview reads only
the seat's own view and goes only to that seat's DM.

Every mark carries a letter or a number besides its colour (Okabe-Ito shades, colour-blind
safe), no mark covers another (`layout_marks`), and every text a player needs is at least
9 px tall at Discord's 550 px preview. Each picture is drawn once per distinct view
(`aa_map.cached_png`); a preview after a change of its plot starts from the position's
still (`aa_map.still`) instead of drawing the map and its labels again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.aa.map import classic_map
from engine.games.plotted_aa.form import BUILD, MOVE, Action, describe_action
from renders import aa_map
from renders.aa_map import Box
from renders.aa_world import Frame
from renders.palette import RGB, ink_on
from renders.registry import Pictures, register
from renders.text import Pen, Style, min_size, replay, wrap

WIDTH = aa_map.WIDTH
INK, PAPER = aa_map.INK, aa_map.PAPER


# ----- the public board -------------------------------------------------------------------


def _words(view: Mapping[str, Any]) -> dict[str, Any]:
    """The view as the map's band says it: the phase in words ("Turn 1, Execution Phase,
    round 2"), whose turn it is; the round is in the phase already."""
    phase = str(view.get("phase") or "")
    return {**view, "round": None, "phase": phase[:1].upper() + phase[1:]}


def picture(view: Mapping[str, Any], *, theatre: str | None = None) -> Image.Image:
    """The board before the encode: the map with the round's moves, each arrow marked with
    its power's letter (colour alone never tells powers apart), the marks laid out so that
    none covers another."""
    image = aa_map.picture(_words(view), theatre=theatre)
    f = aa_map.frame(theatre)
    size = min_size(WIDTH)
    marks = []
    for move in view.get("moves") or []:
        if _legal_ends(move.get("from"), move.get("to")):
            power = str(move.get("power"))
            for p, q in aa_map.segment(f, str(move["from"]), str(move["to"])):
                marks.append(Mark(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2),
                                  aa_map.POWER_LETTERS.get(power, "?"),
                                  aa_map.POWER_COLOURS.get(power, INK)))
    _draw_marks(Pen(image), f, marks, size, [])
    return image


def render(view: Mapping[str, Any]) -> bytes:
    """The whole world, as posted in the channel (drawn once per distinct board)."""
    return aa_map.cached_png(_board_png, _board_parts(view), None)


def render_zoom(view: Mapping[str, Any]) -> bytes | None:
    """The theatre where most of the round's moves are, or None when nothing moved."""
    theatres = aa_map.theatres_for(view)
    if not theatres:
        return None
    return aa_map.cached_png(_board_png, _board_parts(view), theatres[0])


def render_theatre(view: Mapping[str, Any], theatre: str) -> bytes:
    """One theatre of the board (`aa_map.THEATRES`), whatever the moves."""
    if theatre not in aa_map.THEATRES:
        raise ValueError(f"unknown theatre {theatre!r}")
    return aa_map.cached_png(_board_png, _board_parts(view), theatre)


def _board_parts(view: Mapping[str, Any]) -> dict[str, Any]:
    return {**aa_map._drawn_parts(_words(view)), "moves": view.get("moves")}


def _board_png(parts: Mapping[str, Any], theatre: str | None) -> bytes:
    return aa_map.png(picture(parts, theatre=theatre))


def board_views(view: Mapping[str, Any], events: Sequence[Mapping[str, Any]]
                ) -> list[dict[str, Any]]:
    """The public views to draw for one announcement (its public events as `{"kind", ...
    data}`): one per round that ended in it, with that round's moves (an act may end
    several rounds: powers passing, NOOPs), then the board as it stands if the turn or the
    game ended after them; the board as it stands when no round ended."""
    views: list[dict[str, Any]] = []
    after_last_round = False
    for event in events:
        if event.get("kind") == "round_over":
            number = event.get("round")
            views.append({**view, "moves": list(event.get("moves") or []), "current": None,
                          "round": number,
                          "phase": f"turn {view.get('turn', '?')}, Execution Phase, "
                                   f"round {number} over"})
            after_last_round = False
        elif event.get("kind") in ("turn_started", "game_over"):
            after_last_round = True
    if not views or after_last_round:
        views.append(dict(view))
    return views


# ----- the private preview ----------------------------------------------------------------


def render_plot(view: Mapping[str, Any]) -> bytes:
    """A power's plot on the map, from that power's own view (`my_plot`, `my_power`):
    each move an arrow numbered with its round (through its 'via' area, and from where a
    transport picks units up), each build a numbered square at its factory, and the plot
    in words underneath. Never posted in the channel. Drawn once per distinct plot and
    position: the bot asks again whenever the seat's sheet changes."""
    return aa_map.cached_png(_plot_png, _plot_parts(view))


def _plot_parts(view: Mapping[str, Any]) -> dict[str, Any]:
    """What of a power's view its preview draws (the cache's key)."""
    position = view.get("position") or {}
    return {"my_power": view.get("my_power"), "my_plot": view.get("my_plot"),
            "turn": view.get("turn"),
            "position": {k: position.get(k) for k in ("owner", "units", "treasury")},
            "income": view.get("income")}


def plot_marks(view: Mapping[str, Any]) -> tuple[str | None, list[Mark], list[Box]]:
    """The preview's theatre, its marks (a numbered chip per move leg, a square per
    build) where they are drawn, and the labels' boxes they keep clear of."""
    power = str(view.get("my_power") or "")
    colour = aa_map.POWER_COLOURS.get(power, INK)
    actions = [Action.from_json(a) for a in view.get("my_plot") or []]
    moves = _legs(actions, power)
    board = classic_map()
    builds = [a for a in actions if a.kind == BUILD and a.area in board.areas]
    theatre = _theatre(moves, [str(a.area) for a in builds])
    f = aa_map.frame(theatre)
    marks = []
    for move in moves:
        if _legal_ends(move["from"], move["to"]):
            for p, q in aa_map.segment(f, move["from"], move["to"]):
                marks.append(Mark(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2),
                                  str(move["round"]), colour))
    for action in builds:
        marks.append(Mark(f.at(aa_map.anchor(str(action.area))), str(action.round), colour,
                          square=True))
    labels = aa_map.label_boxes(view, theatre) if theatre is not None else []
    return theatre, layout_marks(f, marks, min_size(WIDTH), labels), labels


def _legs(actions: Sequence[Action], power: str) -> list[dict[str, Any]]:
    """Each plotted move as the legs an arrow draws: through its 'via' area, and from
    where a transport picks units up."""
    moves = []
    for action in actions:
        if action.kind != MOVE or action.area is None:
            continue
        for source in action.sources:
            via = next(iter(source.via.values()), None)
            legs = [(source.area, via), (via, action.area)] if via else \
                [(source.area, action.area)]
            legs += [(p.area, source.area) for p in source.pickups]
            moves += [{"power": power, "from": a, "to": b, "round": action.round}
                      for a, b in legs]
    return moves


def _plot_png(view: Mapping[str, Any]) -> bytes:
    """The preview, drawn on the position's cached still (`aa_map.still`) in the fixed
    palette: its arrows under the labels, its marks and the plot in words."""
    power = str(view.get("my_power") or "")
    colour = aa_map.POWER_COLOURS.get(power, INK)
    actions = [Action.from_json(a) for a in view.get("my_plot") or []]
    theatre, marks, labels = plot_marks(view)
    f = aa_map.frame(theatre)
    base = aa_map.still_of(view, theatre)
    replay(list(base.drawn))
    size = min_size(WIDTH)
    legend = _legend_lines(actions, size)
    top = base.image.height
    canvas = Image.new("P", (WIDTH, top + legend_height(legend, size)))
    canvas.putpalette(base.image.getpalette() or [])
    canvas.paste(base.image, (0, 0))
    aa_map.moves_on(canvas, f, _legs(actions, power), base, labels)
    phase = f"{power}'s plot, in secret: turn {view.get('turn', '?')}"
    aa_map.band_on(canvas, {**view, "round": None, "current": None, "phase": phase}, theatre)
    _marks_on(canvas, marks, size)
    part = Image.new("RGB", (WIDTH, canvas.height - top), PAPER)
    _legend(Pen(part), legend, 0, colour, size)
    aa_map.put_back(canvas, part, (0, top))
    return aa_map.png(canvas)


def _marks_on(canvas: Image.Image, marks: Sequence[Mark], size: int) -> None:
    """Laid-out marks on a palette picture: leader lines, then each chip antialiased."""
    draw = ImageDraw.Draw(canvas)
    for mark in marks:
        at = mark.at or mark.point
        if at != mark.point:
            draw.line([mark.point, at], fill=aa_map.palette_index(INK), width=3)
    reach = round(size * 0.8) + 4
    for mark in marks:
        x, y = (round(v) for v in (mark.at or mark.point))
        box = (max(0, x - reach), max(0, y - reach), min(canvas.width, x + reach),
               min(canvas.height, y + reach))
        part = aa_map.in_rgb(canvas, box)
        _chip(Pen(part), (x - box[0], y - box[1]), mark.label, mark.colour, size,
              square=mark.square)
        aa_map.put_back(canvas, part, box[:2])


def _theatre(moves: Sequence[Mapping[str, Any]], builds: Sequence[str]) -> str | None:
    """The theatre that shows every mark of the plot, zoomed so that the map reads at chat
    size; None (the world) when the plot spans more than one."""
    board = classic_map()
    ends = [a for m in moves for a in (m["from"], m["to"]) if a in board.areas] + list(builds)
    candidates = aa_map.theatres_for({"moves": moves}) or \
        aa_map.theatres_for({"moves": [{"from": a, "to": a} for a in builds]})
    for name in candidates:
        if all(aa_map.frame(name).shows(aa_map.anchor(a)) for a in ends):
            return name
    return None


def render_private(view: Mapping[str, Any]) -> bytes | None:
    """The image beside a seat's plot sheet: its plot on the map; None while it is empty."""
    if not view.get("my_plot"):
        return None
    return render_plot(view)


def _legend_lines(actions: Sequence[Action], size: int
                  ) -> list[tuple[Action, list[str]]]:
    style = Style(size)
    out = []
    for action in actions:
        words = aa_map.spelled(describe_action(action).split(": ", 1)[-1])
        out.append((action, wrap(words, style, WIDTH - 3 * size - 40)))
    return out


def legend_height(lines: Sequence[tuple[Action, list[str]]], size: int) -> int:
    if not lines:
        return size + 30
    return 20 + sum(len(text) * (size + 8) + 6 for _, text in lines)


def _legend(pen: Pen, lines: Sequence[tuple[Action, list[str]]], top: int, colour: RGB,
            size: int) -> None:
    """The plot in words under the map, each action after its round's mark."""
    y = top + 10
    if not lines:
        pen.text((16, y), "Nothing plotted yet: every unit stays and defends.", Style(size),
                 INK)
        return
    for action, text in lines:
        _chip(pen, (16 + size * 0.8, y + (size + 4) / 2), str(action.round), colour, size,
              square=action.kind == BUILD)
        for i, line in enumerate(text):
            pen.text((16 + 2 * size + 8, y + i * (size + 8)), line, Style(size), INK)
        y += len(text) * (size + 8) + 6


# ----- marks ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """A chip on the map: where it belongs (px), its letter or number, its colour, and
    where it is drawn once laid out (`at`; a leader line joins the two when they differ)."""

    point: tuple[float, float]
    label: str
    colour: RGB
    square: bool = False
    at: tuple[float, float] | None = None

    def box(self, size: int) -> Box:
        x, y = self.at or self.point
        half = size * 0.8 + 3  # the chip and its outline
        return (x - half, y - half, x + half, y + half)


def _legal_ends(start: Any, end: Any) -> bool:
    board = classic_map()
    return start in board.areas and end in board.areas and start != end


def layout_marks(f: Frame, marks: Sequence[Mark], size: int, labels: Sequence[Box] = ()
                 ) -> list[Mark]:
    """Each mark at its place or the nearest spot where it covers no other mark (never)
    and, where one is near, no label: rings of spots around its place, inside the map."""
    half = size * 0.8 + 3
    step = 2 * half + 2
    placed: list[Box] = []
    out = []
    offsets = [(0.0, 0.0)] + [(r * step * dx, r * step * dy) for r in range(1, 40)
                              for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1),
                                             (1, 1), (-1, 1), (-1, -1))]
    for mark in marks:
        fallback = None
        chosen = None
        for dx, dy in offsets:
            x = min(max(mark.point[0] + dx, half + 2), f.width - half - 2)
            y = min(max(mark.point[1] + dy, half + 2), f.height - half - 2)
            box = (x - half, y - half, x + half, y + half)
            if any(_overlap(box, o) for o in placed):
                continue
            if fallback is None:
                fallback = (x, y)
            if not any(_overlap(box, o) for o in labels):
                chosen = (x, y)
                break
            if abs(dx) + abs(dy) > 4 * step and fallback is not None:
                break  # no label-free spot near: the nearest free of marks
        at = chosen or fallback or mark.point
        placed.append((at[0] - half, at[1] - half, at[0] + half, at[1] + half))
        out.append(Mark(mark.point, mark.label, mark.colour, mark.square, at))
    return out


def _overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def _draw_marks(pen: Pen, f: Frame, marks: Sequence[Mark], size: int,
                labels: Sequence[Box]) -> None:
    _draw_laid_out(pen, layout_marks(f, marks, size, labels), size)


def _draw_laid_out(pen: Pen, marks: Sequence[Mark], size: int) -> None:
    for mark in marks:
        at = mark.at or mark.point
        if at != mark.point:
            pen.draw.line([mark.point, at], fill=INK, width=3)
    for mark in marks:
        _chip(pen, mark.at or mark.point, mark.label, mark.colour, size, square=mark.square)


def _chip(pen: Pen, at: tuple[float, float], label: str, colour: RGB, size: int, *,
          square: bool = False) -> None:
    """A round (or square) mark with a letter or number, outlined in ink."""
    half = size * 0.8
    x, y = at
    box = [x - half, y - half, x + half, y + half]
    if square:
        pen.draw.rounded_rectangle(box, radius=5, fill=colour, outline=INK, width=3)
    else:
        pen.draw.ellipse(box, fill=colour, outline=INK, width=3)
    pen.text((x, y), label, Style(size, bold=True), ink_on(colour), anchor="mm")


register("plotted-aa", Pictures(board=render, zoom=render_zoom, boards=board_views,
                                private=render_private))
