"""The High Frontier political events board: the drawn card and the politics strip.

`render(game.view(None))` draws, from the public view only, the most recent draw as
a card (title, subtitle, condition, effect text, and whether it applied or why it
was ignored) beside the politics strip: Active Law, anarchy and war, Sec-Gen, the
Sunspot track with Seniority, the cards left, the players in turn order from the
Sec-Gen, what the table is waiting for, and the recent draws. Every state has a
printed label as well as a colour.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renders import fonts, palette
from renders.encode import png
from renders.registry import Pictures, register
from renders.text import Pen, Style, fit, min_size, wrap

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
# Applied and ignored differ in colour for every vision (palette.MIN_DISTANCE) and in label.
APPLIED: RGB = (0, 114, 178)
IGNORED: RGB = (180, 70, 0)
ALERT: RGB = palette.COLOURS["red"]
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
WIDTH = 1280
#: The smallest text a player needs: 9 px when the image is shown 550 px wide.
MIN = min_size(WIDTH)
TILES_TOP, TILE_H, SUN_H = 88, 146, 196
ROW_H = 36


def load_font(size: int) -> Style:
    """Text of `size` px, never under MIN."""
    return Style(max(MIN, size))




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
    pen = Pen(img)
    draw = pen.draw
    x0, y0, x1, y1 = box
    inner = x1 - x0 - 48
    if draw_rec is None:
        draw.rounded_rectangle(box, radius=22, fill=(44, 54, 84), outline=GOLD, width=4)
        cx = (x0 + x1) // 2
        pen.text((cx, y0 + 230), "High", style=load_font(52), fill=GOLD, anchor="mm")
        pen.text((cx, y0 + 290), "Frontier", style=load_font(52), fill=GOLD, anchor="mm")
        pen.text((cx, y0 + 350), "EVENT", style=load_font(30), fill=INK, anchor="mm")
        pen.text((cx, y1 - 70), "No event drawn yet.", style=load_font(22), fill=INK, anchor="mm")
        pen.text((cx, y1 - 40), "The Sec-Gen starts turn 1 with /hf turn.", style=load_font(18),
                  fill=MUTED, anchor="mm")
        return
    card = draw_rec["card"]
    colour, label = CATEGORY.get(card.get("category", "plain"), CATEGORY["plain"])
    draw.rounded_rectangle(box, radius=22, fill=CARD, outline=colour, width=6)
    draw.rounded_rectangle((x0, y0, x1, y0 + 54), radius=22, fill=colour)
    draw.rectangle((x0, y0 + 30, x1, y0 + 54), fill=colour)
    pen.text((x0 + 24, y0 + 27), label, style=load_font(22), fill=(255, 255, 255), anchor="lm")
    pen.text((x1 - 24, y0 + 27), f"TURN {draw_rec.get('turn', turn)}", style=load_font(22),
              fill=(255, 255, 255), anchor="rm")
    y = y0 + 78
    y = pen.block((x0 + 24, y), card["name"], load_font(38), CARD_INK, inner, max_lines=2)
    if card.get("subtitle"):
        y = pen.block((x0 + 24, y), card["subtitle"], load_font(28), colour, inner, max_lines=2)
    y += 6
    draw.line((x0 + 24, y, x1 - 24, y), fill=(210, 203, 186), width=2)
    y += 14
    y = pen.block((x0 + 24, y), f"Condition: {card.get('condition', 'always')}", load_font(18),
               CARD_MUTED, inner)
    y += 10
    pen.block((x0 + 24, y), card.get("text", ""), load_font(22), CARD_INK, inner, max_lines=9)

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
    pen.text((x0 + 24, band_top + 14), head, style=load_font(26), fill=(255, 255, 255))
    pen.block((x0 + 24, band_top + 52), body, load_font(19), (255, 255, 255), inner, max_lines=4)
    if not applied:
        _stamp(img, (x0 + x1) // 2, band_top - 78, "IGNORED", IGNORED)


def _stamp(img: Image.Image, cx: int, cy: int, text: str, colour: RGB) -> None:
    """A rotated rubber stamp over an ignored card (the text is still readable beneath)."""
    font = fonts.font(0, 52, True)
    layer = Image.new("RGBA", (330, 96), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    d.rounded_rectangle((8, 8, 322, 88), radius=12, outline=colour + (150,), width=6)
    d.text((165, 48), text, font=font, fill=colour + (130,), anchor="mm")
    layer = layer.rotate(10, expand=True, resample=Image.Resampling.BICUBIC)
    img.paste(layer, (cx - layer.width // 2, cy - layer.height // 2), layer)


def _tile(pen: Pen, box: tuple[int, int, int, int], label: str, value: str,
          note: str, accent: RGB, bar: float | None = None) -> None:
    draw = pen.draw
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    draw.rectangle((x0 + 2, y0 + 10, x0 + 8, y1 - 10), fill=accent)
    width = x1 - x0 - 30
    pen.text((x0 + 18, y0 + 12), fit(label, load_font(15), width + 8), style=load_font(15),
             fill=MUTED)
    size = next((n for n in (28, 24) if pen.length(value, load_font(n)) <= width), MIN)
    pen.text((x0 + 18, y0 + 60), fit(value, load_font(size), width), style=load_font(size),
              fill=INK, anchor="lm")
    note_y = y0 + 84
    if bar is not None:  # a gauge under the value (cards left of the deck)
        draw.rectangle((x0 + 18, y0 + 80, x1 - 14, y0 + 85), fill=(52, 62, 92))
        filled = int((x1 - x0 - 32) * max(0.0, min(1.0, bar)))
        if filled:
            draw.rectangle((x0 + 18, y0 + 80, x0 + 18 + filled, y0 + 85), fill=accent)
        note_y = y0 + 92
    if note:
        pen.block((x0 + 18, note_y), note, load_font(15), MUTED, width, spacing=3, max_lines=2)


def _sunspot(pen: Pen, box: tuple[int, int, int, int],
             sun: dict[str, Any], turn: int) -> None:
    draw = pen.draw
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    pen.text((x0 + 18, y0 + 12), "SUNSPOT CYCLE", style=load_font(15), fill=MUTED)
    if sun.get("mode") != "track" or not sun.get("length"):
        pen.text((x0 + 18, y0 + 40), "Seniority is declared by the Sec-Gen", style=load_font(24),
                  fill=INK)
        pen.text((x0 + 18, y0 + 76), "(/hf turn seniority:true when the cube passes it)",
                  style=load_font(17), fill=MUTED)
        return
    length = int(sun["length"])
    space = int(sun["space"])
    senior = int(sun["seniority_space"])
    left, right = x0 + 24, x1 - 24
    step = min((right - left) / length, 60.0)
    size = min(40, int(step) - 6)
    top = y0 + 66
    for n in range(1, length + 1):
        sx = int(left + (n - 1) * step + (step - size) / 2)
        here = n == space
        draw.rectangle((sx, top, sx + size, top + size),
                       fill=CUBE if here else (52, 62, 92), outline=INK if here else PANEL_EDGE,
                       width=3 if here else 1)
        pen.text((sx + size // 2, top + size // 2), str(n), style=load_font(size - 12),
                  fill=CARD_INK if here else MUTED, anchor="mm")
        if n == senior:
            mx = int(sx - (step - size) / 2)
            draw.line((mx, top - 10, mx, top + size + 10), fill=GOLD, width=4)
            pen.text((mx + 4, top + size + 6), "SENIORITY", style=load_font(14), fill=GOLD)
    cube_x = int(left + (space - 1) * step + step / 2)
    pen.text((cube_x, top - 4), "CUBE", style=load_font(13), fill=CUBE, anchor="ms")
    later = sun.get("seniority_in")
    if later is not None:
        when = "next turn" if later == 1 else f"in {later} turns"
        note = f"Space {space} of {length}. The cube passes Seniority {when}."
        if turn == 0:
            note += " (It does not move on turn 1.)"
        pen.block((x0 + 18, top + size + 34), note, load_font(16), MUTED, x1 - x0 - 36,
                  spacing=4, max_lines=2)


def render(public_view: dict[str, Any], *, recent: int = 7) -> bytes:
    """The board as PNG bytes (1280 px wide), drawn from `game.view(None)` only.

    `recent` is how many past draws are listed.
    """
    return png(picture(public_view, recent=recent))


def picture(public_view: dict[str, Any], *, recent: int = 7) -> Image.Image:
    """The board as an RGB image."""
    width = WIDTH
    view = public_view
    seats: list[str] = list(view.get("order_from_secgen") or view.get("seats") or [])
    ideologies: dict[str, Any] = dict(view.get("ideologies") or {})
    history: list[dict[str, Any]] = list(view.get("recent_draws") or [])
    shown = history[-recent:][::-1] if recent > 0 else []
    right_x = 32 + 440 + 32
    panel_w = width - right_x - 32
    players_top = TILES_TOP + TILE_H + 16 + SUN_H + 16
    players_h = 52 + ROW_H * max(1, len(seats))
    recent_top = players_top + players_h + 16
    recent_h = 52 + ROW_H * max(1, len(shown))
    waiting = str(view.get("waiting") or "")
    waiting_lines = wrap("Waiting for " + waiting, load_font(22), width - 64) if waiting else []
    height = max(88 + 640, recent_top + recent_h) + 30 + 30 * max(1, len(waiting_lines))

    img = Image.new("RGB", (width, height), BG)
    pen = Pen(img)
    draw = pen.draw
    turn = int(view.get("turn") or 0)
    pen.text((32, 22), "HIGH FRONTIER", style=load_font(30), fill=GOLD)
    pen.text((270, 27), "political events", style=load_font(24), fill=INK)
    pen.text((width - 32, 24), f"Turn {turn}" if turn else "Before turn 1", style=load_font(28),
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
    _tile(pen, boxes[0], "ACTIVE LAW", law_value, law_note, GOLD)
    trouble = [w for w, on in (("ANARCHY", anarchy), ("WAR", war)) if on]
    _tile(pen, boxes[1], "ANARCHY/WAR", " + ".join(trouble) if trouble else "PEACE",
          "ends with an Ends card" if trouble else "no anarchy, no war",
          ALERT if trouble else CALM)
    secgen = str(view.get("secgen") or "?")
    held = "change held back" if view.get("secgen_held") else (ideologies.get(secgen) or "")
    _tile(pen, boxes[2], "SEC-GEN", secgen, str(held), (120, 150, 220))
    left, size = int(view.get("cards_left") or 0), int(view.get("deck_size") or 24)
    aside = view.get("set_aside")
    _tile(pen, boxes[3], "CARDS LEFT", f"{left} of {size}",
          f"set aside: {aside.get('subtitle') or aside['name']}" if aside else
          "nothing set aside", (150, 150, 170), bar=left / size if size else 0.0)

    sun_top = TILES_TOP + TILE_H + 16
    _sunspot(pen, (right_x, sun_top, width - 32, sun_top + SUN_H),
             dict(view.get("sunspot") or {}), turn)

    # Players in turn order from the Sec-Gen.
    box = (right_x, players_top, width - 32, players_top + players_h)
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    pen.text((right_x + 18, players_top + 12), "TURN ORDER FROM THE SEC-GEN", style=load_font(15),
              fill=MUTED)
    pending = dict(view.get("pending") or {})
    answers = {a["seat"]: a["answer"] for a in pending.get("answers") or []}
    y = players_top + 46
    for n, seat in enumerate(seats, start=1):
        ideology = ideologies.get(seat)
        pen.text((right_x + 18, y), f"{n}.", style=load_font(21), fill=MUTED)
        pen.text((right_x + 50, y), fit(seat, load_font(21), 196), style=load_font(21), fill=INK)
        pen.text((right_x + 256, y), fit(ideology or "no ideology", load_font(21), 150),
                 style=load_font(21), fill=INK if ideology else MUTED)
        tags = []
        if seat == secgen:
            tags.append(("SEC-GEN", (120, 150, 220)))
        if ideology and ideology == law and not (anarchy or war):
            tags.append(("ACTIVE LAW", GOLD))
        if seat in answers:
            tags.append(("DONE" if answers[seat] == "done" else "SKIPPED", MUTED))
        elif pending and pending.get("seat") == seat:
            tags.append(("TO ACT", CUBE))
        tx = right_x + 414
        for tag, colour in tags:
            tw = int(pen.length(tag, load_font(14))) + 14
            draw.rounded_rectangle((tx, y - 2, tx + tw, y + 28), radius=8, outline=colour,
                                   width=2)
            pen.text((tx + 7, y + 13), tag, style=load_font(14), fill=colour, anchor="lm")
            tx += tw + 6
        y += ROW_H

    # Recent draws, newest first, and what the table waits for.
    box = (right_x, recent_top, width - 32, recent_top + recent_h)
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    pen.text((right_x + 18, recent_top + 12), "RECENT DRAWS (NEWEST FIRST)", style=load_font(15),
              fill=MUTED)
    y = recent_top + 46
    if not shown:
        pen.text((right_x + 18, y), "none yet", style=load_font(18), fill=MUTED)
    for rec in shown:
        ok = bool(rec.get("applied"))
        mark = "applied" if ok else f"ignored: {rec.get('reason')}"
        pen.text((right_x + 18, y), f"T{rec.get('turn')}", style=load_font(18), fill=MUTED)
        pen.text((right_x + 70, y), fit(str(rec.get("title")), load_font(18), 330),
                  style=load_font(18), fill=INK)
        badge = mark.upper()
        bw = int(pen.length(badge, load_font(14))) + 20
        draw.rounded_rectangle((right_x + 414, y - 2, right_x + 414 + bw, y + 28), radius=8,
                               fill=APPLIED if ok else IGNORED)
        pen.text((right_x + 424, y + 13), badge, style=load_font(14), fill=(255, 255, 255),
                  anchor="lm")
        y += ROW_H

    y = height - 24 - 30 * len(waiting_lines) + 24
    for line in waiting_lines:
        pen.text((32, y), line, style=load_font(22), fill=GOLD, anchor="ls")
        y += 30
    return img


register("hf-political-events", Pictures(board=render))
