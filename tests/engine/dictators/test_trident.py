"""The Trident Nuclear Deterrent (rulebook "Trident Nuclear Deterrent kaart" and the
warheads' paragraph).

"Als de Trident Nuclear Deterrent kaart geraapt of in je hand geplaatst wordt, moet je deze
onmiddellijk laten zien. Als het de eerste keer is dat deze kaart geraapt wordt dit spel,
plaats je het Trident Nuclear Deterrent fiche op de aangegeven plek op het speelbord in de
Gulf of Mexico. Je kunt vanaf nu naar deze nieuwe locatie bewegen. Het fiche kan maar een keer
per spel verschijnen. Als het de tweede keer is dat de kaart wordt geraapt verwijder je het
fiche van het speelbord. In beide gevallen mag je wederom geen vervangende kaart rapen. Als een
dictator op het fiche staat als deze verwijderd wordt, verplaats je die dictator naar
Guantanamo Bay." "De Trident Nuclear Deterrent heeft zoveel nucleaire kernkoppen (nucleaire
zone 4 fiches) bij zich als dat er dictators zijn."
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.dictators.helpers import (
    ANN,
    BO,
    CY,
    DATA,
    act,
    actions,
    choices,
    loaded,
    of_kind,
    position,
    refused,
)

TRIDENT = DATA.trident[0]
GULF = "Gulf of Mexico"
NOBODY = {BO: [], CY: []}


def test_first_draw_surfaces_it_with_a_warhead_per_dictator_second_removes_it() -> None:
    game = position(at={ANN: "Houston"}, hands={ANN: ["Veto"], **NOBODY}, top=[TRIDENT])
    supply = len(game.token_supply)
    events = act(game, ANN, "draw")
    assert of_kind(events, "trident")[0].data == {"state": "on board", "warheads": 3}
    assert len(game.trident["warheads"]) == 3 and len(game.token_supply) == supply - 3
    assert game.hands[ANN] == ["Veto"]  # no replacement card drawn
    assert GULF in choices(game, ANN, "fly", "to")  # "Je kunt vanaf nu naar deze ... bewegen"
    act(game, ANN, "fly", to=GULF)
    assert game.location[ANN] == GULF
    # The second time: removed, and whoever stands on it goes to Guantanamo Bay.
    game.command.append(game.command_discards.pop())
    game.turn["actions"] = 3
    events = act(game, ANN, "draw")
    assert of_kind(events, "trident")[-1].data == {"state": "gone"}
    assert game.location[ANN] == "Guantanamo Bay" and game.trident["warheads"] == []
    # Later draws: nothing (INFERRED: "Het fiche kan maar een keer per spel verschijnen").
    game.command.append(game.command_discards.pop())
    events = act(game, ANN, "draw")
    assert of_kind(events, "trident")[-1].data == {"state": "gone"}


def on_trident(count: int, **kw: Any):
    def edit(d: dict[str, Any]) -> None:
        warheads = [d["token_supply"].pop() for _ in range(count)]
        d["trident"] = {"state": "on board", "warheads": warheads, "disarmed_by": []}
    return position(at={ANN: GULF}, hands=NOBODY, edit=edit, **kw)


def test_a_warhead_is_disarmed_like_a_base_and_gives_a_random_token(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"Zolang het Trident ... fiche op het speelbord ligt mag elke dictator de nucleaire
    kernkoppen proberen onschadelijk te maken. Het onschadelijk maken ... werkt hetzelfde als
    een nucleaire basis. Als een nucleaire kernkop onschadelijk gemaakt is raap je een
    willekeurige nucleaire zone 4 fiche." Each dictator one warhead (DEFAULT, option
    one_warhead); a warhead doesn't count for the President."""
    game = on_trident(3)
    warheads = list(game.trident["warheads"])
    loaded(monkeypatch, [4])
    act(game, ANN, "disarm")
    assert len(game.tokens[ANN]) == 1 and game.tokens[ANN][0] in warheads
    assert game.trident["disarmed_by"] == [ANN] and game.bases_counted(ANN) == 0
    game.turn["walked"] = False
    game.turn["actions"] = 3
    assert "disarm" not in actions(game, ANN)
    refused(game, ANN, "disarm")
