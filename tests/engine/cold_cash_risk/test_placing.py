"""Place a Mom & Pop and its results: found, absorb, merge (with consent), nothing
interesting (rulebook "Activity Phase" to "Nothing Interesting"; CCR-3, CCR-6, CCR-7)."""

from __future__ import annotations

from engine import Ambiguous
from tests.engine.cold_cash_risk.helpers import (
    ANN,
    BO,
    CY,
    SOUTH_AMERICA,
    act,
    actions,
    cash,
    choices,
    g,
    held_by,
    kinds,
    mompops,
    of_kind,
    owner,
    position,
    private_to,
    public_texts,
    refused,
    teams,
)

# --- Place a Mom & Pop -----------------------------------------------------


def test_play_a_card_you_must_place_where_a_card_allows() -> None:
    """Play a Card: "If possible, you *must* place a Mom & Pop into 1 of the territories you
    have a card for." Empty Territory: "You may place a Mom & Pop only into an empty
    territory.\""""
    game = position(territories=mompops("Brazil"), hands={ANN: ["Peru", "Brazil", "Alaska"]})
    assert actions(game, ANN) == ["place"]  # no pass: placing is compulsory
    assert choices(game, ANN, "place", "territory") == ["Alaska", "Peru"]
    refused(game, ANN, "place", territory="Brazil")
    refused(game, ANN, "place", territory="Kamchatka")
    events = act(game, ANN, "place", territory="peru")  # forgiving input
    assert owner(game, "Peru") == "Mom & Pop" and teams(game, "Peru") == 0
    assert "Peru" in g(game)["discards"] and "Peru" not in game.hands[ANN]
    assert public_texts(events)[0] == "Ann places a Mom & Pop in Peru."


def test_a_wild_card_places_in_any_empty_territory() -> None:
    """"If you hold a wild card, you may use it to place a Mom & Pop into any empty
    territory. Once you place a Mom & Pop, discard the corresponding territory card."
    Placing where you hold the territory's own card uses that card and keeps the wild."""
    game = position(territories=mompops("Brazil"), hands={ANN: ["Wild 1", "Peru"]})
    where = choices(game, ANN, "place", "territory")
    assert len(where) == 41 and "Brazil" not in where
    act(game, ANN, "place", territory="Peru")
    assert game.hands[ANN] == ["Wild 1"]
    game = position(territories=mompops("Brazil"), hands={ANN: ["Wild 1", "Peru"]})
    events = act(game, ANN, "place", territory="Kamchatka")
    assert game.hands[ANN] == ["Peru"] and "with a wild card" in public_texts(events)[0]


def test_ccr_6_no_card_for_an_empty_territory() -> None:
    """CCR-6: "A player who cannot place a Mom & Pop discards the hand, places nothing this
    turn, and draws back up to 3 at the end of the turn." The discarded cards stay secret."""
    game = position(territories={**mompops("Brazil", "Peru", "Alaska"),
                                 "Kamchatka": ("Tower", 2)},
                    corporations={"Tower": (CY, "Kamchatka")}, current=BO,
                    stage="start", hands={BO: ["Brazil", "Peru", "Alaska"]})
    assert game.current == BO and game.stage == "action"
    assert game.hands[BO] == [] and "place" not in actions(game, BO)
    events = act(game, BO, "pass")
    assert len(game.hands[BO]) == 3
    assert all(game.usable(c) for c in game.hands[BO])
    assert not any(c in t for t in public_texts(events) for c in ("Brazil", "Peru"))


def test_ccr_6_option_retire_the_literal_reading() -> None:
    """CCR-6, option: "the literal reading, no placements for the rest of the game"
    (rulebook: "discard your hand. You may no longer place Mom & Pops.")."""
    game = position(territories=mompops("Brazil", "Peru", "Alaska"), current=BO,
                    stage="start", hands={BO: ["Brazil", "Peru", "Alaska"]},
                    options={"unplaceable": "retire"})
    # Bo has nothing else to do, so the turn passes by itself (one option: D-12).
    assert game.current == CY
    assert game.retired == [BO] and game.hands[BO] == []  # no cards drawn either
    assert game.view(None)["retired"] == [BO]


# --- Found a New Corporation -----------------------------------------------


def test_found_a_new_corporation() -> None:
    """Tower, Corporate Security, Adjacent Mom & Pops, Free Share: the tower goes in the
    placed territory with 3 security teams; "All Mom & Pops contiguous with the new
    corporation are immediately absorbed into it. Replace each ... with 1 security team";
    "Take 1 free share of stock in the new corporation." By default "contiguous" is the
    chain: a Mom & Pop joined to the tower through other Mom & Pops is absorbed too, as
    Acquire founds a chain with every connected tile; one that is not joined stays."""
    game = position(territories=mompops("Brazil", "Venezuela", "North Africa", "Egypt",
                                        "Iceland"),
                    hands={ANN: ["Peru"]})
    act(game, ANN, "place", territory="Peru")
    assert set(actions(game, ANN)) == {"found", "leave"}
    events = act(game, ANN, "found", corporation="american")
    assert game.corporations == {"American": {"ceo": ANN, "tower": "Peru"}}
    assert (owner(game, "Peru"), teams(game, "Peru")) == ("American", 3)
    assert (owner(game, "Brazil"), teams(game, "Brazil")) == ("American", 1)
    assert (owner(game, "Venezuela"), teams(game, "Venezuela")) == ("American", 1)
    assert (owner(game, "North Africa"), teams(game, "North Africa")) == ("American", 1)
    assert (owner(game, "Egypt"), teams(game, "Egypt")) == ("American", 1)
    assert owner(game, "Iceland") == "Mom & Pop"
    assert game.ledger.held(ANN, "American") == 1 and game.ledger.bank["American"] == 24
    assert game.size("American") == 5 and game.price("American") == 600
    assert "Ann founds American in Peru" in public_texts(events)[0]
    assert of_kind(events, "founded")[0].data["absorbed"] == [
        "Venezuela", "Brazil", "North Africa", "Egypt"]
    assert game.stage == "action"


def test_d_3_option_founding_absorbs_only_the_adjacent_mom_and_pops() -> None:
    """D-3, option `founding=adjacent`: the rulebook's heading is "Adjacent Mom & Pops", so
    a group may read "contiguous with the new corporation" as next to its tower only; a
    Mom & Pop that borders only the absorbed ones stays."""
    game = position(territories=mompops("Brazil", "Venezuela", "North Africa"),
                    hands={ANN: ["Peru"]}, options={"founding": "adjacent"})
    act(game, ANN, "place", territory="Peru")
    act(game, ANN, "found", corporation="american")
    assert owner(game, "Brazil") == owner(game, "Venezuela") == "American"
    assert owner(game, "North Africa") == "Mom & Pop"
    assert game.size("American") == 3 and game.price("American") == 400


def test_a_single_mom_and_pop_founds_a_size_2_corporation() -> None:
    """Single Mom & Pop: "You may found a corporation with a single Mom & Pop. A
    corporation that controls only 1 territory is size 2.\""""
    game = position(hands={ANN: ["Kamchatka"]})
    act(game, ANN, "place", territory="Kamchatka")
    act(game, ANN, "found", corporation="Tower")
    assert game.board.territories_of("Tower") == ["Kamchatka"]
    assert game.size("Tower") == 2 and game.price("Tower") == 400  # tier 3 (2008)


def test_found_beside_another_corporation() -> None:
    """Adjacent Corporation: "It does not matter if the Mom & Pop you placed, or any of the
    Mom & Pops absorbed, border another corporation. You may still found a new
    corporation.\""""
    game = position(territories={"Brazil": ("Sackson", 3)},
                    corporations={"Sackson": (BO, "Brazil")}, hands={ANN: ["Peru"]})
    act(game, ANN, "place", territory="Peru")
    assert {"found", "absorb", "leave"} <= set(actions(game, ANN))
    act(game, ANN, "found", corporation="Festival")
    assert len(game.corporations) == 2


def test_at_most_six_corporations() -> None:
    """Limit: "The maximum number of active corporations is 6. If there are already 6
    corporations in play, you may not found a new one." (CCR-2)"""
    six = ["Worldwide", "Sackson", "Festival", "Imperial", "American", "Continental"]
    homes = ["Alaska", "Iceland", "Ural", "Japan", "Egypt", "Argentina"]
    game = position(territories={t: (c, 1) for c, t in zip(six, homes, strict=True)},
                    corporations={c: (BO, t) for c, t in zip(six, homes, strict=True)},
                    hands={ANN: ["Peru"]})
    act(game, ANN, "place", territory="Peru")
    assert "found" not in actions(game, ANN)
    refused(game, ANN, "found", corporation="Tower")


# --- Mom & Pop Absorbed ------------------------------------------------------


def test_the_placer_chooses_which_corporation_absorbs() -> None:
    """"If there are 2 or more bordering corporations, you choose which one absorbs the
    Mom & Pop. Replace the Mom & Pop with 1 security team of the absorbing corporation's
    color.\""""
    game = position(territories={"Brazil": ("Sackson", 2), "Argentina": ("Tower", 2)},
                    corporations={"Sackson": (BO, "Brazil"), "Tower": (CY, "Argentina")},
                    hands={ANN: ["Peru"]})
    act(game, ANN, "place", territory="Peru")
    assert choices(game, ANN, "absorb", "corporation") == ["Sackson", "Tower"]
    events = act(game, ANN, "absorb", corporation="Tower")
    assert (owner(game, "Peru"), teams(game, "Peru")) == ("Tower", 1)
    assert "Tower absorbs the Mom & Pop in Peru" in public_texts(events)[0]
    assert game.stage == "action"


def test_nothing_interesting_leave_it_as_it_is() -> None:
    """Nothing Interesting: "You are never required to found a new corporation, allow
    absorption, or propose a merger. You may simply choose to leave the Mom & Pop as is.\""""
    game = position(territories={"Brazil": ("Sackson", 2)},
                    corporations={"Sackson": (BO, "Brazil")}, hands={ANN: ["Peru"]})
    act(game, ANN, "place", territory="Peru")
    events = act(game, ANN, "leave")
    assert owner(game, "Peru") == "Mom & Pop" and kinds(events)[0] == "left"
    assert game.stage == "action"


# --- Allow Corporations to Merge (CCR-7) -------------------------------------

AFRICA_AND_EUROPE = ["Egypt", "East Africa", "Congo", "South Africa", "Madagascar",
                     "Middle East", "Southern Europe", "Western Europe"]


def merger_position(**kwargs: object) -> object:
    """Continental holds South America (size 6, CEO Cy); Tower holds 8 territories of
    Africa, Europe and the Middle East (size 8, CEO Bo); Ann has a card for North Africa,
    which borders both."""
    territories = {**held_by("Continental", 2, *SOUTH_AMERICA),
                   **held_by("Tower", 2, *AFRICA_AND_EUROPE)}
    return position(territories=territories,
                    corporations={"Continental": (CY, "Peru"), "Tower": (BO, "Egypt")},
                    hands={ANN: ["North Africa"]}, **kwargs)  # type: ignore[arg-type]


def test_ccr_7_merger_with_every_ceos_consent_and_acquire_bonuses() -> None:
    """"If both CEOs agree, replace the Mom & Pop with 1 security team of the larger
    corporation's color. Also replace all of the smaller corporation's security teams with
    teams of the larger corporation's color. Remove the smaller corporation's tower." Bonuses
    follow Acquire (reference: "Continental (tier3) of 6-10 tiles; A 8 shares, B 4, C 4: A
    8000; B and C split 4000 -> 2000 each"); bonuses are paid privately."""
    game = merger_position(shares={ANN: {"Continental": (8, 2)}, BO: {"Continental": 4},
                                   CY: {"Continental": 4}})
    act(game, ANN, "place", territory="North Africa")
    assert set(actions(game, ANN)) == {"found", "absorb", "merge", "leave"}
    events = act(game, ANN, "merge")
    assert "asking Bo, Cy" in public_texts(events)[0]
    assert game.prompts().keys() == {BO} and actions(game, BO) == ["consent"]
    act(game, BO, "consent", choice="yes")
    assert game.prompts().keys() == {CY}
    before = {s: cash(game, s) for s in (ANN, BO, CY)}
    events = act(game, CY, "consent", choice="yes")
    assert "Continental" not in game.corporations
    assert all(owner(game, t) == "Tower" for t in SOUTH_AMERICA)
    assert (owner(game, "North Africa"), teams(game, "North Africa")) == ("Tower", 1)
    assert teams(game, "Peru") == 2
    # Continental was size 6 ($800): majority $8,000, minority $4,000 split.
    assert cash(game, ANN) - before[ANN] == 8000
    assert cash(game, BO) - before[BO] == 2000 and cash(game, CY) - before[CY] == 2000
    bonus = of_kind(events, "bonus")
    assert all(len(e.audience) == 1 for e in bonus)
    summary = of_kind(events, "bonuses_paid")[0]
    assert "$8,000" in summary.text and ANN not in summary.text
    # Disposal in turn from the merge maker: Ann, then Bo, then Cy.
    assert game.prompts().keys() == {ANN} and actions(game, ANN) == ["dispose"]
    assert choices(game, ANN, "dispose", "trade") == ["0", "2", "4", "6", "8"]
    events = act(game, ANN, "dispose", sell=2, trade=4)
    assert game.ledger.held(ANN, "Continental") == 2 and game.ledger.held(ANN, "Tower") == 2
    assert "Ann sells 2 shares of Continental for $1,600 and trades 4 Continental for 2 " \
           "Tower" in public_texts(events)[0]
    assert "keeps" not in public_texts(events)[0]
    assert "kept 2" in private_to(events, ANN)[0].text
    act(game, BO, "dispose")  # keeps all
    events = act(game, CY, "dispose", sell=4)
    assert "settled" in kinds(events) and not game.stack
    assert game.stage == "action" and game.current == ANN


def test_a_refused_merger_leaves_a_mom_and_pop() -> None:
    """Disagreement: "If either CEO does not agree to the merger, the Mom & Pop you placed
    *must* remain a Mom & Pop. If your proposed merger fails, you may not 'change your
    mind' and use the Mom & Pop to found a new corporation or allow it to be absorbed.\""""
    game = merger_position()
    act(game, ANN, "place", territory="North Africa")
    act(game, ANN, "merge")
    act(game, BO, "consent", choice="yes")
    events = act(game, CY, "consent", choice="no")
    assert "must remain a Mom & Pop" in public_texts(events)[0]
    assert owner(game, "North Africa") == "Mom & Pop"
    assert set(game.corporations) == {"Continental", "Tower"}
    assert game.stage == "action"
    assert not {"found", "absorb", "merge", "leave"} & set(actions(game, ANN))


def test_ccr_7_the_placers_own_corporations_count_as_agreed() -> None:
    """CCR-7: "A merger needs the agreement of every CEO of a corporation involved (the
    placer's own corporations count as agreed).\""""
    game = merger_position(edit=lambda d: d["corporations"]["Tower"].update(ceo=ANN))
    act(game, ANN, "place", territory="North Africa")
    events = act(game, ANN, "merge")
    assert "asking Cy" in public_texts(events)[0]
    act(game, CY, "consent", choice="yes")
    assert "Continental" not in game.corporations
    game = merger_position(edit=lambda d: [d["corporations"][c].update(ceo=ANN)
                                           for c in ("Tower", "Continental")])
    act(game, ANN, "place", territory="North Africa")
    events = act(game, ANN, "merge")
    assert "merged" in kinds(events) and "Continental" not in game.corporations


def test_safe_size_a_corporation_of_11_or_more_cannot_be_merged() -> None:
    """Safe Size: "As in *Acquire*, if the size of the smaller corporation is 11 or higher,
    it cannot be merged." Two safe corporations never merge; a safe one can absorb."""
    territories = {**held_by("Continental", 1, *SOUTH_AMERICA, "Central America",
                             "Western United States", "Eastern United States",
                             "Alberta", "Ontario"),
                   **held_by("Tower", 1, *AFRICA_AND_EUROPE, "Ukraine", "Northern Europe",
                             "Great Britain")}
    game = position(territories=territories,
                    corporations={"Continental": (CY, "Peru"), "Tower": (BO, "Egypt")},
                    hands={ANN: ["North Africa"]})
    assert game.size("Continental") == 11 and game.size("Tower") == 11
    act(game, ANN, "place", territory="North Africa")
    assert "merge" not in actions(game, ANN)
    refused(game, ANN, "merge", survivor="Tower")
    assert "absorb" in actions(game, ANN)


def test_the_larger_survives_and_a_tie_is_the_placers_choice() -> None:
    """"If the corporations are the same size, the player who placed the Mom & Pop chooses
    which is treated as larger." (CCR-7: "the placer breaks ties of size".)"""
    territories = {**held_by("Continental", 1, *SOUTH_AMERICA),
                   **held_by("Tower", 1, "Egypt", "East Africa", "Congo", "South Africa",
                             "Madagascar", "Middle East")}
    game = position(territories=territories,
                    corporations={"Continental": (CY, "Peru"), "Tower": (BO, "Egypt")},
                    hands={ANN: ["North Africa"]})
    assert game.size("Continental") == game.size("Tower") == 6
    act(game, ANN, "place", territory="North Africa")
    assert choices(game, ANN, "merge", "survivor") == ["Continental", "Tower"]
    error = refused(game, ANN, "merge", match="same size")
    assert isinstance(error, Ambiguous) and error.candidates == ["Continental", "Tower"]
    act(game, ANN, "merge", survivor="Continental")
    act(game, BO, "consent", choice="yes")
    act(game, CY, "consent", choice="yes")
    assert set(game.corporations) == {"Continental"}
    assert owner(game, "Egypt") == "Continental"


def test_multiple_mergers_largest_survives_defunct_settled_largest_first() -> None:
    """Multiple Mergers: "Follow the *Acquire* rules" (reference: "the largest survives
    ... The defunct chains are resolved one at a time, from largest to smallest; each gets
    its own bonus payout and disposal round before the next.")"""
    territories = {**held_by("Festival", 1, "Venezuela", "Central America",
                             "Western United States", "Eastern United States", "Alberta"),
                   **held_by("Sackson", 1, "Peru", "Argentina"),
                   **held_by("Tower", 1, "North Africa", "Egypt", "Congo")}
    game = position(territories=territories,
                    corporations={"Festival": (BO, "Venezuela"), "Sackson": (CY, "Peru"),
                                  "Tower": (CY, "North Africa")},
                    shares={ANN: {"Sackson": 2, "Tower": 1}, BO: {"Tower": 1}},
                    hands={ANN: ["Brazil"]})
    act(game, ANN, "place", territory="Brazil")
    events = act(game, ANN, "merge")
    assert "merge Tower (size 3), Sackson (size 2) into Festival" in public_texts(events)[0]
    act(game, BO, "consent", choice="yes")
    events = act(game, CY, "consent", choice="yes")
    assert [e.data["chain"] for e in of_kind(events, "bonuses_paid")] == ["Tower"]
    act(game, ANN, "dispose")
    events = act(game, BO, "dispose", sell=1)
    assert [e.data["chain"] for e in of_kind(events, "bonuses_paid")] == ["Sackson"]
    assert game.prompts().keys() == {ANN}
    act(game, ANN, "dispose", trade=2)
    assert set(game.corporations) == {"Festival"} and not game.stack
    assert game.ledger.held(ANN, "Festival") == 1
    # 11 territories and all of South America.
    assert game.size("Festival") == 11 + 2


def test_equal_defunct_corporations_are_settled_in_the_placers_order() -> None:
    """CCR-7: "the placer breaks ties of size" (reference: "If two defunct chains are the
    same size, the mergemaker decides the order"): `merge first=...` (D-6)."""
    territories = {**held_by("Festival", 1, "Venezuela", "Central America",
                             "Western United States"),
                   **held_by("Sackson", 1, "Peru", "Argentina"),
                   **held_by("Tower", 1, "North Africa", "Egypt")}
    game = position(territories=territories,
                    corporations={"Festival": (ANN, "Venezuela"), "Sackson": (ANN, "Peru"),
                                  "Tower": (ANN, "North Africa")},
                    shares={BO: {"Sackson": 2, "Tower": 1}}, hands={ANN: ["Brazil"]})
    act(game, ANN, "place", territory="Brazil")
    assert choices(game, ANN, "merge", "first") == ["Sackson", "Tower"]
    events = act(game, ANN, "merge", first="Tower")
    assert [e.data["chain"] for e in of_kind(events, "bonuses_paid")] == ["Tower"]


def test_multiple_mergers_the_placer_orders_every_tie() -> None:
    """Multiple Mergers: "Follow the *Acquire* rules to handle multiple mergers"
    (reference: "If two defunct chains are the same size, the mergemaker decides the
    order"). With three defunct corporations of one size the placer orders all of them,
    not only the first, before the CEOs are asked."""
    territories = {**held_by("Festival", 1, "Venezuela", "Central America",
                             "Western United States"),
                   "Peru": ("Sackson", 1), "North Africa": ("Tower", 1),
                   "Argentina": ("Worldwide", 1)}
    game = position(territories=territories,
                    corporations={"Festival": (ANN, "Venezuela"), "Sackson": (ANN, "Peru"),
                                  "Tower": (ANN, "North Africa"),
                                  "Worldwide": (ANN, "Argentina")},
                    shares={BO: {"Sackson": 1, "Tower": 1, "Worldwide": 1}},
                    hands={ANN: ["Brazil"]})
    act(game, ANN, "place", territory="Brazil")
    events = act(game, ANN, "merge")
    assert kinds(events) == ["merger_ordering"] and game.prompts().keys() == {ANN}
    assert choices(game, ANN, "settle-first", "corporation") == [
        "Sackson", "Tower", "Worldwide"]
    assert game.timeout_actions()[0] == (ANN, "settle-first", {"corporation": "Sackson"})
    act(game, ANN, "settle-first", corporation="Worldwide")
    assert choices(game, ANN, "settle-first", "corporation") == ["Sackson", "Tower"]
    events = act(game, ANN, "settle-first", corporation="Tower")
    proposed = of_kind(events, "merger_proposed")[0]
    assert proposed.data["defunct"] == ["Worldwide", "Tower", "Sackson"]
    settled = [e.data["chain"] for e in of_kind(events, "bonuses_paid")]
    for _ in range(2):
        settled += [e.data["chain"] for e in of_kind(act(game, BO, "dispose"), "bonuses_paid")]
    act(game, BO, "dispose")
    assert settled == ["Worldwide", "Tower", "Sackson"]
    assert set(game.corporations) == {"Festival"}


def test_events_keep_what_they_said_when_the_merger_goes_on() -> None:
    """Events are snapshots: the CEOs asked in a proposal stay in its event while the
    consents are collected (the state's waiting list shrinks)."""
    territories = {**held_by("Continental", 1, *SOUTH_AMERICA),
                   **held_by("Tower", 1, "Egypt", "East Africa", "Congo")}
    game = position(territories=territories,
                    corporations={"Continental": (CY, "Peru"), "Tower": (BO, "Egypt")},
                    hands={ANN: ["North Africa"]})
    act(game, ANN, "place", territory="North Africa")
    proposed = of_kind(act(game, ANN, "merge"), "merger_proposed")[0]
    act(game, BO, "consent", choice="yes")
    act(game, CY, "consent", choice="yes")
    assert proposed.data["asked"] == [BO, CY]
    assert proposed.data["sizes"] == {"Continental": 6, "Tower": 3}
