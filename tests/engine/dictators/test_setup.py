"""Setting up (rulebook "Het spel opzetten").

"Schud de stapel dictator kaarten en deel elke speler 1 kaart. De dictatorkaarten zijn voor
iedereen zichtbaar. Plaats je meeple op de kaart in Hawaï. ... Elke speler krijgt 1
willekeurige kaart van elk nucleaire zone deck. Een speler mag op elk moment naar zijn eigen
nucleaire zone kaarten kijken. Deze informatie is echter geheim voor andere spelers. Plaats een
nucleaire zone 4 fiche met het Romeinse cijfer naar beneden willekeurig op elke nucleaire basis
in Mexico en Canada. Schud de commando kaarten. Geef elke dictator 4 kaarten. Schud de Founding
Father kaarten en kies er 3 willekeurig uit. Schud de Founding Father kaarten, de 2 DEFCON
kaarten en de Trident Nuclear Deterrent kaart samen met de commando kaarten om het commando
deck te maken. Schud de presidentiële kaarten. ... Plaats het DEFCON niveau fiche op DEFCON
niveau 5."
"""

from __future__ import annotations

import engine
from engine.games.dictators import Dictators
from tests.engine.dictators.helpers import DATA

SEATS = ["Ann", "Bo", "Cy", "Di", "Ed"]


def test_the_table_as_the_rulebook_sets_it_up() -> None:
    game = engine.new_game("dictators", SEATS, seed="setup")
    assert isinstance(game, Dictators)
    view = game.view(None)
    # One dictator card each, face up; the rest unused.
    assert len(set(game.dictators.values())) == 5
    assert sorted([*game.dictators.values(), *game.unused]) == sorted(DATA.dictators)
    assert view["dictators"]["Ann"]["name"] == game.dictators["Ann"]
    # Every meeple in Hawaii.
    assert set(game.location.values()) == {"Hawaii"}
    # One card of each Nuclear Zone deck each (Joseph: none of his free zone), secret.
    for seat in SEATS:
        zones = sorted(c["zone"] for c in game.nz[seat])
        assert zones == sorted({1, 2, 3, 4} - game.free_zones(seat))
        assert view["nuclear"][seat]["disarmed"] == []
    # A face-down token on every base in Mexico and Canada (zone 4); the rest in the box.
    assert sorted(game.base_tokens) == sorted(DATA.zones[4])
    assert len(game.base_tokens) + len(game.token_supply) == 15
    assert view["base_tokens"] == sorted(DATA.zones[4])
    # 4 Command cards each, none of them an event card.
    assert all(len(h) == 4 and not any(game.is_event(c) for c in h)
               for h in game.hands.values())
    # The Command deck: the rest of the Command cards, 3 Founding Fathers, 2 DEFCON, Trident.
    printed = sum(c.copies for c in DATA.command.values())
    assert len(game.command) == printed - 20 + 3 + 2 + 1
    assert sum(c in DATA.founders for c in game.command) == 3
    assert game.command.count(DATA.defcon[0]) == 2
    assert game.command.count(DATA.trident[0]) == 1
    assert len(game.founders) == len(DATA.founders) - 3
    # The Presidential deck, DEFCON at 5.
    assert len(game.president) == sum(c.copies for c in DATA.presidential.values())
    assert game.defcon == 5 and view["defcon"] == 5
    # The first turn has begun.
    assert game.turn_number == 1 and game.current == game.order[0]
    assert game.prompts()[game.current].action("fly") is not None


def test_each_player_sees_only_their_own_cards() -> None:
    """"Een speler mag op elk moment naar zijn eigen nucleaire zone kaarten kijken. Deze
    informatie is echter geheim voor andere spelers.": each setup secret goes to its owner
    alone, and the `hand` question answers at any time, privately."""
    game = engine.new_game("dictators", SEATS[:3], seed="secrets")
    private = [e for e in game.setup_events if not e.public]
    assert sorted(next(iter(e.audience)) for e in private) == sorted(SEATS[:3])
    for event in private:
        seat = next(iter(event.audience))
        assert all(c["base"] in event.text for c in game.nz[seat])
    public_text = " ".join(e.text for e in game.setup_events if e.public)
    for seat in SEATS[:3]:
        assert not any(f"{c['base']} (zone" in public_text for c in game.nz[seat])
    other = game.order[-1]
    [answer] = game.act(other, "hand")
    assert answer.audience == frozenset({other}) and "Your Nuclear Zone cards" in answer.text


def test_a_dictators_own_turn_prompt_shows_their_cards_beside_the_buttons() -> None:
    """"Een speler mag op elk moment naar zijn eigen nucleaire zone kaarten kijken": on
    their own turn the prompt's private detail (their DM, never public) shows their hand
    and Nuclear Zone cards, kept up to date; nobody else's prompt shows them."""
    game = engine.new_game("dictators", SEATS[:3], seed="detail",
                           options={"first_player": "seats"})
    first = game.current
    detail = game.prompt_detail(first)
    assert "Your hand:" in detail and "Your Nuclear Zone cards: zone 1: " in detail
    assert all(f"zone {c['zone']}: {c['base']}" in detail for c in game.nz[first])
    assert all(game.prompt_detail(s) == "" for s in game.seats if s != first)
    game.act(first, "draw")
    assert game.prompt_detail(first).count("\n• ") == len(game.hands[first])
