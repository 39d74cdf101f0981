"""Random legal play for One World Dominion: a random prompted action with plausible
values (card targets drawn from the areas, continents and players a card could name)."""

from __future__ import annotations

import random
from typing import Any

from engine import autoplay
from engine.games.one_world_dominion import OneWorldDominion
from engine.games.one_world_dominion.cards import PARAMS

NEUTRAL_CARDS = ("Rebellion", "Mutant Horde")
WEIGHTS = {"play": 6, "attack": 5, "pass": 3, "begin-attacks": 1, "end-attacks": 1,
           "end-turn": 1, "fortify": 1, "place": 4, "trade": 4, "defend": 3, "move": 3}


def plausible(game: OneWorldDominion, seat: str, card: str, rnd: random.Random) -> dict[str, Any]:
    """Values a player might give `card`: mostly near its own areas."""
    own = game.areas_of(seat) or list(game.map.territories)
    params: dict[str, Any] = {}
    for name in PARAMS.get(card, ()):
        if name == "area" and card in NEUTRAL_CARDS:
            params[name] = rnd.choice([t for t in game.map.territories
                                       if game.owner[t] not in (None, seat)])
        elif name == "area":
            params[name] = rnd.choice(own if rnd.random() < 0.5 else list(game.map.territories))
        elif name == "to_area":
            base = params.get("area") or rnd.choice(own)
            near = sorted(game.map.neighbours(base))
            far = sorted({t for n in near for t in game.map.neighbours(n)} - set(near) - {base})
            pool = near if rnd.random() < 0.6 else (far or near)
            params[name] = rnd.choice(pool)
        elif name == "continent":
            params[name] = rnd.choice(list(game.map.continents))
        elif name in ("player", "other_player"):
            params[name] = rnd.choice(game.alive() + list(game.neutrals))
        elif name == "count":
            area = params.get("area")
            params[name] = rnd.randint(1, max(1, game.armies.get(area, 2) - 1)) if area else 1
        elif name == "take":
            params[name] = rnd.choice(game.discards) if game.discards else "Mole"
    if card == "Counter Espionage":
        params["area"] = rnd.choice(list(game.map.territories))
    return params


# Weighted actions, every listed question answered from its choices; the values a prompt
# leaves open are the game's own (`plausible`, below).
WEIGHTED = autoplay.Leaning(weights=WEIGHTS, weight=2, skip_optional=0.0,
                            open_value=lambda game, spec, param, rnd: None)


def random_action(game: OneWorldDominion, rnd: random.Random) -> tuple[str, str, dict[str, Any]]:
    call = autoplay.pick(game, rnd, WEIGHTED)
    assert call is not None
    seat, action, params = call
    specs = game.prompts()[seat].actions
    spec = next(s for s in specs if s.name == action)
    neutral = [a for a in specs if a.name == "play" and any(
        c.value in NEUTRAL_CARDS for c in a.params[0].choices or ())]
    if neutral and rnd.random() < 0.9:  # a neutral card is played whenever one is held
        spec = neutral[0]
        params = {p.name: rnd.choice(p.choices).value for p in spec.params if p.choices}
        params["card"] = next(c.value for c in spec.params[0].choices or ()
                              if c.value in NEUTRAL_CARDS)
    if spec.name == "play":
        params.update(plausible(game, seat, params["card"], rnd))
    elif spec.name == "place":
        most = game.pending() if not game.stack and game.stage == "play" else \
            (game.stack[-1].get("armies", 1) if game.stack else game.reserve.get(seat, 1))
        params["count"] = most if rnd.random() < 0.7 else rnd.randint(1, max(1, most))
    elif spec.name == "attack":
        source = params["from_territory"]
        targets = game.attack_targets(seat, source)
        params["to_territory"] = rnd.choice(targets) if targets and rnd.random() < 0.9 else \
            rnd.choice(list(game.map.territories))
        if game.turn.get("jihad"):
            params["count"] = rnd.randint(1, max(1, game.armies[source] - 1))
    elif spec.name == "fortify":
        source = params["from_territory"]
        near = [t for t in sorted(game.map.neighbours(source)) if game.owner[t] == seat]
        params["to_territory"] = rnd.choice(near or list(game.map.territories))
        params["count"] = rnd.randint(1, max(1, game.armies[source] - 1))
    return seat, spec.name, params
