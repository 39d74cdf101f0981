"""The fifteen Nuclear Zone 4 tokens, I to XV.

Rulebook "Nucleaire zone 4": "When you disarm a nuclear base of Nuclear Zone 4 you take the
token and look at the Roman numeral on its underside. You need not show it! The numeral
matches a special bonus as described below. You may use the bonus once, without it costing
an action, and only during your own turn (unless stated otherwise). The token's effect can't
be stopped." At setup one token lies face down on every base in Mexico and Canada; the rest
are the Trident's warheads. A token is shown when it is used (`revealed`).

Each numeral's effect is the rulebook's (CLEAR) except IX, whose text is lost past "reveal this
token when DEFCON 1 is reached": its holder is untouched by DEFCON 1 (DEFAULT, in `defcon`).
"""

from __future__ import annotations

from typing import Any

from engine.errors import NotAllowed
from engine.events import Event, Seat, private, public
from engine.games.dictators.abilities import Abilities
from engine.games.dictators.disarm import BASE
from engine.rng import Rng

TOKEN_TEXT: dict[str, str] = {
    "I": "Move your meeple to Washington State or Washington D.C.",
    "II": "Disarm one of your nuclear bases.",
    "III": "A one-time +5 on your d20 roll to convince the President; you may use it after "
           "the roll.",
    "IV": "Swap your dictator card for one of the unused dictator cards, of your choice.",
    "V": "Swap places with another player: everything (dictator card, hand, meeple, tokens "
         "and cards in play). Only in the turn you got this token.",
    "VI": "Swap meeples on the board with each other: you choose which and how many.",
    "VII": "Draw 5 Presidential cards and keep one face down; shuffle the rest back. Once, "
           "you may take it instead of drawing from the Presidential deck.",
    "VIII": "Reveal the top 6 Command cards and put them in your hand. You may play them for "
            "free this turn, and then they can't be stopped.",
    "IX": "Reveal this token when DEFCON 1 is reached: DEFCON 1 does not touch you.",
    "X": "Draw 3 Command cards and 3 Founding Father cards, shuffle them and give each "
         "opponent one at random; shuffle the rest into the Command deck.",
    "XI": "Remove all Nuclear Zone 4 tokens from the board.",
    "XII": "Swap your dictator card with an opponent's. If you swap with Joseph “The Man of "
           "Steal”, that player draws a Nuclear Zone 1 card.",
    "XIII": "Reveal this token when you draw or receive a Founding Father card: give that "
            "card to an opponent of your choice.",
    "XIV": "Draw 10 cards. Event cards drawn are shuffled back into the Command deck.",
    "XV": "Remove roadblock and no-fly-zone tokens of your choice from the board.",
}
TOKEN_NEEDS: dict[str, list[str]] = {"I": ["to"], "II": ["base"], "IV": ["dictator"],
                                     "V": ["player"], "XII": ["player"]}
# Used at their own moment, never by the `token` action.
REACTIVE = frozenset({"IX", "XIII"})


def read_numeral(text: str) -> str:
    """A token as players type it: "VI", "vi", "6", "token VI"."""
    word = str(text).strip().upper().removeprefix("TOKEN").strip()
    if word.isdigit() and 1 <= int(word) <= 15:
        return list(TOKEN_TEXT)[int(word) - 1]
    return word


class Tokens(Abilities):
    """Using a token on your own turn, and what each numeral does."""

    def token_text(self, token: str) -> str:
        return TOKEN_TEXT.get(token, token)

    def token_choices(self, seat: Seat, token: str, need: str) -> list[str]:
        if token == "I":
            capital = self.board.place("capital")
            places = self.board.states.get(self.data.map.washington_state, []) + [capital]
            return [p for p in dict.fromkeys(places) if p != self.location[seat]]
        if token == "II":
            return [c["base"] for c in self.nz[seat] if not c["disarmed"]]
        if token == "IV":
            return sorted(self.unused)
        if token in ("V", "XII"):
            return self.others(seat)
        return []

    def token_usable(self, seat: Seat, token: str) -> bool:
        if token in REACTIVE or token not in self.tokens.get(seat, []):
            return False
        if not self.own_turn(seat) or self.stack:
            return False
        if token == "III":
            return self.failed_roll(seat)
        if token == "V":
            return token in self.turn["got"]
        if token in TOKEN_NEEDS:
            return bool(self.token_choices(seat, token, TOKEN_NEEDS[token][0]))
        if token == "VI":
            return len({self.location[s] for s in self.order}) > 1
        if token in ("VIII", "XIV"):
            return self.can_draw()
        if token == "X":
            return bool(self.command or self.command_discards or self.founders
                        or self.founder_discards)
        if token == "XI":
            return bool(self.base_tokens or self.trident["warheads"])
        if token == "XV":
            return bool(self.roadblocks or self.no_fly)
        return True

    def usable_tokens(self, seat: Seat) -> list[str]:
        return [t for t in self.tokens.get(seat, []) if self.token_usable(seat, t)]

    def use_token(self, seat: Seat, token: str, targets: dict[str, str],
                  rng: Rng) -> list[Event]:
        if not self.token_usable(seat, token):
            if token not in self.tokens.get(seat, []):
                raise NotAllowed("You hold no such Nuclear Zone 4 token.")
            raise NotAllowed(f"You can't use token {token} now.")
        chosen: dict[str, str] = {}
        for need in TOKEN_NEEDS.get(token, []):
            if targets.get(need) is not None:
                value = targets[need] if need == "dictator" else \
                    self.read_target(need, targets[need])
                legal = self.token_choices(seat, token, need)
                if value not in legal:
                    raise NotAllowed(self.bad_target(need, value, legal))
                chosen[need] = value
        if len(chosen) < len(TOKEN_NEEDS.get(token, [])):
            self.stack.append({"kind": "choose", "seat": seat, "use": "token", "name": token,
                               "chosen": chosen})
            return []
        self.tokens[seat].remove(token)
        self.revealed[seat].append(token)
        events = [public("token", f"{seat} reveals Nuclear Zone 4 token {token}: "
                         f"“{TOKEN_TEXT[token]}”", seat=seat, token=token)]
        return events + self.token_effect(seat, token, chosen, rng)

    def token_effect(self, seat: Seat, token: str, chosen: dict[str, str],
                     rng: Rng) -> list[Event]:
        if token == "I":
            return self.move_seat(seat, chosen["to"], "goes")
        if token == "II":
            return self.disarmed(seat, BASE, chosen["base"], rng)
        if token == "III":
            return self.use_bonus(seat)
        if token == "IV":
            new = chosen["dictator"]
            old = self.dictators[seat]
            self.unused.remove(new)
            self.unused.append(old)
            self.dictators[seat] = new
            self.copied.pop(seat, None)
            events = [public("dictator_swapped", f"{seat} trades {old} for "
                             f"{self.data.dictators[new].full}.", seat=seat, old=old, new=new)]
            return events + self.complete_zones(seat, rng)
        if token == "V":
            return self.swap_places(seat, chosen["player"])
        if token == "VI":
            self.stack.append({"kind": "swap", "seat": seat})
            return []
        if token == "VII":
            drawn = [self.draw_president(rng) for _ in range(min(5, self.president_cards()))]
            self.stack.append({"kind": "reserve", "seat": seat, "cards": drawn})
            return [private(seat, "president_cards", "Token VII: you draw "
                            + ", ".join(drawn) + ". Keep one face down.", cards=drawn)]
        if token == "VIII":
            return self.reveal_six(seat, rng)
        if token == "X":
            return self.gifts(seat, rng)
        if token == "XI":
            removed = len(self.base_tokens) + len(self.trident["warheads"])
            self.removed_tokens += list(self.base_tokens.values()) + self.trident["warheads"]
            self.base_tokens = {}
            self.trident["warheads"] = []
            return [public("tokens_removed", f"Every Nuclear Zone 4 token on the board is "
                           f"removed ({removed}).", count=removed)]
        if token == "XII":
            other = chosen["player"]
            mine, theirs = self.dictators[seat], self.dictators[other]
            self.dictators[seat], self.dictators[other] = theirs, mine
            self.copied.pop(seat, None)
            self.copied.pop(other, None)
            events = [public("dictator_swapped", f"{seat} and {other} swap dictators: {seat} "
                             f"is now {theirs}, {other} {mine}.", seat=seat, other=other)]
            return events + self.complete_zones(other, rng) + self.complete_zones(seat, rng)
        if token == "XIV":
            return self.draw_aside(seat, 10, rng)
        if token == "XV":
            self.stack.append({"kind": "clear", "seat": seat})
            return []
        raise AssertionError(token)  # pragma: no cover

    def president_cards(self) -> int:
        return len(self.president) + len(self.president_discards)

    def complete_zones(self, seat: Seat, rng: Rng) -> list[Event]:
        """A dictator who lacks a Nuclear Zone card for a zone that no longer counts as
        disarmed for it draws one (token XII with Joseph "The Man of Steal": "that player
        draws a Nuclear Zone 1 card")."""
        events: list[Event] = []
        held = {c["zone"] for c in self.nz[seat]}
        for zone in (1, 2, 3):
            if zone in held or zone in self.free_zones(seat):
                continue
            deck = self.zone_decks[str(zone)]
            if not deck:
                continue
            base = deck.pop()
            rng.note("draw", f"Nuclear Zone {zone}", [base])
            self.nz[seat].append({"base": base, "zone": zone, "disarmed": False})
            events.append(public("zone_card", f"{seat} draws a Nuclear Zone {zone} card.",
                                 seat=seat, zone=zone))
            events.append(private(seat, "zone_card", f"Your new Nuclear Zone {zone} card: the "
                                  f"base at {base}.", base=base, zone=zone))
        return events

    def swap_places(self, seat: Seat, other: Seat) -> list[Event]:
        """Token V: the two players swap everything that is theirs on the table."""
        for table in (self.dictators, self.location, self.hands, self.nz, self.tokens,
                      self.skips, self.reserved, self.copied, self.once):
            mine: Any = table.pop(seat, None)
            theirs: Any = table.pop(other, None)
            if theirs is not None:
                table[seat] = theirs
            if mine is not None:
                table[other] = mine
        for entry in self.in_play:
            if entry["holder"] in (seat, other):
                entry["holder"] = other if entry["holder"] == seat else seat
        by = self.trident["disarmed_by"]
        self.trident["disarmed_by"] = [other if s == seat else seat if s == other else s
                                       for s in by]
        events = [public("swapped_places", f"{seat} and {other} swap places: dictator, hand, "
                         "meeple, tokens, Nuclear Zone cards and cards in play.", seat=seat,
                         other=other)]
        for who in (seat, other):
            events.append(private(who, "swapped", self.holdings_text(who)))
        return events

    def holdings_text(self, seat: Seat) -> str:
        cards = ", ".join(self.hands[seat]) or "no cards"
        bases = ", ".join(f"{c['base']} (zone {c['zone']}{', disarmed' if c['disarmed'] else ''})"
                          for c in self.nz[seat])
        tokens = ", ".join(self.tokens[seat]) or "none"
        return (f"You now hold: {cards}. Your Nuclear Zone cards: {bases}. Your tokens: "
                f"{tokens}.")

    def reveal_six(self, seat: Seat, rng: Rng) -> list[Event]:
        """Token VIII: the top 6 Command cards, shown, into your hand and free this turn;
        event cards among them are shuffled back (FAQ: played free this turn they can't be
        stopped; later they cost as usual)."""
        shown: list[str] = []
        aside: list[str] = []
        for _ in range(6):
            card = self.draw_command(rng)
            if card is None:
                break
            (aside if self.is_event(card) else shown).append(card)
        self.hands[seat] += shown
        self.turn["free"] += shown
        if aside:
            self.command += aside
            rng.shuffle(self.command, label="command deck")
        text = ", ".join(shown) or "no card"
        return [public("revealed_cards", f"{seat} reveals the top Command cards and takes "
                       f"them: {text}" + (f" ({', '.join(aside)} shuffled back)" if aside
                                          else "") + ".", seat=seat, cards=shown)]

    def draw_aside(self, seat: Seat, count: int, rng: Rng) -> list[Event]:
        """Token XIV: `count` cards; event cards drawn are shuffled back unresolved."""
        kept: list[str] = []
        aside: list[str] = []
        for _ in range(count):
            card = self.draw_command(rng)
            if card is None:
                break
            (aside if self.is_event(card) else kept).append(card)
        self.hands[seat] += kept
        if aside:
            self.command += aside
            rng.shuffle(self.command, label="command deck")
        events = [public("drew", f"{seat} draws {plural_cards(len(kept))}"
                         + (f"; {len(aside)} event card(s) are shuffled back" if aside else "")
                         + ".", seat=seat, count=len(kept))]
        if kept:
            events.append(private(seat, "cards", f"You draw {', '.join(kept)}.", cards=kept))
        return events

    def gifts(self, seat: Seat, rng: Rng) -> list[Event]:
        """Token X: 3 Command and 3 Founding Father cards shuffled, one to each opponent at
        random (an event card received is resolved, as any placed in a hand), the rest
        shuffled into the Command deck."""
        pool: list[str] = []
        for _ in range(3):
            card = self.draw_command(rng)
            if card is not None:
                pool.append(card)
        pool += self.take_founders(rng, 3)
        rng.shuffle(pool, label="token X")
        events: list[Event] = []
        for other in self.others(seat):
            if not pool:
                break
            card = pool.pop()
            events.append(public("gift", f"{other} receives a card (token X).", seat=other))
            events += self.receive(other, card, rng, "receives")
        founders = [c for c in pool if c in self.data.founders]
        self.command += pool
        if pool:
            rng.shuffle(self.command, label="command deck")
        if founders:
            events.append(public("founders_added", f"{len(founders)} Founding Father card(s) "
                                 "go into the Command deck.", count=len(founders)))
        return events


def plural_cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"
