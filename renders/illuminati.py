"""Illuminati's pictures: one per player's Power Structure, drawn from the public view only.

`render(view, seat=...)` draws that player's structure as the table lays it (ILL-1: one card
a square, the Illuminati at the centre): every card with its name, Power/Transferable Power,
Resistance, income, alignments (as short words) and treasury; a solid arrow from each master
to each puppet; a hollow arrowhead on each vacant outgoing arrow. Above it, the player, their
Illuminati (or "hidden"), the Illuminati treasury, Groups against the Basic Goal and the
number of Specials held; under it, the attack under way if it touches this structure, and
the notice that Croupier is an unofficial aid. `render_all(view)` gives one picture per
player still in the game.

Sizes: the cards shrink as a structure grows wider, the text does not: every text a player
needs is at least 9 px tall when Discord shows the picture 550 px wide (`min_size`), and
the picture is at most 1600 px wide. The seat's colour is never the only mark: its name is
printed beside it. The public view holds no hand and no hidden goal, so none can reach an
image.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from renders import palette
from renders.encode import png
from renders.registry import Pictures, register
from renders.text import Pen, Style, fit, length, min_size, wrap

RGB = tuple[int, int, int]

MAX_WIDTH = 1600
MIN_WIDTH = 760
GAP = 44          # between two squares: where the arrows are drawn
PAD = 24
MARGIN = 40       # around the grid: room for the vacant arrows of the outer cards
WIDEST_CARD = 280
NAME_LINES = 4

PAPER: RGB = (246, 242, 232)
CARD: RGB = (255, 255, 255)
INK: RGB = (30, 30, 36)
MUTED: RGB = (96, 96, 108)
EDGE: RGB = (90, 90, 84)
LINK: RGB = (30, 30, 36)
VACANT: RGB = (150, 146, 138)
MONEY: RGB = (44, 62, 80)
MONEY_INK: RGB = (255, 255, 255)

SHORT = {"government": "Gov", "communist": "Com", "liberal": "Lib", "conservative": "Con",
         "peaceful": "Peace", "violent": "Viol", "straight": "Str", "weird": "Weird",
         "criminal": "Crim", "fanatic": "Fan"}
STEP = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
HOW = {"control": "to control", "neutralize": "to neutralize", "destroy": "to destroy",
       "whisper": "to destroy (Whispering Campaign)"}
NOTICE = "Croupier: an unofficial aid, not affiliated with Steve Jackson Games."
KEY = "P Power/Transferable Power · R Resistance · I Income · MB the card's treasury."


def seats(view: Mapping[str, Any]) -> list[str]:
    """The players whose structure is on the table, in turn order."""
    structures = view.get("structures") or {}
    return [s for s in view.get("order") or [] if structures.get(s)]


def seat_colour(view: Mapping[str, Any], seat: str) -> RGB:
    order = list(view.get("seats") or view.get("order") or [])
    return palette.seat_colour(None, order.index(seat) if seat in order else 0)


def broken(words: list[str], style: Style, width: float) -> list[str]:
    """`words` set in lines no wider than `width`; a word wider than a line is cut into
    pieces that fit (a narrow card never lets a name run over its edge)."""
    pieces: list[str] = []
    for word in words:
        while length(word, style) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and length(word[:cut] + "-", style) > width:
                cut -= 1
            pieces.append(word[:cut] + "-")
            word = word[cut:]
        pieces.append(word)
    lines: list[str] = []
    for piece in pieces:
        trial = f"{lines[-1]} {piece}" if lines and not lines[-1].endswith("-") else piece
        if lines and length(trial, style) <= width and not lines[-1].endswith("-"):
            lines[-1] = trial
        elif lines and lines[-1].endswith("-") and length(lines[-1][:-1] + piece, style) \
                <= width:
            lines[-1] = lines[-1][:-1] + piece
        else:
            lines.append(piece)
    return lines


def card_lines(card: Mapping[str, Any], style: Style, bold: Style, width: float
               ) -> list[tuple[str, Style]]:
    """What a card shows, line by line: its name, numbers, alignments."""
    if card.get("hidden"):
        return [(line, bold) for line in broken(["Hidden", "Illuminati"], bold, width)] + \
            [("face down", style)]
    names = broken(str(card.get("name") or "").split(), bold, width)
    if len(names) > NAME_LINES:
        names = names[:NAME_LINES]
        names[-1] = fit(names[-1] + "…", bold, width)
    out = [(line, bold) for line in names]
    numbers = [f"P {card.get('power')}/{card.get('transferable')}"]
    if not card.get("illuminati"):
        numbers.append(f"R {card.get('resistance')}")
    numbers.append(f"I {card.get('income')}")
    out += [(line.replace("\u00a0", " "), style) for line in
            broken([n.replace(" ", "\u00a0") for n in numbers], style, width)]
    tags = [SHORT.get(a, a) for a in card.get("alignments") or []]
    out += [(line, style) for line in broken(tags, style, width)]
    return out


class Layout:
    """Where the squares go: the card size follows the structure's width."""

    def __init__(self, cards: list[Mapping[str, Any]]) -> None:
        self.cards = cards
        xs = [int(c["x"]) for c in cards] or [0]
        ys = [int(c["y"]) for c in cards] or [0]
        self.x0, self.y0 = min(xs), min(ys)
        self.columns = max(xs) - self.x0 + 1
        self.rows = max(ys) - self.y0 + 1
        self.card_w = min(WIDEST_CARD, (MAX_WIDTH - 2 * MARGIN - GAP * (self.columns - 1))
                          // self.columns)
        grid = self.columns * self.card_w + GAP * (self.columns - 1) + 2 * MARGIN
        self.width = max(MIN_WIDTH, grid)
        self.text = Style(max(min_size(self.width), 16))
        self.bold = Style(self.text.size, bold=True)
        self.line = round(self.text.size * 1.22)
        self.lines = {id(c): card_lines(c, self.text, self.bold, self.card_w - 16)
                      for c in cards}
        most = max((len(lines) for lines in self.lines.values()), default=3)
        self.card_h = self.line * (most + 1) + 22
        self.left = (self.width - grid) // 2 + MARGIN

    def box(self, card: Mapping[str, Any], top: int) -> tuple[int, int, int, int]:
        x = self.left + (int(card["x"]) - self.x0) * (self.card_w + GAP)
        y = top + (int(card["y"]) - self.y0) * (self.card_h + GAP)
        return x, y, x + self.card_w, y + self.card_h


def edge_point(box: tuple[int, int, int, int], direction: str) -> tuple[float, float]:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return {"up": (cx, y0), "down": (cx, y1), "left": (x0, cy), "right": (x1, cy)}[direction]


def arrowhead(pen: Pen, tip: tuple[float, float], direction: str, size: float, fill: RGB,
              hollow: bool = False) -> None:
    dx, dy = STEP[direction]
    bx, by = tip[0] - dx * size, tip[1] - dy * size
    px, py = -dy * size * 0.6, dx * size * 0.6
    points = [tip, (bx + px, by + py), (bx - px, by - py)]
    if hollow:
        pen.draw.polygon(points, outline=fill, fill=PAPER, width=3)
    else:
        pen.draw.polygon(points, fill=fill)


def header_lines(view: Mapping[str, Any], seat: str) -> list[str]:
    player = (view.get("players") or {}).get(seat) or {}
    illuminati = player.get("illuminati") or "a hidden Illuminati"
    lines = [f"{seat}: {illuminati}"]
    lines.append(f"Illuminati treasury {player.get('treasury', 0)} MB · Groups "
                 f"{player.get('groups', 0)} of {view.get('goal_groups')} · Specials held "
                 f"{player.get('specials', 0)}" + (
                     f" · destroyed {player['destroyed']}" if player.get("destroyed") else ""))
    if player.get("ability"):
        lines.append(f"Ability: {player['ability']}.")
    if player.get("special_goal"):
        lines.append(f"Special goal: {player['special_goal']}.")
    return lines


def attack_line(view: Mapping[str, Any], names: set[str]) -> str | None:
    attack = view.get("attack")
    if not attack or not ({attack.get("target"), attack.get("group")} & names):
        return None
    privileged = ", privileged" if attack.get("privileged") and not attack.get("abolished") \
        else ""
    roll = f"; rolled {attack['roll']}" if attack.get("roll") else ""
    return (f"Attack under way: {attack.get('seat')} attacks {attack.get('target')} "
            f"{HOW.get(str(attack.get('how')), '')}{privileged}: needs {attack.get('needed')} "
            f"or less{roll}.")


def picture(view: Mapping[str, Any], *, seat: str | None = None) -> Image.Image:
    """`seat`'s Power Structure (default: the player whose turn it is, else the first)."""
    chosen = seat or view.get("current") or next(iter(seats(view)), "")
    cards = list((view.get("structures") or {}).get(chosen) or [])
    lay = Layout(cards)
    text, bold = lay.text, lay.bold
    title = Style(text.size + 6, bold=True)
    inner = lay.width - 2 * PAD
    head = [w for line in header_lines(view, str(chosen)) for w in wrap(line, text, inner)]
    foot = [w for line in filter(None, [attack_line(view, {str(c.get("name")) for c in cards}),
                                        KEY, NOTICE]) for w in wrap(line, text, inner)]
    top = PAD + title.size + 12 + lay.line * len(head) + MARGIN
    grid_h = lay.rows * lay.card_h + GAP * (lay.rows - 1)
    height = top + grid_h + MARGIN + lay.line * len(foot) + PAD
    img = Image.new("RGB", (lay.width, height), PAPER)
    pen = Pen(img)
    colour = seat_colour(view, str(chosen))
    pen.draw.rectangle([PAD, PAD, PAD + title.size, PAD + title.size], fill=colour,
                       outline=INK, width=2)
    turn = view.get("turn_number")
    pen.text((PAD + title.size + 12, PAD + title.size / 2),
             f"{chosen}'s Power Structure" + (f" (turn {turn})" if turn else ""), title, INK,
             "lm")
    y = PAD + title.size + 12
    for line in head:
        pen.text((PAD, y), line, text, INK)
        y += lay.line
    by_square = {(int(c["x"]), int(c["y"])): c for c in cards}
    for card in cards:
        box = lay.box(card, top)
        for direction in card.get("arrows") or []:
            if direction in (card.get("puppets") or []):
                dx, dy = STEP[direction]
                if (int(card["x"]) + dx, int(card["y"]) + dy) not in by_square:
                    continue
                start = edge_point(box, direction)
                end = (start[0] + dx * GAP, start[1] + dy * GAP)
                pen.draw.line([start, end], fill=LINK, width=5)
                arrowhead(pen, end, direction, 14, LINK)
            else:
                start = edge_point(box, direction)
                tip = (start[0] + STEP[direction][0] * 18, start[1] + STEP[direction][1] * 18)
                arrowhead(pen, tip, direction, 16, VACANT, hollow=True)
    for card in cards:
        x0, y0, x1, y1 = lay.box(card, top)
        illuminati = bool(card.get("illuminati"))
        pen.draw.rectangle([x0, y0, x1, y1], fill=CARD, outline=colour if illuminati else EDGE,
                           width=6 if illuminati else 2)
        ty = y0 + 8
        for line, style in lay.lines[id(card)]:
            pen.text((x0 + 8, ty), line, style, INK)
            ty += lay.line
        money = f"{card.get('treasury', 0)} MB"
        wide = pen.length(money, bold) + 14
        pen.draw.rectangle([x1 - wide - 6, y1 - lay.line - 8, x1 - 6, y1 - 6], fill=MONEY)
        pen.text((x1 - 13, y1 - 7 - lay.line / 2), money, bold, MONEY_INK, "rm")
    y = top + grid_h + MARGIN
    notice = set(wrap(NOTICE, text, inner))
    for line in foot:
        pen.text((PAD, y), line, text, MUTED if line in notice else INK)
        y += lay.line
    return img


def render(view: Mapping[str, Any], *, seat: str | None = None) -> bytes:
    """One player's Power Structure, encoded once."""
    return png(picture(view, seat=seat))


def render_all(view: Mapping[str, Any]) -> list[tuple[str, bytes]]:
    """One picture per player still in the game, in turn order."""
    return [(s, render(view, seat=s)) for s in seats(view)]


# What the bot's registry of pictures reads (`Pictures(board=board, boards=boards)`): the
# views one announcement draws, one per player's structure, each drawn by `board`.
PICTURE_OF = "picture_of"


def boards(view: Mapping[str, Any], events: Sequence[Mapping[str, Any]] = ()
           ) -> list[dict[str, Any]]:
    """The views to draw after an announcement, one per player's structure: at the end of
    a turn, the structures that changed during it (the player who just played first, as
    its `turn_ended` event names them); at the start and the end of the game, every
    player's still in, in turn order. Never a wall of unchanged pictures after each turn."""
    shown = seats(view)
    ended = [e for e in events if e.get("kind") == "turn_ended" and "changed" in e]
    if ended and not any(e.get("kind") == "game_over" for e in events):
        wanted = [str(s) for e in ended for s in e["changed"] or ()]
        picked = [s for s in dict.fromkeys(wanted) if s in shown]
        shown = picked or shown[:1]
    return [{**view, PICTURE_OF: s} for s in shown]


def board(view: Mapping[str, Any]) -> bytes:
    """The structure a view from `boards` names (else the player whose turn it is)."""
    chosen = view.get(PICTURE_OF)
    return render(view, seat=str(chosen) if chosen else None)


register("illuminati", Pictures(board=board, boards=boards))
