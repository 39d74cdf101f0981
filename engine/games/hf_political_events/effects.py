"""What a drawn card does: its condition checked against the table (HF-2), and the event
resolved: a walk for bonus operations or the delegate step, the tally, the VP of Stability,
or the card's own text for the table to apply (`rules/high-frontier-political-events.md`)."""

from __future__ import annotations

from typing import Any

from engine.games.hf_political_events.cards import (
    ANARCHY_OR_WAR,
    CARD_TYPE,
    LAW,
    NO_ANARCHY_OR_WAR,
    OPPOSITE,
    CardId,
    CardType,
)
from engine.games.hf_political_events.decisions import HFDecisions


class HFEffects(HFDecisions):
    """A card's condition and its event."""

    def _condition(self, kind: CardType) -> tuple[bool, str]:
        if kind.condition == LAW:
            if self.law == kind.law:
                return True, f"{kind.law} is the Active Law"
            return False, f"{kind.law} is not the Active Law ({self._law_text()})"
        if kind.condition == NO_ANARCHY_OR_WAR:
            if self.anarchy or self.war:
                return False, f"{self._trouble_is()} in effect"
            return True, "there is no anarchy or war"
        if kind.condition == ANARCHY_OR_WAR:
            if self.anarchy or self.war:
                return True, f"{self._trouble_is()} in effect"
            return False, "there is no anarchy or war to end"
        return True, ""

    def _resolve(self, card: CardId, event: str) -> tuple[dict[str, Any], str]:
        """Apply an event that happens: the effect summary, and the announcement."""
        kind = CARD_TYPE[card]
        order = self._from_secgen()
        effect: dict[str, Any] = {"kind": kind.key, "event": event}
        if kind.bonus_op:
            effect.update(bonus_op=kind.bonus_op, walk=order, tally=kind.tally)
            self.stack.append({"kind": "walk", "purpose": "bonus", "card": card,
                               "order": order, "answers": [], "tally": kind.tally})
            text = (f"each player may perform only this bonus operation: {kind.bonus_op}. In "
                    f"turn order from the Sec-Gen: {', '.join(order)}; each answers /hf done "
                    "or /hf skip.")
            if kind.tally:
                text += " The vote is tallied only after everyone has finished."
            return effect, text
        if kind.family:
            ends = [k for k in ("anarchy", "war") if getattr(self, k)]
            walk = order if self.options["delegate_walk"] else []
            effect.update(delegates=kind.delegates, walk=walk, tally=True, ends=ends)
            text = f"each player {kind.delegates}, in turn order from the Sec-Gen: " \
                   f"{', '.join(order)}. Then the Sec-Gen tallies the vote, which ends the " \
                   f"{self._trouble_text()}."
            if walk:
                self.stack.append({"kind": "walk", "purpose": "delegates", "card": card,
                                   "order": order, "answers": [], "tally": True})
                text += " Each answers /hf done or /hf skip."
            else:
                self.stack.append({"kind": "tally", "card": card})
                text += f" {self.secgen}: /hf tally."
            return effect, text
        if kind.key == "stability":
            law = self.law
            gain = [s for s in order if law is not None and self.ideologies[s] == law]
            lose = [s for s in order if law is not None and law in OPPOSITE
                    and self.ideologies[s] == OPPOSITE[law]]
            effect.update(law=law, gain_2_vp=gain, lose_1_vp=lose)
            if law is None:
                return effect, "there is no Active Law, so nobody gains or loses VP."
            text = (f"every player whose ideology is {law} gains 2 VP"
                    f" ({', '.join(gain) or 'nobody'})")
            if law in OPPOSITE:
                text += (f"; every player whose ideology is {OPPOSITE[law]}, the opposite, "
                         f"loses 1 VP ({', '.join(lose) or 'nobody'}).")
            else:
                text += f"; {law} has no opposite ideology, so nobody loses VP."
            return effect, text
        if kind.key == "centrist":
            effect.update(pays_aqua=1, who="each player with a delegate in Centrist")
        elif kind.key == "honor":
            effect.update(gains_aqua_per="positive glory chit")
        elif kind.event == "sunspot-cycle":
            effect.update(sunspot=self.sunspot)
            where = f" (the cube is on space {self.sunspot})" if self.sunspot else ""
            return effect, ("apply the sunspot event of the current season" + where +
                            ", just as if the event die had rolled a 5 or 6.")
        text = kind.text
        if kind.condition == LAW:
            text = text.split(", ", 1)[1]  # drop the card's own "If X is the Active Law"
        return effect, text
