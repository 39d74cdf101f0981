"""Cold Cash Risk pictures, drawn from the public view only (`game.view(None)`).

- `render(view)` -> one PNG: the world map on top, the stock market table below. This is
  what the bot posts after every turn (`render_on`).
- `render_map(view)` -> the map alone: every territory in its corporation's colour with the
  corporation's tag and its security teams, a tower icon on each corporation's tower, and a
  Mom & Pop icon (with the teams it rolled while it defends a takeover); via
  `renders.risk_map`.
- `render_market(view)` -> the stock market table alone: each corporation of the edition
  with its tier, CEO, tower, territories, teams, size, share price, dividend and the shares
  left in the Bank; then the turn, the turn order, the cards in hand (counts only), the
  deck, the pending decision and whether the Closing Bell may ring. After the game, the
  final cash.

The public view holds no holdings, hidden shares, cash or cards, so none can reach an image.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renders import risk_map
from renders.risk_map import _ascii, _colour, _font, _ink_on

WIDTH = risk_map.WIDTH
ROW = 34
HEAD = 58
INK = (30, 30, 36)
MUTED = (96, 96, 108)
PAPER = (248, 245, 236)
HEADER_BG = (28, 38, 56)
RULE = (200, 192, 176)
INACTIVE = (150, 150, 150)

# (title, key, x) of the table's columns.
COLUMNS: tuple[tuple[str, str, int], ...] = (
    ("Corporation", "corporation", 20), ("Tier", "tier", 300), ("CEO", "ceo", 370),
    ("Tower", "tower", 560), ("Terr.", "territories", 800), ("Teams", "teams", 880),
    ("Size", "size", 965), ("Price", "price", 1045), ("Dividend", "dividend", 1150),
    ("Bank", "bank", 1265), ("Shown", "shown_by", 1345),
)


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


def _cell(row: Mapping[str, Any], key: str) -> str:
    value = row.get(key)
    if not row.get("active"):
        if key == "ceo":
            return "not in play"
        if key not in ("corporation", "tier", "bank"):
            return "-"
    if key == "shown_by":
        return _ascii(", ".join(f"{s} {n}" for s, n in (value or {}).items())) or "-"
    if key == "size" and row.get("safe"):
        return f"{value} safe"
    if key in ("price", "dividend") and value is not None:
        return f"${int(value):,}"
    return _ascii(str(value)) if value is not None else "-"


def market_image(view: Mapping[str, Any]) -> Image.Image:
    """The stock market table as an image."""
    rows: list[Mapping[str, Any]] = list(view.get("market") or [])
    notes = _notes(view)
    height = HEAD + ROW * (len(rows) + 1) + 16 + 26 * len(notes) + 16
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    draw.rectangle([0, 0, WIDTH, HEAD], fill=HEADER_BG)
    edition = view.get("edition", "")
    draw.text((20, HEAD / 2), f"Stock market ({edition} edition)", font=_font(26),
              fill=(255, 255, 255), anchor="lm")
    y = HEAD + ROW / 2
    for title, _key, x in COLUMNS:
        draw.text((x, y), title, font=_font(16), fill=MUTED, anchor="lm")
    draw.line([(0, HEAD + ROW), (WIDTH, HEAD + ROW)], fill=RULE, width=2)
    for i, row in enumerate(rows):
        y = HEAD + ROW * (i + 1) + ROW / 2
        active = bool(row.get("active"))
        ink = INK if active else INACTIVE
        colour = _colour(row.get("colour"), i)
        x0 = COLUMNS[0][2]
        swatch = (x0, y - 11, x0 + 30, y + 11)
        draw.rounded_rectangle(swatch, radius=5, fill=colour if active else (225, 225, 225),
                               outline=INK, width=1)
        draw.text((x0 + 15, y + 1), _ascii(str(row.get("corporation", "?")))[:1],
                  font=_font(15), fill=_ink_on(colour) if active else INACTIVE, anchor="mm")
        for _title, key, x in COLUMNS:
            text = _cell(row, key)
            if key == "corporation":
                draw.text((x + 40, y), text, font=_font(18), fill=ink, anchor="lm")
            else:
                draw.text((x, y), text, font=_font(18), fill=ink, anchor="lm")
        draw.line([(0, y + ROW / 2), (WIDTH, y + ROW / 2)], fill=(232, 226, 212), width=1)
    y = HEAD + ROW * (len(rows) + 1) + 16
    for note in notes:
        draw.text((20, y + 10), _ascii(note), font=_font(17), fill=INK, anchor="lm")
        y += 26
    return img


def _notes(view: Mapping[str, Any]) -> list[str]:
    """The lines under the table: turn, order, cards, the pending decision, the bell."""
    notes = []
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
    return _png(market_image(view))


def render(view: Mapping[str, Any], *, market: bool = True) -> bytes:
    """The map with the stock market table below it, as one PNG (1600 px wide).

    `market` False gives the map alone (as `render_map`).
    """
    picture = Image.open(io.BytesIO(render_map(view)))
    picture.load()
    if not market:
        return _png(picture)
    table = market_image(view)
    combined = Image.new("RGB", (WIDTH, picture.height + table.height), PAPER)
    combined.paste(picture.convert("RGB"), (0, 0))
    combined.paste(table, (0, picture.height))
    return _png(combined)


def _png(img: Image.Image) -> bytes:
    buffer = io.BytesIO()
    img.save(buffer, "PNG")
    return buffer.getvalue()
