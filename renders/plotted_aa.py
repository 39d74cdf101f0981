"""What the bot posts for `plotted-aa`: the public board, and each power's private preview.

    render(view)              # the world (renders.aa_map): who holds what, the revealed moves
                              # of the round as arrows with their power's letter, the turn,
                              # round and phase in words
    render_zoom(view)         # the theatre where the round's moves are (None without moves)
    board_views(view, events) # the public views to draw for one announcement: one per round
                              # that ended in it (its `round_over` event carries its moves)
    render_plot(view)         # a power's own plot (its view's `my_plot`) drawn on the map:
                              # numbered arrows (the round), builds marked, the plot in words
    render_private(view)      # what the bot attaches to the power's plot sheet (`bot.delivery`)

The public pictures read only the public view (`game.view(None)`), where nothing of a plot is
before its reveal: twin games whose plots differ draw the same bytes. The preview reads only
the seat's own view and goes only to that seat's DM.

Every mark carries a letter or a number besides its colour (Okabe-Ito shades, colour-blind
safe), and every text a player needs is at least 9 px tall at Discord's 550 px preview.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.aa.map import classic_map
from engine.games.plotted_aa.form import BUILD, MOVE, Action, describe_action
from renders import aa_map, encode
from renders.aa_cells import xy
from renders.palette import RGB, ink_on
from renders.registry import Pictures, register
from renders.text import Pen, Style, min_size, wrap

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
    its power's letter (colour alone never tells powers apart)."""
    image = aa_map.picture(_words(view), theatre=theatre)
    pen = Pen(image)
    f = aa_map.frame(theatre)
    board = classic_map()
    size = min_size(WIDTH)
    for move in view.get("moves") or []:
        ends = _ends(board, move.get("from"), move.get("to"))
        if ends is None:
            continue
        power = str(move.get("power"))
        colour = aa_map.POWER_COLOURS.get(power, INK)
        (x0, y0), (x1, y1) = f.at(ends[0]), f.at(ends[1])
        _chip(pen, ((x0 + x1) / 2, (y0 + y1) / 2), aa_map.POWER_LETTERS.get(power, "?"),
              colour, size, f.height)
    return image


def render(view: Mapping[str, Any]) -> bytes:
    """The whole world, as posted in the channel."""
    return encode.png(picture(view))


def render_zoom(view: Mapping[str, Any]) -> bytes | None:
    """The theatre where most of the round's moves are, or None when nothing moved."""
    theatres = aa_map.theatres_for(view)
    return encode.png(picture(view, theatre=theatres[0])) if theatres else None


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
    in words underneath. Never posted in the channel."""
    power = str(view.get("my_power") or "")
    colour = aa_map.POWER_COLOURS.get(power, INK)
    actions = [Action.from_json(a) for a in view.get("my_plot") or []]
    board = classic_map()
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
    builds = [a.area for a in actions if a.kind == BUILD and a.area in board.areas]
    theatre = _theatre(moves, builds)
    phase = f"{power}'s plot, in secret: turn {view.get('turn', '?')}"
    base = aa_map.picture({**view, "moves": moves, "round": None, "current": None,
                           "phase": phase}, theatre=theatre)
    size = min_size(WIDTH)
    legend = _legend_lines(actions, size)
    image = Image.new("RGB", (WIDTH, base.height + legend_height(legend, size)), PAPER)
    image.paste(base, (0, 0))
    pen = Pen(image)
    f = aa_map.frame(theatre)
    for move in moves:
        ends = _ends(board, move["from"], move["to"])
        if ends is not None:
            (x0, y0), (x1, y1) = f.at(ends[0]), f.at(ends[1])
            _chip(pen, ((x0 + x1) / 2, (y0 + y1) / 2), str(move["round"]), colour, size,
                  f.height)
    for action in actions:
        if action.kind == BUILD and action.area in board.areas:
            _chip(pen, f.at(xy(board, action.area)), str(action.round), colour, size,
                  f.height, square=True)
    _legend(pen, legend, base.height, colour, size)
    return encode.png(image)


def _theatre(moves: Sequence[Mapping[str, Any]], builds: Sequence[Any]) -> str | None:
    """The theatre that shows every mark of the plot, zoomed so that the map reads at chat
    size; None (the world) when the plot spans more than one."""
    ends = [a for m in moves for a in (m["from"], m["to"])] + list(builds)
    candidates = aa_map.theatres_for({"moves": moves}) or \
        aa_map.theatres_for({"moves": [{"from": a, "to": a} for a in builds]})
    for name in candidates:
        f = aa_map.frame(name)
        if all(0 <= f.at(xy(classic_map(), a))[0] <= f.width
               and 0 <= f.at(xy(classic_map(), a))[1] <= f.height for a in ends):
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
        words = describe_action(action).split(": ", 1)[-1]
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
              10 ** 6, square=action.kind == BUILD)
        for i, line in enumerate(text):
            pen.text((16 + 2 * size + 8, y + i * (size + 8)), line, Style(size), INK)
        y += len(text) * (size + 8) + 6


# ----- marks ----------------------------------------------------------------------------


def _ends(board: Any, start: Any, end: Any) -> tuple[tuple[float, float], tuple[float, float]] | None:
    if start not in board.areas or end not in board.areas or start == end:
        return None
    return xy(board, start), xy(board, end)


def _chip(pen: Pen, at: tuple[float, float], label: str, colour: RGB, size: int,
          bottom: float, *, square: bool = False) -> None:
    """A round (or square) mark with a letter or number, outlined in ink, kept above the
    band under the map."""
    half = size * 0.8
    x = min(max(at[0], half + 2), WIDTH - half - 2)
    y = min(max(at[1], half + 2), bottom - half - 2)
    box = [x - half, y - half, x + half, y + half]
    if square:
        pen.draw.rounded_rectangle(box, radius=5, fill=colour, outline=INK, width=3)
    else:
        pen.draw.ellipse(box, fill=colour, outline=INK, width=3)
    pen.text((x, y), label, Style(size, bold=True), ink_on(colour), anchor="mm")


register("plotted-aa", Pictures(board=render, zoom=render_zoom, boards=board_views,
                                private=render_private))
