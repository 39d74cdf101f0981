"""Small helpers so that an Illuminati test reads like the rulebook.

`position(...)` builds a real game on the sample set and edits its `state()` into the
position a rule talks about (who plays which Illuminati, which Groups hang where, the
treasuries, the hands, whose turn), moving cards rather than inventing them;
`engine.load()` rebuilds it. `act(...)` applies an action and checks the invariants on every
step (`load(state())` round-trips; no public event or view names a Special still in a hand);
`refused(...)` checks that a RuleError leaves the state unchanged; `verified(game)` replays
the game from its seed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import engine
from engine import Event
from engine.games.illuminati import Illuminati
from engine.games.illuminati.cardset import sample_set
from engine.games.illuminati.turn import fresh_turn
from tests.support import contract
from tests.support.contract import actions, choices  # noqa: F401  (tests import them here)
from tests.support.dice import loaded  # noqa: F401  (the tests import it here)
from tests.support.reading import kinds, of_kind, private_to, public_texts  # noqa: F401

VARIANT = "illuminati"
ANN, BO, CY, DI = "Ann", "Bo", "Cy", "Di"
SEATS = [ANN, BO, CY]
SET = sample_set()

# The sample set's Illuminati, by what they do.
BAVARIAN = "Lodge of the Silver Compass"    # privilege for 5 MB
BERMUDA = "Order of the Tidal Clock"        # free moves at the end of the turn
DISCORDIAN = "Society of the Laughing Owl"  # +4 to control Weird; immune to Gov./Straight
GNOMES = "Keepers of the Cold Vault"        # free transfers at the end of the turn
NETWORK = "The Relay"                       # draws 2
SERVANTS = "Choir Beneath the Sea"          # +2 to destroy; goal: destroy 8
ASSASSINS = "The Quiet Knives"              # +4 to neutralize
UFOS = "Visitors from Elsewhere"            # two attacks for its card; goal: another's


def new(seats: list[str] | None = None, seed: str = "ill", **options: Any) -> Illuminati:
    game = engine.new_game(VARIANT, seats or SEATS, seed=seed, options=options or None,
                           history=True)
    assert isinstance(game, Illuminati)
    return game


def load(state: dict[str, Any]) -> Illuminati:
    game = engine.load(VARIANT, json.loads(json.dumps(state)))
    assert isinstance(game, Illuminati)
    return game


def verified(game: Illuminati) -> None:
    result = contract.verify(game)
    assert result.ok, result.problems


def position(seats: list[str] | None = None, *, seed: str = "pos",
             options: Mapping[str, Any] | None = None,
             illuminati: Mapping[str, str] | None = None,
             groups: Mapping[str, list[tuple[str, str, str]]] | None = None,
             money: Mapping[str, int] | None = None,
             hands: Mapping[str, list[str]] | None = None,
             uncontrolled: list[str] | None = None,
             dead: list[str] | None = None,
             current: str | None = None,
             turns_taken: Mapping[str, int] | None = None,
             edit: Callable[[dict[str, Any]], None] | None = None) -> Illuminati:
    """A game in the position a rule describes.

    `illuminati`: seat -> Illuminati card (the others dealt in the sample set's order).
    `groups`: seat -> [(group, master, arrow)] in placing order (master a card already
    placed, arrow up/right/down/left). `money`: card -> treasury (every other treasury
    empty, Illuminati included). `hands`: the seats' Specials. `uncontrolled`: the
    uncontrolled Groups (default: none); every card not placed anywhere is in the draw
    pile. `current` plays (default the first seat), at the start of its actions.
    """
    seats = seats or SEATS
    game = new(seats, seed=seed, **dict(options or {}))
    cards = game.cards
    state = game.state()
    d = state["game"]
    chosen = dict(illuminati or {})
    spare = [n for n in cards.illuminati if n not in chosen.values()]
    for s in seats:
        if s not in chosen:
            chosen[s] = spare.pop(0)
    d["illuminati"] = chosen
    d["order"] = list(seats)
    d["index"] = seats.index(current or seats[0])
    d["placed"] = {card: {"owner": s, "master": None, "arrow": None}
                   for s, card in chosen.items()}
    for s, hanging in (groups or {}).items():
        for group, master, arrow in hanging:
            d["placed"][group] = {"owner": s, "master": master, "arrow": arrow}
    d["money"] = {c: m for c, m in (money or {}).items() if m}
    d["uncontrolled"] = list(uncontrolled or [])
    d["dead"] = list(dead or [])
    d["hands"] = {s: list((hands or {}).get(s, [])) for s in seats}
    used = set(d["placed"]) | set(d["uncontrolled"]) | set(d["dead"]) | \
        {c for h in d["hands"].values() for c in h}
    d["pile"] = [c for c in [*cards.groups, *cards.specials] if c not in used]
    d["discards"] = []
    d["turn"] = fresh_turn(current or seats[0])
    d["turns"] = 1
    d["turns_taken"] = dict(turns_taken or {})
    d["stack"] = []
    d["started"] = True
    d["goals"] = {s: None for s in seats}
    d["offers"] = []
    d["out"] = {}
    if edit is not None:
        edit(d)
    return load(state)


def check(game: engine.Game, events: list[Event]) -> None:
    """No public event or view names a Special still in someone's hand (one played is
    discarded first)."""
    assert isinstance(game, Illuminati)
    held = {game.special(c).name for hand in game.hands.values() for c in hand
            if c not in game.shown}
    public = {game.special(c).name for c in [*game.discards, *game.shown]}
    secret = held - public  # a name shown on one copy (Interference) is public
    shown = json.dumps(game.view(None))
    for name in secret:
        assert name not in shown, name
    for event in events:
        if event.public:
            said = event.text + json.dumps(event.data)
            assert not any(name in said for name in secret), event


def act(game: Illuminati, seat: str, action: str, **params: Any) -> list[Event]:
    return contract.act(game, seat, action, check=check, **params)


def refused(game: Illuminati, seat: str, action: str, match: str | None = None,
            **params: Any) -> Any:
    return contract.refused(game, seat, action, match, **params)


def pass_all(game: Illuminati) -> list[Event]:
    """Everyone awaited in every window passes, one window after another, until the game
    waits for something else (what the windows' deadlines would do)."""
    events: list[Event] = []
    while game.stack and game.stack[-1]["kind"] in ("attack", "cancel") \
            and game.stack[-1]["awaiting"]:
        events += act(game, game.stack[-1]["awaiting"][0], "pass")
    return events


def pass_top(game: Illuminati) -> list[Event]:
    """Everyone awaited in a Special's window on top passes, so that it acts (nothing when
    the window closed by itself, nobody else holding a Special)."""
    events: list[Event] = []
    if game.stack and game.stack[-1]["kind"] == "cancel":
        top = game.stack[-1]
        while game.stack and game.stack[-1] is top and top["awaiting"]:
            events += act(game, top["awaiting"][0], "pass")
    return events


def needed(game: Illuminati) -> int:
    """The target number of the attack under way."""
    view = game.view(None)["attack"]
    assert view is not None
    return int(view["needed"])
