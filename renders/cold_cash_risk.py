"""Cold Cash Risk pictures, drawn from the public view only (`game.view(None)`).

- `render(view)` -> the world map: every territory in its corporation's colour with the
  corporation's tag and its security teams, a tower icon on each corporation's tower, and a
  Mom & Pop icon (with the teams it rolled while it defends a takeover); via
  `renders.risk_map`. This is what the bot posts after every turn (`render_on`).
- `render_market(view)` -> the stock market table, its own picture so that both read at chat
  size: each corporation of the edition with its tier, CEO, tower, territories, teams, size,
  share price, dividend and the shares left in the Bank; then the shares shown, the turn, the
  turn order, the cards in hand (counts only), the deck, the pending decision and whether the
  Closing Bell may ring. After the game, the final cash.

The public view holds no holdings, hidden shares, cash or cards, so none can reach an image.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from renders import risk_map
from renders.encode import png
from renders.palette import ink_on, seat_colour
from renders.registry import Pictures, register
from renders.text import Pen, Style, fit, length, wrap

INK = (30, 30, 36)
MUTED = (96, 96, 108)
PAPER = (248, 245, 236)
HEADER_BG = (28, 38, 56)
RULE = (200, 192, 176)
INACTIVE = (140, 140, 140)
WHITE = (255, 255, 255)

# The market table: one size for every cell (at most 1222 px wide keeps it >= 9 px at 550).
CELL = Style(20)
HEAD = Style(20, bold=True)
TITLE = Style(26, bold=True)
ROW = 36
PAD = 18
# (title, key) of the table's columns.
COLUMNS: tuple[tuple[str, str], ...] = (
    ("Corporation", "corporation"), ("Tier", "tier"), ("CEO", "ceo"), ("Tower", "tower"),
    ("Terr.", "territories"), ("Teams", "teams"), ("Size", "size"), ("Price", "price"),
    ("Div.", "dividend"), ("Bank", "bank"),
)
SWATCH = 40  # the colour swatch with the corporation's letter, before its name
MAX_NAME = 190  # px for a CEO's name before it is shortened


def map_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The plain view `renders.risk_map` draws: corporations as owners in their colours."""
    corporations: Mapping[str, Mapping[str, Any]] = view.get("corporations") or {}
    territories: dict[str, dict[str, Any]] = {}
    for name, info in (view.get("territories") or {}).items():
        owner = info.get("owner")
        markers = []
        if info.get("tower"):
            markers.append("tower")
        teams = info.get("teams")
        if owner == "Mom & Pop":
            markers.append("mompop")
            teams = teams or None  # a Mom & Pop shows teams only while it defends
        territories[name] = {"owner": owner, "armies": teams, "markers": markers}
    part = view.get("part") or ""
    status = "game over" if view.get("finished") else f"turn {view.get('turn')}, {part}"
    current = view.get("current")
    if current and not view.get("finished"):
        status += f" ({current})"
    return {"title": f"Cold Cash Risk - {status}",
            "players": {c: info.get("colour", i) for i, (c, info) in
                        enumerate(corporations.items())},
            "territories": territories}


def render_map(view: Mapping[str, Any]) -> bytes:
    """The world map (1600 px wide), the last battle's territories ringed."""
    battle = view.get("last_battle") or {}
    highlight = [battle[k] for k in ("from", "to") if battle.get(k)] if view.get(
        "takeover") else []
    return risk_map.render(map_view(view), highlight=highlight)


def render(view: Mapping[str, Any]) -> bytes:
    """What the bot posts after every turn: the world map (`render_map`). The stock market
    is its own picture, `render_market`."""
    return render_map(view)


def _cell(row: Mapping[str, Any], key: str) -> str:
    value = row.get(key)
    if not row.get("active"):
        if key == "ceo":
            return "not in play"
        if key not in ("corporation", "tier", "bank"):
            return "-"
    if key == "size" and row.get("safe"):
        return f"{value} safe"
    if key in ("price", "dividend") and value is not None:
        return f"${int(value):,}"
    if key == "tower" and value:
        return risk_map.SHORT.get(str(value), str(value))
    if key == "ceo" and value:
        return fit(str(value), CELL, MAX_NAME)
    return str(value) if value is not None else "-"


def market_image(view: Mapping[str, Any]) -> Image.Image:
    """The stock market table as an image, as wide as its columns need."""
    rows: list[Mapping[str, Any]] = list(view.get("market") or [])
    widths = []
    for title, key in COLUMNS:
        cells = [length(_cell(r, key), CELL) for r in rows]
        extra = SWATCH + 10 if key == "corporation" else 0
        widths.append(max([length(title, HEAD)] + [c + extra for c in cells]) + PAD)
    edition = str(view.get("edition", ""))
    heading = f"Stock market ({edition} edition)" if edition else "Stock market"
    width = int(max(700, 2 * PAD + sum(widths), length(heading, TITLE) + 2 * PAD))
    notes = [line for note in _notes(view) for line in wrap(note, CELL, width - 2 * PAD)]
    top = 60
    height = top + ROW * (len(rows) + 1) + 14 + 28 * len(notes) + 14
    img = Image.new("RGB", (width, height), PAPER)
    pen = Pen(img)
    draw = pen.draw
    draw.rectangle([0, 0, width, top], fill=HEADER_BG)
    pen.text((PAD, top / 2), heading, TITLE, WHITE, "lm")
    xs = [PAD + sum(widths[:i]) for i in range(len(COLUMNS))]
    y = top + ROW / 2
    for (title, _key), x in zip(COLUMNS, xs, strict=True):
        pen.text((x, y), title, HEAD, MUTED, "lm")
    draw.line([(0, top + ROW), (width, top + ROW)], fill=RULE, width=2)
    for i, row in enumerate(rows):
        y = top + ROW * (i + 1) + ROW / 2
        active = bool(row.get("active"))
        ink = INK if active else INACTIVE
        colour = seat_colour(row.get("colour"), i)
        x0 = xs[0]
        swatch = (x0, y - 13, x0 + SWATCH, y + 13)
        draw.rounded_rectangle(swatch, radius=5, fill=colour if active else (225, 225, 225),
                               outline=INK, width=1)
        pen.text((x0 + SWATCH / 2, y), str(row.get("corporation", "?"))[:1], HEAD,
                 ink_on(colour, INK) if active else INACTIVE, "mm")
        for (_title, key), x in zip(COLUMNS, xs, strict=True):
            if key == "corporation":
                x += SWATCH + 10
            pen.text((x, y), _cell(row, key), CELL, ink, "lm")
        draw.line([(0, y + ROW / 2), (width, y + ROW / 2)], fill=(232, 226, 212), width=1)
    y = top + ROW * (len(rows) + 1) + 14
    for note in notes:
        pen.text((PAD, y + 14), note, CELL, INK, "lm")
        y += 28
    return img


def _notes(view: Mapping[str, Any]) -> list[str]:
    """The lines under the table: shares shown, turn, order, cards, the pending decision,
    the bell."""
    notes = []
    shown = [f"{row.get('corporation')}: " + ", ".join(f"{s} {n}" for s, n in
                                                       (row.get("shown_by") or {}).items())
             for row in view.get("market") or [] if row.get("shown_by")]
    if shown:
        notes.append("Shares shown: " + "; ".join(shown) + ".")
    order = ", ".join(view.get("order") or [])
    notes.append(f"Turn {view.get('turn')} - {view.get('part')} phase. Order: {order}.")
    hands = view.get("hand_sizes") or {}
    cards = ", ".join(f"{s} {n}" for s, n in hands.items())
    notes.append(f"Territory cards in hand: {cards}. Deck: {view.get('deck')}, discarded: "
                 f"{view.get('discards')}. Empty territories: {view.get('empty_territories')}.")
    pending = view.get("pending")
    if pending:
        what = {"consent": "merger consent", "settle": "disposal of defunct shares",
                "accept": "accepting a nomination", "vote": "a vote", "occupy":
                "moving into a conquest", "deploy": "placing hired teams",
                "restructure": "restructuring"}.get(str(pending.get("kind")), "a decision")
        notes.append(f"Waiting for {pending.get('seat')}: {what}.")
    ending = view.get("ending")
    if view.get("finished") and view.get("results"):
        cash = view["results"].get("cash") or {}
        ranked = sorted(cash, key=lambda s: -int(cash[s]))
        notes.append("Final cash: " + ", ".join(f"{s} ${int(cash[s]):,}" for s in ranked)
                     + f". Winner: {', '.join(view.get('winners') or [])}.")
    elif ending == "standard":
        notes.append("Closing Bell: " + ("may be declared at the start of a turn."
                                         if view.get("closing_bell") else
                                         "not yet (a corporation of 22, or all of 11)."))
    else:
        notes.append(f"Ending: the {ending} game.")
    return notes


def render_market(view: Mapping[str, Any]) -> bytes:
    """The stock market table alone, as PNG bytes."""
    return png(market_image(view))


register("cold-cash-risk", Pictures(board=render, market=render_market))
