"""The High Frontier political events board: the drawn card and the politics strip.

`render(game.view(None))` draws, from the public view only, the most recent draw as
a card (title, subtitle, condition, effect text, and whether it applied or why it
was ignored) beside the politics strip: Active Law, anarchy and war, Sec-Gen, the
Sunspot track with Seniority, the cards left, the players in turn order from the
Sec-Gen, what the table is waiting for, and the recent draws. Every state has a
printed label as well as a colour.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from renders.text import Font, load_font, wrap

RGB = tuple[int, int, int]

BG: RGB = (21, 26, 43)
PANEL: RGB = (33, 40, 62)
PANEL_EDGE: RGB = (58, 68, 99)
INK: RGB = (235, 238, 245)
MUTED: RGB = (160, 168, 190)
CARD: RGB = (246, 242, 231)
CARD_INK: RGB = (30, 30, 36)
CARD_MUTED: RGB = (95, 92, 88)
GOLD: RGB = (222, 173, 42)
APPLIED: RGB = (38, 128, 76)
IGNORED: RGB = (150, 60, 50)
ALERT: RGB = (200, 70, 60)
CALM: RGB = (70, 90, 120)
CUBE: RGB = (240, 200, 60)

# Card categories: band colour and the label printed on the band.
CATEGORY: dict[str, tuple[RGB, str]] = {
    "law": ((176, 132, 22), "LAW CARD"),
    "stability": ((36, 122, 128), "STABILITY"),
    "ends": ((160, 42, 52), "ANARCHY / WAR ENDS"),
    "sunspot": ((205, 105, 30), "SUNSPOT CYCLE"),
    "plain": ((62, 92, 140), "EVENT"),
}
TILES_TOP, TILE_H, SUN_H = 88, 118, 150




def _fit(draw: ImageDraw.ImageDraw, text: str, font: Font, width: int) -> str:
    """Shorten `text` with an ellipsis until it fits in `width` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "...", font=font) > width:
        text = text[:-1]
    return text.rstrip() + "..."


def _block(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, font: Font, fill: RGB,
           width: int, spacing: int = 6, max_lines: int = 99) -> int:
    """Draw wrapped text; returns the y below it."""
    x, y = xy
    size = int(getattr(font, "size", 14))
    lines = wrap(draw, text, font, width)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = _fit(draw, lines[-1] + " ...", font, width)
    for line in lines:
        draw.text((x, y), line, font=font, fill=fill)
        y += size + spacing
    return y


def _effect_line(effect: dict[str, Any]) -> str:
    """One line of what the table does now, from the draw's effect summary."""
    walk = ", ".join(effect.get("walk") or [])
    if effect.get("bonus_op"):
        text = f"Bonus operation in turn order: {walk}."
        return text + (" Then the Sec-Gen tallies the vote." if effect.get("tally") else "")
    if effect.get("delegates"):
        return (f"Delegates in turn order: {walk}. " if walk else "") + \
            "Then the Sec-Gen tallies the vote."
    if "gain_2_vp" in effect:
        gain = ", ".join(effect["gain_2_vp"]) or "nobody"
        lose = ", ".join(effect.get("lose_1_vp") or []) or "nobody"
        return f"+2 VP: {gain}.  -1 VP: {lose}."
    if effect.get("kind") == "sunspot-cycle":
        return "Apply the current season's sunspot event."
    return "The event happens this turn."


def _card(img: Image.Image, box: tuple[int, int, int, int], draw_rec: dict[str, Any] | None,
          turn: int) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    inner = x1 - x0 - 48
    if draw_rec is None:
        draw.rounded_rectangle(box, radius=22, fill=(44, 54, 84), outline=GOLD, width=4)
        cx = (x0 + x1) // 2
        draw.text((cx, y0 + 230), "High", font=load_font(52), fill=GOLD, anchor="mm")
        draw.text((cx, y0 + 290), "Frontier", font=load_font(52), fill=GOLD, anchor="mm")
        draw.text((cx, y0 + 350), "EVENT", font=load_font(30), fill=INK, anchor="mm")
        draw.text((cx, y1 - 70), "No event drawn yet.", font=load_font(22), fill=INK, anchor="mm")
        draw.text((cx, y1 - 40), "The Sec-Gen starts turn 1 with /hf turn.", font=load_font(18),
                  fill=MUTED, anchor="mm")
        return
    card = draw_rec["card"]
    colour, label = CATEGORY.get(card.get("category", "plain"), CATEGORY["plain"])
    draw.rounded_rectangle(box, radius=22, fill=CARD, outline=colour, width=6)
    draw.rounded_rectangle((x0, y0, x1, y0 + 54), radius=22, fill=colour)
    draw.rectangle((x0, y0 + 30, x1, y0 + 54), fill=colour)
    draw.text((x0 + 24, y0 + 27), label, font=load_font(22), fill=(255, 255, 255), anchor="lm")
    draw.text((x1 - 24, y0 + 27), f"TURN {draw_rec.get('turn', turn)}", font=load_font(22),
              fill=(255, 255, 255), anchor="rm")
    y = y0 + 78
    y = _block(draw, (x0 + 24, y), card["name"], load_font(38), CARD_INK, inner, max_lines=2)
    if card.get("subtitle"):
        y = _block(draw, (x0 + 24, y), card["subtitle"], load_font(28), colour, inner, max_lines=2)
    y += 6
    draw.line((x0 + 24, y, x1 - 24, y), fill=(210, 203, 186), width=2)
    y += 14
    y = _block(draw, (x0 + 24, y), f"Condition: {card.get('condition', 'always')}", load_font(18),
               CARD_MUTED, inner)
    y += 10
    _block(draw, (x0 + 24, y), card.get("text", ""), load_font(22), CARD_INK, inner, max_lines=9)

    # The verdict, at the bottom: a label, never just a colour.
    applied = bool(draw_rec.get("applied"))
    detail = str(draw_rec.get("detail") or "")
    band_top = y1 - 172
    fill = APPLIED if applied else IGNORED
    draw.rectangle((x0 + 6, band_top, x1 - 6, y1 - 22), fill=fill)
    draw.rounded_rectangle((x0 + 6, y1 - 40, x1 - 6, y1 - 6), radius=16, fill=fill)
    if applied:
        head = "APPLIED"
        line = _effect_line(dict(draw_rec.get("effect") or {}))
        body = (detail[:1].upper() + detail[1:] + ". " if detail else "") + line
    else:
        head = f"IGNORED ({draw_rec.get('reason') or 'no event'})"
        body = (detail[:1].upper() + detail[1:] + ". " if detail else "") + \
            "No event this turn."
    draw.text((x0 + 24, band_top + 14), head, font=load_font(26), fill=(255, 255, 255))
    _block(draw, (x0 + 24, band_top + 52), body, load_font(19), (255, 255, 255), inner, max_lines=4)
    if not applied:
        _stamp(img, (x0 + x1) // 2, band_top - 78, "IGNORED", IGNORED)


def _stamp(img: Image.Image, cx: int, cy: int, text: str, colour: RGB) -> None:
    """A rotated rubber stamp over an ignored card (the text is still readable beneath)."""
    font = load_font(52)
    layer = Image.new("RGBA", (330, 96), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    d.rounded_rectangle((8, 8, 322, 88), radius=12, outline=colour + (150,), width=6)
    d.text((165, 48), text, font=font, fill=colour + (130,), anchor="mm")
    layer = layer.rotate(10, expand=True, resample=Image.Resampling.BICUBIC)
    img.paste(layer, (cx - layer.width // 2, cy - layer.height // 2), layer)


def _tile(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], label: str, value: str,
          note: str, accent: RGB, bar: float | None = None) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    draw.rectangle((x0 + 2, y0 + 10, x0 + 8, y1 - 10), fill=accent)
    width = x1 - x0 - 30
    draw.text((x0 + 18, y0 + 12), label, font=load_font(15), fill=MUTED)
    size = next((n for n in (28, 24, 20) if draw.textlength(value, font=load_font(n)) <= width), 18)
    draw.text((x0 + 18, y0 + 48), _fit(draw, value, load_font(size), width), font=load_font(size),
              fill=INK, anchor="lm")
    note_y = y0 + 72
    if bar is not None:  # a gauge under the value (cards left of the deck)
        draw.rectangle((x0 + 18, y0 + 68, x1 - 14, y0 + 73), fill=(52, 62, 92))
        filled = int((x1 - x0 - 32) * max(0.0, min(1.0, bar)))
        if filled:
            draw.rectangle((x0 + 18, y0 + 68, x0 + 18 + filled, y0 + 73), fill=accent)
        note_y = y0 + 80
    if note:
        _block(draw, (x0 + 18, note_y), note, load_font(15), MUTED, width, spacing=3, max_lines=2)


def _sunspot(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
             sun: dict[str, Any], turn: int) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    draw.text((x0 + 18, y0 + 12), "SUNSPOT CYCLE", font=load_font(15), fill=MUTED)
    if sun.get("mode") != "track" or not sun.get("length"):
        draw.text((x0 + 18, y0 + 40), "Seniority is declared by the Sec-Gen", font=load_font(24),
                  fill=INK)
        draw.text((x0 + 18, y0 + 76), "(/hf turn seniority:true when the cube passes it)",
                  font=load_font(17), fill=MUTED)
        return
    length = int(sun["length"])
    space = int(sun["space"])
    senior = int(sun["seniority_space"])
    left, right = x0 + 24, x1 - 24
    step = min((right - left) / length, 60.0)
    size = min(40, int(step) - 6)
    top = y0 + 52
    for n in range(1, length + 1):
        sx = int(left + (n - 1) * step + (step - size) / 2)
        here = n == space
        draw.rectangle((sx, top, sx + size, top + size),
                       fill=CUBE if here else (52, 62, 92), outline=INK if here else PANEL_EDGE,
                       width=3 if here else 1)
        draw.text((sx + size // 2, top + size // 2), str(n), font=load_font(max(9, min(17, size - 6))),
                  fill=CARD_INK if here else MUTED, anchor="mm")
        if n == senior:
            mx = int(sx - (step - size) / 2)
            draw.line((mx, top - 10, mx, top + size + 10), fill=GOLD, width=4)
            draw.text((mx + 4, top + size + 8), "SENIORITY", font=load_font(14), fill=GOLD)
    cube_x = int(left + (space - 1) * step + step / 2)
    draw.text((cube_x, top - 4), "CUBE", font=load_font(13), fill=CUBE, anchor="ms")
    later = sun.get("seniority_in")
    if later is not None:
        when = "next turn" if later == 1 else f"in {later} turns"
        note = f"Space {space} of {length}. The cube passes Seniority {when}."
        if turn == 0:
            note += " (It does not move on turn 1.)"
        draw.text((x0 + 18, y1 - 26), note, font=load_font(16), fill=MUTED)


def render(public_view: dict[str, Any], *, width: int = 1280, recent: int = 7) -> bytes:
    """The board as PNG bytes, drawn from `game.view(None)` only.

    `width` is clamped to 1000..1600 px; `recent` is how many past draws are listed.
    """
    width = max(1000, min(1600, int(width)))
    view = public_view
    seats: list[str] = list(view.get("order_from_secgen") or view.get("seats") or [])
    ideologies: dict[str, Any] = dict(view.get("ideologies") or {})
    history: list[dict[str, Any]] = list(view.get("history") or [])
    shown = history[-recent:][::-1] if recent > 0 else []
    right_x = 32 + 440 + 32
    panel_w = width - right_x - 32
    players_top = TILES_TOP + TILE_H + 16 + SUN_H + 16
    players_h = 44 + 30 * max(1, len(seats))
    recent_top = players_top + players_h + 16
    recent_h = 44 + 28 * max(1, len(shown))
    height = max(88 + 640, recent_top + recent_h) + 56

    img = Image.new("RGB", (width, height), BG)
    draw = ImageDraw.Draw(img)
    turn = int(view.get("turn") or 0)
    draw.text((32, 22), "HIGH FRONTIER", font=load_font(30), fill=GOLD)
    draw.text((270, 27), "political events", font=load_font(24), fill=INK)
    draw.text((width - 32, 24), f"Turn {turn}" if turn else "Before turn 1", font=load_font(28),
              fill=INK, anchor="ra")
    draw.line((32, 68, width - 32, 68), fill=PANEL_EDGE, width=2)

    _card(img, (32, 88, 32 + 440, 88 + 640), view.get("last_draw"), turn)

    # Tiles: Active Law, anarchy/war, Sec-Gen, event deck.
    gap = 14
    tile_w = (panel_w - 3 * gap) // 4
    boxes = [(right_x + i * (tile_w + gap), TILES_TOP, right_x + i * (tile_w + gap) + tile_w,
              TILES_TOP + TILE_H) for i in range(4)]
    anarchy, war = bool(view.get("anarchy")), bool(view.get("war"))
    law = view.get("law")
    if anarchy or war:
        law_value, law_note = "NONE", "none during anarchy/war"
    else:
        owner = next((s for s, i in ideologies.items() if law and i == law), None)
        law_value = law or "NONE"
        law_note = f"ideology of {owner}" if owner else "belongs to no player"
    _tile(draw, boxes[0], "ACTIVE LAW", law_value, law_note, GOLD)
    trouble = [w for w, on in (("ANARCHY", anarchy), ("WAR", war)) if on]
    _tile(draw, boxes[1], "ANARCHY / WAR", " + ".join(trouble) if trouble else "PEACE",
          "ends with an Ends card" if trouble else "no anarchy, no war",
          ALERT if trouble else CALM)
    secgen = str(view.get("secgen") or "?")
    held = "change held back" if view.get("secgen_held") else (ideologies.get(secgen) or "")
    _tile(draw, boxes[2], "SEC-GEN", secgen, str(held), (120, 150, 220))
    left, size = int(view.get("cards_left") or 0), int(view.get("deck_size") or 24)
    aside = view.get("set_aside")
    _tile(draw, boxes[3], "CARDS LEFT", f"{left} of {size}",
          f"set aside: {aside.get('subtitle') or aside['name']}" if aside else
          "nothing set aside", (150, 150, 170), bar=left / size if size else 0.0)

    sun_top = TILES_TOP + TILE_H + 16
    _sunspot(draw, (right_x, sun_top, width - 32, sun_top + SUN_H),
             dict(view.get("sunspot") or {}), turn)

    # Players in turn order from the Sec-Gen.
    box = (right_x, players_top, width - 32, players_top + players_h)
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    draw.text((right_x + 18, players_top + 12), "TURN ORDER FROM THE SEC-GEN", font=load_font(15),
              fill=MUTED)
    pending = dict(view.get("pending") or {})
    answers = {a["seat"]: a["answer"] for a in pending.get("answers") or []}
    y = players_top + 40
    for n, seat in enumerate(seats, start=1):
        ideology = ideologies.get(seat)
        draw.text((right_x + 18, y), f"{n}.", font=load_font(19), fill=MUTED)
        draw.text((right_x + 50, y), _fit(draw, seat, load_font(19), 220), font=load_font(19), fill=INK)
        draw.text((right_x + 290, y), ideology or "ideology not set", font=load_font(19),
                  fill=INK if ideology else MUTED)
        tags = []
        if seat == secgen:
            tags.append(("SEC-GEN", (120, 150, 220)))
        if ideology and ideology == law and not (anarchy or war):
            tags.append(("ACTIVE LAW", GOLD))
        if seat in answers:
            tags.append(("DONE" if answers[seat] == "done" else "SKIPPED", MUTED))
        elif pending and pending.get("seat") == seat:
            tags.append(("TO ACT", CUBE))
        tx = right_x + 470
        for tag, colour in tags:
            tw = int(draw.textlength(tag, font=load_font(14))) + 16
            draw.rounded_rectangle((tx, y - 1, tx + tw, y + 22), radius=8, outline=colour,
                                   width=2)
            draw.text((tx + 8, y + 11), tag, font=load_font(14), fill=colour, anchor="lm")
            tx += tw + 8
        y += 30

    # Recent draws, newest first, and what the table waits for.
    box = (right_x, recent_top, width - 32, recent_top + recent_h)
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    draw.text((right_x + 18, recent_top + 12), "RECENT DRAWS (NEWEST FIRST)", font=load_font(15),
              fill=MUTED)
    y = recent_top + 40
    if not shown:
        draw.text((right_x + 18, y), "none yet", font=load_font(18), fill=MUTED)
    for rec in shown:
        ok = bool(rec.get("applied"))
        mark = "applied" if ok else f"ignored: {rec.get('reason')}"
        draw.text((right_x + 18, y), f"T{rec.get('turn')}", font=load_font(18), fill=MUTED)
        draw.text((right_x + 70, y), _fit(draw, str(rec.get("title")), load_font(18), 330),
                  font=load_font(18), fill=INK)
        draw.rounded_rectangle((right_x + 420, y - 1, right_x + 420 + 200, y + 22), radius=8,
                               fill=APPLIED if ok else IGNORED)
        draw.text((right_x + 430, y + 11), mark.upper(), font=load_font(14), fill=(255, 255, 255),
                  anchor="lm")
        y += 28

    waiting = str(view.get("waiting") or "")
    if waiting:
        draw.text((32, height - 18), _fit(draw, "Waiting for " + waiting, load_font(19), width - 64),
                  font=load_font(19), fill=GOLD, anchor="ls")

    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()
