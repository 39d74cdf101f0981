"""The reaction window in the bot (`bot/windows.py`) reveals nothing (issue 17: "The window
must not reveal what anyone holds: it opens in the same way, and lasts the same time, whether
or not a player holds a card that could answer")."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.service import Outcome
from bot.windows import Windows
from tests.engine.one_world_dominion.helpers import position

NOW = 1_000_000.0


def deadlines() -> Windows:
    service: Any = SimpleNamespace(clock=lambda: NOW)
    timeouts: Any = None
    return Windows(service, timeouts, wake=lambda when: None)


def armed(hands: dict[str, list[str]], moves: list[tuple[str, str, dict[str, Any]]],
          **options: Any) -> dict[int, tuple[float, str]]:
    """The windows the bot arms while the moves are announced one by one."""
    game = position(["Ann", "Bob", "Cy"], areas={"Alberta": ("Ann", 8), "Ontario": ("Bob", 2)},
                    hands=hands, current="Ann", options=options or None)
    game.turn["placed"] += game.pending()  # Ann's armies are placed
    timers = deadlines()
    live: Any = SimpleNamespace(id=7, game=game, public_view=lambda: game.view(None))
    for seq, (seat, action, params) in enumerate(moves, start=1):
        events = game.act(seat, action, **params)
        timers.open_windows([Outcome(live, seq, seat, action, events)])
    return dict(timers.windows)


PLAY = [("Ann", "play", {"card": "Weather Control"})]
ATTACK = [("Ann", "attack", {"from_territory": "Alberta", "to_territory": "Ontario"})]


def test_a_card_window_is_the_same_whatever_the_others_hold() -> None:
    """Bob and Cy may answer Ann's card: the same 30 s whether their cards could answer it
    (Mole negates any card) or not."""
    answering = armed({"Ann": ["Weather Control"], "Bob": ["Mole"], "Cy": ["Mole"]}, PLAY)
    helpless = armed({"Ann": ["Weather Control"], "Bob": ["Navy"], "Cy": ["Jihad"]}, PLAY)
    assert answering == helpless == {7: (NOW + 30, "window")}


def test_a_defenders_window_is_the_same_whatever_the_defender_holds() -> None:
    """Attacked, Bob gets the same window holding a (D) card, another card or none."""
    seen = [armed({"Ann": [], "Bob": hand, "Cy": []}, ATTACK)
            for hand in (["Fortification"], ["Jihad"], [])]
    assert seen == [{7: (NOW + 30, "defend")}] * 3


def test_the_window_lasts_the_games_option_and_none_when_it_is_zero() -> None:
    hands = {"Ann": ["Weather Control"], "Bob": ["Mole"], "Cy": []}
    assert armed(hands, PLAY, window_seconds=90) == {7: (NOW + 90, "window")}
    assert armed(hands, PLAY, window_seconds=0) == {}
    assert armed({"Ann": [], "Bob": [], "Cy": []}, ATTACK, window_seconds=0) == {}
