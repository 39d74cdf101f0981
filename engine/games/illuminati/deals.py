"""Deals: gifts and trades of money, Groups and Specials between players.

Rulebook p. 8: "Gifts and Trades" (cash and Specials may change hands at any time, except
while a privileged attack is under way; not an action; cash goes from one Illuminati
treasury to another), "Transferring Groups" (only on the turn of one of the players
involved; each Group exchanged counts as an action for the player whose turn it is; a
Group is given only with the receiver's permission; its puppets and treasuries go with it
and the receiver fits them in at once, overlaps becoming uncontrolled), "When Is a Deal
Binding?" (only if the exchange is made immediately).

So the bot binds exactly what the rulebook binds: an **offer** names what each side gives
now (money, at most one Group and at most one Special each way); when the other player
accepts, everything changes hands at once, atomically, after everything is checked again,
or nothing does. Promises about later are just chat: the bot never holds anyone to them.
A gift of money or a Special needs nobody's consent (`give`); a Group given away does.
Offers are public (which Special changes hands is told only to the two players) and lapse
at the end of the turn they were made in (ILL-10). Throwing the game is left to the table's
judgement, as the rulebook says (ILL-11).
"""

from __future__ import annotations

from typing import Any

from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.games.illuminati.base import mb
from engine.games.illuminati.specials import Specials

ANY_CARD = "any"


class Deals(Specials):
    """Gifts, offers, acceptance."""

    # ----- checks shared by gifts and offers ---------------------------------------

    def check_cash_and_cards(self) -> None:
        if self.privilege_declared():
            raise NotAllowed("A privileged attack is under way: no one may give or trade "
                             "money or Specials until it ends.")

    def check_partner(self, seat: Seat, player: str) -> None:
        if seat not in self.alive():
            raise NotAllowed("You are out of the game.")
        if player not in self.alive() or player == seat:
            raise NotAllowed(f"{player} is not another player still in the game.")

    def check_groups(self, seat: Seat, other: Seat, count: int) -> int:
        """Groups change hands only on the turn of one of the two, each an action of the
        player whose turn it is; returns the actions it will take."""
        if not count:
            return 0
        turn = self.turn
        if turn is None or turn["seat"] not in (seat, other) or turn.get("ending"):
            raise NotAllowed("Groups change hands only during the turn of one of the two "
                             "players.")
        if self.stack:
            raise NotAllowed(f"Groups can't change hands while {self.busy_with()}.")
        if turn["actions"] < count:
            raise NotAllowed(f"Each Group exchanged is an action for {turn['seat']}, who has "
                             f"{turn['actions']} left this turn.")
        return count

    def check_group(self, group: str | None, holder: Seat) -> None:
        if group is not None and (self.owner(group) != holder or group == self.root(holder)):
            raise NotAllowed(f"{group} is not a Group of {holder}'s Power Structure.")

    # ----- gifts ------------------------------------------------------------------

    def give(self, seat: Seat, player: str, amount: int | None, card: str | None
             ) -> list[Event]:
        """Give money (Illuminati to Illuminati) or a Special, at any time: a free action."""
        self.check_partner(seat, player)
        self.check_cash_and_cards()
        amount = amount or 0
        if amount < 0:
            raise Unreadable("Give a number of MB from 0 up.")
        special = self.read_special(seat, card) if card else None
        if not amount and special is None:
            raise Unreadable("Give some money or a Special card.")
        if amount > self.purse(seat):
            raise NotAllowed(f"Your Illuminati treasury holds only {mb(self.purse(seat))}.")
        if self.own_turn(seat):
            assert self.turn is not None
            self.turn["did"] = True
        events: list[Event] = []
        if amount:
            self.pay(self.root(seat), amount)
            self.gain(self.root(player), amount)
        parts = [mb(amount)] if amount else []
        if special is not None:
            self.hands[seat].remove(special)
            self.hands[player].append(special)
            parts.append("a Special card")
            name = self.special(special).name
            events.append(private([seat, player], "gift_card", f"{seat} gives {player} "
                                  f"{name}.", card=special))
        return [public("gift", f"{seat} gives {player} {' and '.join(parts)}.", seat=seat,
                       player=player, mb=amount, specials=1 if special else 0)] + events

    # ----- offers ------------------------------------------------------------------

    def offer(self, seat: Seat, player: str, terms: dict[str, Any]) -> list[Event]:
        self.check_partner(seat, player)
        deal = {"from": seat, "to": player, **terms}
        self.check_deal(deal, accepting=False)
        if not any(deal[k] for k in ("give_mb", "take_mb", "give_group", "take_group",
                                     "give_card", "take_card")):
            raise Unreadable("An offer gives or asks for something.")
        self.offer_count += 1
        deal["id"] = str(self.offer_count)
        self.offers.append(deal)
        text, names = self.deal_words(deal)
        events = [public("offer", f"{seat} offers {player} a deal (offer {deal['id']}): "
                         f"{text}.", seat=seat, player=player, offer=deal["id"])]
        if names:
            events.append(private([seat, player], "offer_cards", f"Offer {deal['id']}: "
                                  f"{names}.", offer=deal["id"]))
        return events

    def deal_words(self, deal: dict[str, Any]) -> tuple[str, str]:
        """The deal as everyone reads it (a Special unnamed), and the Specials' names for
        the two players."""
        gives, takes, names = [], [], []
        if deal["give_mb"]:
            gives.append(mb(deal["give_mb"]))
        if deal["give_group"]:
            gives.append(deal["give_group"])
        if deal["give_card"]:
            gives.append("a Special card")
            names.append(f"{deal['from']} gives {self.special(deal['give_card']).name}")
        if deal["take_mb"]:
            takes.append(mb(deal["take_mb"]))
        if deal["take_group"]:
            takes.append(deal["take_group"])
        if deal["take_card"]:
            takes.append("a Special card")
            names.append(f"{deal['from']} asks for " + (
                "a Special of your choice" if deal["take_card"] == ANY_CARD
                else self.special_name(deal["take_card"])))
        give = " and ".join(gives) or "nothing"
        take = " and ".join(takes) or "nothing"
        return f"{give} for {take}", "; ".join(names)

    def check_deal(self, deal: dict[str, Any], *, accepting: bool,
                   chosen: str | None = None) -> int:
        """Everything a deal needs, checked before anything moves; returns the actions it
        costs the player whose turn it is."""
        seat, other = deal["from"], deal["to"]
        if deal["give_mb"] < 0 or deal["take_mb"] < 0:
            raise Unreadable("Money in a deal is 0 MB or more.")
        if deal["give_mb"] or deal["take_mb"] or deal["give_card"] or deal["take_card"]:
            self.check_cash_and_cards()
        if deal["give_mb"] > self.purse(seat):
            raise NotAllowed(f"{seat}'s Illuminati treasury holds only {mb(self.purse(seat))}.")
        if accepting and deal["take_mb"] > self.purse(other):
            raise NotAllowed(f"Your Illuminati treasury holds only {mb(self.purse(other))}.")
        self.check_group(deal["give_group"], seat)
        self.check_group(deal["take_group"], other)
        if deal["give_card"] and deal["give_card"] not in self.hands.get(seat, []):
            raise NotAllowed(f"{seat} no longer holds the Special card offered.")
        if deal["take_card"] and deal["take_card"] != ANY_CARD:
            if self.special_name(deal["take_card"]) == deal["take_card"] and not any(
                    s.name == deal["take_card"] for s in self.cards.specials.values()):
                raise Unreadable(f"There is no Special card {deal['take_card']!r} in this "
                                 "card set.")
            if accepting:
                self.read_special(other, deal["take_card"])
        if accepting and deal["take_card"] == ANY_CARD and chosen is None:
            raise Unreadable("Say which of your Special cards you give.")
        count = (deal["give_group"] is not None) + (deal["take_group"] is not None)
        return self.check_groups(seat, other, count)

    def special_name(self, text: str) -> str:
        """A Special named in an offer (by its id or its name) as players read it."""
        special = self.cards.specials.get(text)
        return special.name if special is not None else text

    def find_offer(self, offer: str, **who: Seat) -> dict[str, Any]:
        for deal in self.offers:
            if deal["id"] == str(offer).strip().lstrip("#") and \
                    all(deal[k] == v for k, v in who.items()):
                return deal
        raise NotAllowed(f"There is no open offer {offer} for you.")

    def offers_to(self, seat: Seat) -> list[dict[str, Any]]:
        return [d for d in self.offers if d["to"] == seat]

    def accept(self, seat: Seat, offer: str, card: str | None) -> list[Event]:
        """Everything changes hands at once, or nothing does."""
        deal = self.find_offer(offer, to=seat)
        chosen = None
        if deal["take_card"] == ANY_CARD and card:
            chosen = self.read_special(seat, card)
        actions = self.check_deal(deal, accepting=True, chosen=chosen)
        giver = deal["from"]
        taken_card = chosen if deal["take_card"] == ANY_CARD else \
            self.read_special(seat, deal["take_card"]) if deal["take_card"] else None
        self.offers.remove(deal)
        if actions:
            assert self.turn is not None
            self.turn["actions"] -= actions
            self.turn["did"] = True
        self.pay(self.root(giver), deal["give_mb"])
        self.gain(self.root(seat), deal["give_mb"])
        self.pay(self.root(seat), deal["take_mb"])
        self.gain(self.root(giver), deal["take_mb"])
        events: list[Event] = []
        names = []
        if deal["give_card"]:
            self.hands[giver].remove(deal["give_card"])
            self.hands[seat].append(deal["give_card"])
            names.append(f"{seat} receives {self.special(deal['give_card']).name}")
        if taken_card:
            self.hands[seat].remove(taken_card)
            self.hands[giver].append(taken_card)
            names.append(f"{giver} receives {self.special(taken_card).name}")
        moving = [(deal["give_group"], seat), (deal["take_group"], giver)]
        lifted = [(self.lift(g), to) for g, to in moving if g is not None]
        text, _names = self.deal_words(deal)
        cost = f" ({actions} of {self.turn['seat']}'s actions)" if actions and self.turn \
            else ""
        events.append(public("deal", f"{seat} accepts offer {deal['id']} from {giver}: "
                             f"{text}, exchanged at once{cost}.", seat=seat, player=giver,
                             offer=deal["id"]))
        for branch, to in lifted:
            events += self.seat_anywhere(to, branch)
            if branch.card in self.placed:
                master = self.placed[branch.card]["master"]
                events.append(public("placed", f"{branch.card} goes to {to}, placed on "
                                     f"{self.shown_card(master)} (arrow "
                                     f"{self.placed[branch.card]['arrow']}).", seat=to,
                                     card=branch.card))
        if names:
            events.append(private([seat, giver], "deal_cards", "; ".join(names) + "."))
        return events

    def decline(self, seat: Seat, offer: str) -> list[Event]:
        deal = self.find_offer(offer, to=seat)
        self.offers.remove(deal)
        return [public("declined", f"{seat} declines offer {deal['id']} from {deal['from']}.",
                       seat=seat, offer=deal["id"])]

    def withdraw(self, seat: Seat, offer: str) -> list[Event]:
        deal = self.find_offer(offer, **{"from": seat})
        self.offers.remove(deal)
        return [public("withdrawn", f"{seat} withdraws offer {deal['id']}.", seat=seat,
                       offer=deal["id"])]
