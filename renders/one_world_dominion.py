"""One World Dominion's picture, drawn from the public view only (`game.view(None)`).

`render(view)` -> the RISK world map (`renders.risk_map`): every area in its owner's colour
with the owner's tag and armies; the Rebels and the Mutant Horde as owners of their own
(grey, with a rebel or mutant marker on each of their areas); areas no army may enter
(ICBM, Nuclear Terrorists, Toxic Waste) marked "blocked"; empty areas as empty circles.
Under the map, a panel in words: the turn and what the game waits for, the cards in hand
(counts only), and every lasting effect in play with whom it favours and when it ends.

The public view holds no hand, so no card in anyone's hand can reach the image.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from renders import risk_map
from renders.encode import png
from renders.registry import Pictures, register
from renders.text import Pen, Style, min_size, wrap

PAPER = (248, 245, 236)
INK = (30, 30, 36)
MUTED = (96, 96, 108)
RULE = (180, 170, 150)
TEXT = Style(min_size(risk_map.WIDTH))
HEAD = Style(min_size(risk_map.WIDTH), bold=True)
LINE = TEXT.size + 10
PAD = 20

# How each duration of a lasting effect reads (engine/games/one_world_dominion/base.py).
ENDS = {"end of the attacker's turn": "until the end of {holder}'s turn",
        "one game turn": "for one game turn, until {holder}'s next turn",
        "after the player's next turn": "until after {by}'s next turn"}
MARKERS = ("rebel", "mutant", "blocked")  # the key explains only these
STEPS = {"start": "beginning of the turn", "reinforce": "placing new armies",
         "attack": "attacking", "fortify": "free move"}


def neutral_names(view: Mapping[str, Any]) -> dict[str, str]:
    """Neutral owner keys ("rebels-1") -> the names players read ("Rebels")."""
    return {k: str(v.get("name", k)) for k, v in (view.get("neutrals") or {}).items()}


def title(view: Mapping[str, Any]) -> str:
    name = "RISK" if view.get("cards") == "classic" else "One World Dominion"
    if view.get("stage") != "play":
        return f"{name} - setup"
    step = STEPS.get(str(view.get("step")), str(view.get("step") or ""))
    return f"{name} - turn {view.get('turn_number')}: {view.get('current')}, {step}"


def map_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The plain view `renders.risk_map` draws: seats in turn order, neutrals by name."""
    names = neutral_names(view)
    kinds = {k: str(v.get("kind")) for k, v in (view.get("neutrals") or {}).items()}
    sealed = set(view.get("sealed_areas") or ())
    territories: dict[str, dict[str, Any]] = {}
    for area, info in (view.get("board") or {}).items():
        owner = info.get("owner")
        markers = []
        if owner in kinds:
            markers.append("rebel" if kinds[owner] == "rebels" else "mutant")
        if area in sealed:
            markers.append("blocked")
        territories[area] = {"owner": names.get(owner, owner), "armies": info.get("armies"),
                             "markers": markers}
    return {"title": title(view),
            "players": {s: i for i, s in enumerate(view.get("order") or [])},
            "territories": territories}


def effect_line(effect: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """One lasting effect in words: the card, who played it, where, until when."""
    by = names.get(str(effect.get("by")), str(effect.get("by")))
    holder = names.get(str(effect.get("holder")), str(effect.get("holder")))
    where = []
    if effect.get("area"):
        where.append(str(effect["area"]))
    if effect.get("continent"):
        where.append(str(effect["continent"]))
    if effect.get("players"):
        where.append(" and ".join(str(p) for p in effect["players"]))
    ends = ENDS.get(str(effect.get("ends")), str(effect.get("ends") or ""))
    text = f"{effect.get('card')} ({by})"
    if where:
        text += ": " + ", ".join(where)
    return f"{text}, {ends.format(by=by, holder=holder)}." if ends else text + "."


def notes(view: Mapping[str, Any]) -> list[str]:
    """The panel's lines: what the game waits for, cards in hand, effects, blocked areas."""
    names = neutral_names(view)
    lines = []
    decision = view.get("decision") or {}
    if decision.get("kind") == "window" and decision.get("awaiting"):
        lines.append("Waiting for " + ", ".join(decision["awaiting"]) +
                     " to answer or pass.")
    elif decision.get("kind") == "defend":
        lines.append(f"Waiting for {decision.get('seat')} to defend.")
    elif decision.get("seat"):
        lines.append(f"Waiting for {decision.get('seat')}.")
    hands = view.get("hand_sizes") or {}
    out = set(view.get("out") or ())
    lines.append("Cards in hand: " + ", ".join(
        f"{s} {n}" + (" (out)" if s in out else "") for s, n in hands.items()) +
        f". Draw pile: {view.get('draw_pile')}.")
    effects = [effect_line(e, names) for e in view.get("effects") or ()]
    lines.append("Lasting effects: " + ("none." if not effects else ""))
    lines += ["  " + e for e in effects]
    delayed = {s: n for s, n in (view.get("delayed") or {}).items() if n}
    if delayed:
        lines.append("Set aside by Saboteur until the next turn: " + ", ".join(
            f"{s} {n}" for s, n in delayed.items()) + " armies.")
    sealed = view.get("sealed_areas") or []
    if sealed:
        lines.append("No army may enter: " + ", ".join(sealed) + ".")
    return lines


def picture(view: Mapping[str, Any]) -> Image.Image:
    """The map with its owners' legend, and the panel of the game's state under it."""
    battle = view.get("battle") or view.get("last_battle") or {}
    highlight = [battle[k] for k in ("from", "to") if battle.get(k)]
    board = risk_map.picture(map_view(view), highlight=highlight, explained=MARKERS)
    width = board.width
    lines = [w for line in notes(view)
             for w in (wrap(line, TEXT, width - 2 * PAD) or [""])]
    height = board.height + PAD + LINE * (len(lines) + 1) + PAD
    img = Image.new("RGB", (width, height), PAPER)
    img.paste(board, (0, 0))
    pen = Pen(img)
    pen.draw.line([(0, board.height), (width, board.height)], fill=RULE, width=2)
    y = board.height + PAD + LINE / 2
    pen.text((PAD, y), "THE TABLE", HEAD, MUTED, "lm")
    for line in lines:
        y += LINE
        pen.text((PAD, y), line, TEXT, INK, "lm")
    return img


def render(view: Mapping[str, Any]) -> bytes:
    """What the bot posts when a turn ends or an area falls: `picture`, encoded once."""
    return png(picture(view))


register("one-world-dominion", Pictures(board=render))
