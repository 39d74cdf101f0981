"""What everyone may know (`view(None)`), what a seat may know (`view(seat)`), and a
seat's own secrets in words (`describe`): docs/illuminati.md, "Views".

The public view holds every structure, treasury, attack and offer, and of the secrets only
what is public about them: how many Specials each holds (and those shown), that a goal was
chosen, that an Illuminati is face down. The images are drawn from it alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.events import Seat
from engine.games.illuminati.base import NOTICE
from engine.games.illuminati.prompts import Prompts
from engine.games.illuminati.words import ability_text, goal_text


class Views(Prompts):
    """Views and descriptions."""

    def illuminati_words(self, seat: Seat) -> str:
        card = self.card(self.illuminati[seat])
        ability = "; ".join(ability_text(a) for a in card.abilities) or "no special ability"
        return (f"Your Illuminati: {card.name} (Power {card.power}/{card.transferable}, income "
                f"{card.income}): {ability}. Special goal: {goal_text(card.goal)}.")

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        if not self.started:
            return "choosing goals"
        if self.stack:
            return {"attack": "attack", "cancel": "special", "place": "placing",
                    "replace": "abolishing"}.get(self.stack[-1]["kind"], "playing")
        return "turn"

    def public_decision(self) -> dict[str, Any] | None:
        if not self.stack:
            return None
        top = self.stack[-1]
        kind = top["kind"]
        if kind in ("attack", "cancel"):
            reason = "cancel" if kind == "cancel" else \
                ("roll" if top["stage"] == "roll" else "attack")
            return {"kind": "window", "reason": reason, "seat": top["seat"],
                    "awaiting": list(top["awaiting"])}
        if kind == "choose-goal":
            return {"kind": kind, "awaiting": list(top["awaiting"])}
        return {"kind": kind, "seat": top["seat"]}

    def card_view(self, name: str) -> dict[str, Any]:
        """A card as everyone sees it (a hidden Illuminati shows only its treasury)."""
        card = self.card(name)
        seat = self.owner(name)
        view: dict[str, Any] = {"name": name, "illuminati": card.illuminati,
                                "treasury": self.treasury(name)}
        if card.illuminati and seat is not None and self.hidden(seat):
            view.update(name=None, hidden=True)
            return view
        view.update(power=card.power, transferable=card.transferable,
                    resistance=None if card.illuminati else card.resistance,
                    income=card.income, alignments=list(card.alignments),
                    abilities=[ability_text(a) for a in card.abilities], text=card.text)
        return view

    def structure_view(self, seat: Seat) -> list[dict[str, Any]]:
        if seat in self.out:
            return []
        lay = self.layout(seat)
        cards = []
        for name, (x, y) in lay.cells.items():
            entry = self.card_view(name)
            entry.update(x=x, y=y, facing=lay.facing[name], depth=lay.depth[name],
                         master=self.shown_master(self.master(name)),
                         arrows=lay.outgoing(name, self.arrows_of),
                         puppets=[lay.facing[p] for p in lay.puppets.get(name, [])])
            cards.append(entry)
        return cards

    def shown_master(self, master: str | None) -> str | None:
        if master is None:
            return None
        seat = self.owner(master)
        return None if seat is not None and master == self.root(seat) and self.hidden(seat) \
            else master

    def special_goal_public(self, seat: Seat) -> str | None:
        if self.options["hidden_goals"] or self.goals.get(seat) is not None or \
                self.hidden(seat):
            return None
        return goal_text(self.goal_of(seat))

    def player_view(self, seat: Seat) -> dict[str, Any]:
        card = self.card(self.illuminati[seat])
        shown = not self.hidden(seat)
        return {"illuminati": card.name if shown else None, "hidden": not shown,
                "ability": "; ".join(ability_text(a) for a in card.abilities) or None
                if shown else None,
                "special_goal": self.special_goal_public(seat), "treasury": self.purse(seat),
                "specials": len(self.hands.get(seat, [])), "shown": [
                    self.special(c).name for c in self.hands.get(seat, []) if c in self.shown],
                "groups": len(self.groups_of(seat)),
                "out": self.out.get(seat), "destroyed": self.destroyed.get(seat, 0),
                "turns_taken": self.turns_taken.get(seat, 0), "loses_turns":
                self.skips.get(seat, 0)}

    def attack_view(self) -> dict[str, Any] | None:
        entry = self.attack_entry()
        if entry is None:
            return None
        number, parts = self.target_number(entry)
        return {"seat": entry["seat"], "group": self.shown_card(entry["group"]),
                "target": entry["target"], "how": entry["how"], "aid":
                [self.shown_card(a) for a in entry["aid"]], "defender": entry["defender"],
                "privileged": entry["privileged"], "abolished": entry["abolished"],
                "committed": entry["committed"], "needed": number,
                "parts": [[w, v] for w, v in parts], "stage": entry["stage"],
                "roll": entry["roll"], "interference": dict(entry["interference"]),
                "sides": dict(entry["sides"]), "may_interfere": list(entry["allowed"])}

    def offer_view(self, deal: dict[str, Any], seat: Seat | None) -> dict[str, Any]:
        text, names = self.deal_words(deal)
        view = {"id": deal["id"], "from": deal["from"], "to": deal["to"], "terms": text}
        if seat in (deal["from"], deal["to"]) and names:
            view["cards"] = names
        return view

    def _view(self, seat: Seat | None) -> dict[str, Any]:
        turn = self.turn
        ending = bool(turn and turn["ending"]) and not (turn and self.hidden(turn["seat"]))
        view: dict[str, Any] = {
            "notice": NOTICE,
            "card_set": self.cards.public(),
            "order": list(self.order),
            "current": turn["seat"] if turn else None,
            "turn_number": self.turns,
            "step": "ending" if ending else ("actions" if turn else
                                             ("setup" if not self.started else "between")),
            "actions_left": turn["actions"] if turn else 0,
            "free_transfers": turn["transfers"] if turn else 0,
            "goal_groups": self.goal_groups,
            "players": {s: self.player_view(s) for s in self.order},
            "structures": {s: self.structure_view(s) for s in self.order},
            "uncontrolled": [self.card_view(c) for c in self.uncontrolled],
            "dead": list(self.dead),
            "discards": [self.special(c).name for c in self.discards],
            "out_of_play": len(self.unseen),
            "draw_pile": len(self.pile),
            "decision": self.public_decision(),
            "attack": self.attack_view(),
            "last_attack": dict(self.last_attack) if self.last_attack else None,
            "offers": [self.offer_view(d, seat) for d in self.offers],
            "window_seconds": self.options["window_seconds"],
        }
        if seat is not None:
            view["you"] = seat
            view["hand"] = [{"id": c, "name": self.special(c).name,
                             "text": self.special(c).text} for c in self.hands.get(seat, [])]
            card = self.card(self.illuminati[seat])
            view["your_illuminati"] = {"name": card.name, "power": card.power,
                                       "transferable": card.transferable,
                                       "income": card.income, "abilities":
                                       [ability_text(a) for a in card.abilities]}
            view["your_goal"] = goal_text(self.goal_of(seat)) \
                if self.goals.get(seat) or card.goal.kind != "another" else None
        return view

    def suggest(self, seat: Seat, action: str, param: str,
                typed: Mapping[str, Any]) -> list[str]:
        """What a player may name where no prompt lists it (an offer typed at any time, an
        accusation): the card set's Specials by name ("any": one of their choice), its
        Illuminati. The set is public; nothing here says who holds what."""
        if (action, param) == ("offer", "take_card"):
            return ["any", *dict.fromkeys(sorted(s.name for s in self.cards.specials.values()))]
        if (action, param) == ("accuse", "illuminati"):
            return list(self.cards.illuminati)
        return []

    def describe(self, seat: Seat) -> list[str]:
        lines = [self.illuminati_words(seat)]
        if self.goals.get(seat) is not None:
            lines.append(f"Your chosen special goal: {goal_text(self.goal_of(seat))}.")
        lines.append(f"Basic Goal: control {self.goal_groups} Groups (you have "
                     f"{self.group_count(seat)}).")
        lines.append(self.hand_words(seat))
        for deal in self.offers:
            if seat in (deal["from"], deal["to"]):
                view = self.offer_view(deal, seat)
                lines.append(f"Offer {deal['id']} from {deal['from']} to {deal['to']}: "
                             f"{view['terms']}" + (f" ({view['cards']})" if "cards" in view
                                                   else "") + ".")
        if seat in self.out:
            lines.append("You are out of the game.")
        return lines
