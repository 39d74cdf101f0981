"""Goals: the basic goal, the special goals, Hidden Goals and Hidden Illuminati.

Rulebook p. 8, "Winning the Game": the game ends when, at the end of a turn (anyone's), a
player meets one of their Goals; players who meet Goals at the same time share the victory.
The Basic Goal is the same for everyone: a number of Groups controlled, fixed by the number
of players at the start (reference C: 2-3 players 13, 4 players 12, 5 players 10, 6
players 9, 7 or more 8), unchanged when players leave or are eliminated. Whether the
Illuminati card counts toward it is the `illuminati_counts` option (off). The Special Goal
comes with the card set's Illuminati card (`cardset.GOALS`).

Advanced rules a moderator that keeps secrets can offer (options, off by default):
Hidden Goals (each player secretly chooses one of the set's special goals as their own,
ILL-12) and Hidden Illuminati (the Illuminati cards are dealt face down; accusations, ILL-13).
An Illuminati whose goal is `another` chooses, in secret at the start, another Illuminati's
goal.
"""

from __future__ import annotations

from typing import Any

from engine.decisions import Decision
from engine.errors import NotAllowed, Unreadable
from engine.events import Event, Seat, private, public
from engine.games.illuminati.cardset import ALIGNMENTS, Goal
from engine.games.illuminati.income import Income
from engine.games.illuminati.words import goal_text
from engine.spec import ActionSpec, Choice, Param, Prompt

BASIC_GOAL = {2: 13, 3: 13, 4: 12, 5: 10, 6: 9}
MOST_PLAYERS_GOAL = 8  # 7 or more players


def basic_goal(players: int) -> int:
    return BASIC_GOAL.get(players, MOST_PLAYERS_GOAL)


class Goals(Income):
    """Goals and the secrets that hide them."""

    # ----- which goal is whose ---------------------------------------------------

    def goal_of(self, seat: Seat) -> Goal:
        """The special goal `seat` plays for: its chosen one (Hidden Goals, or an
        Illuminati whose goal is another's), else its Illuminati's."""
        chosen = self.goals.get(seat)
        if chosen is not None:
            return self.card(chosen).goal
        return self.card(self.illuminati[seat]).goal

    def needs_choice(self, seat: Seat) -> bool:
        """Does `seat` choose a goal at the start (and is there one to choose)?"""
        wants = bool(self.options["hidden_goals"]) or \
            self.card(self.illuminati[seat]).goal.kind == "another"
        return wants and bool(self.goal_choices(seat))

    def goal_choices(self, seat: Seat) -> list[str]:
        """The Illuminati of the set whose goals may be chosen: every goal but `another`
        and none; with Hidden Goals any of them, otherwise another Illuminati's."""
        own = self.illuminati[seat]
        return [name for name, card in self.cards.illuminati.items()
                if card.goal.kind not in ("another", "none")
                and (self.options["hidden_goals"] or name != own)]

    def goal_decisions(self, entry: dict[str, Any]) -> list[Decision]:
        decisions = []
        for seat in entry["awaiting"]:
            # The Illuminati's name first: a menu cuts a long label at its end.
            choices = tuple(Choice(name, f"{name}: {goal_text(self.card(name).goal)}")
                            for name in self.goal_choices(seat))
            prompt = Prompt(seat, "Choose your special goal, in secret.", (
                ActionSpec("choose-goal", params=(Param("goal", choices),)),))
            decisions.append(Decision(prompt, ("choose-goal", {"goal": choices[0].value})))
        return decisions

    def choose_goal(self, seat: Seat, goal: str) -> list[Event]:
        top = self.stack[-1] if self.stack else None
        if top is None or top["kind"] != "choose-goal" or seat not in top["awaiting"]:
            raise NotAllowed("You have no goal to choose now.")
        if goal not in self.goal_choices(seat):
            raise Unreadable(f"{goal} is not one of the goals you may choose.")
        top["awaiting"].remove(seat)
        self.goals[seat] = goal
        return [public("goal_chosen", f"{seat} has chosen a goal, in secret.", seat=seat),
                private(seat, "your_goal", f"Your special goal: "
                        f"{goal_text(self.card(goal).goal)}.", goal=goal)]

    # ----- meeting goals -------------------------------------------------------

    def group_count(self, seat: Seat) -> int:
        count = len(self.groups_of(seat))
        return count + 1 if self.options["illuminati_counts"] and seat not in self.out \
            else count

    def meets_special(self, seat: Seat) -> bool:
        goal = self.goal_of(seat)
        groups = [self.card(g) for g in self.groups_of(seat)]
        own = self.card(self.illuminati[seat])
        kind = goal.kind
        if kind == "power":
            return sum(g.power for g in groups) + (own.power if goal.illuminati else 0) \
                >= goal.minimum
        if kind == "transferable":
            return sum(g.transferable for g in groups) + own.transferable >= goal.minimum
        if kind == "alignment":
            return sum(1 for g in groups if goal.alignment in g.alignments) >= goal.minimum
        if kind == "every-alignment":
            return all(any(a in g.alignments for g in groups) for a in ALIGNMENTS)
        if kind == "treasury":
            return sum(self.treasury(c) for c in self.controlled(seat)) >= goal.minimum
        if kind == "destroyed":
            return self.destroyed.get(seat, 0) >= goal.minimum
        return False

    def goals_met(self, seat: Seat) -> list[str]:
        """The goals `seat` meets now, in words."""
        met = []
        if self.group_count(seat) >= self.goal_groups:
            met.append(f"the Basic Goal ({self.goal_groups} Groups)")
        if self.meets_special(seat):
            met.append(f"the special goal: {goal_text(self.goal_of(seat))}")
        return met

    def check_victory(self) -> list[Event]:
        """At the end of a turn: everyone who meets a goal wins, together."""
        winners = {s: m for s in self.alive() if (m := self.goals_met(s))}
        if not winners:
            return []
        return self.victory(winners)

    def victory(self, winners: dict[Seat, list[str]]) -> list[Event]:
        events: list[Event] = []
        for seat in winners:
            events += self.reveal(seat, "the game is over")
        self.finish(list(winners))
        lines = "; ".join(f"{s} meets {' and '.join(m)}" for s, m in winners.items())
        shared = " They share the victory." if len(winners) > 1 else ""
        return events + [public("game_over", f"{lines}.{shared} {NOTICE_END}",
                                winners=list(winners))]

    # ----- Hidden Illuminati: accusations ---------------------------------------

    def accusable(self, seat: Seat) -> list[Seat]:
        return [s for s in self.others(seat) if self.hidden(s)]

    def accuse(self, seat: Seat, player: str, illuminati: str) -> list[Event]:
        """ILL-13: as an action on your turn, name another player's hidden Illuminati; if
        you are right, their card is turned face up."""
        if not self.options["hidden_illuminati"]:
            raise NotAllowed("Accusations are part of the Hidden Illuminati rules, not used "
                             "in this game.")
        if player not in self.accusable(seat):
            raise NotAllowed(f"{player} has no hidden Illuminati for you to accuse.")
        if illuminati not in self.cards.illuminati:
            raise Unreadable(f"There is no Illuminati {illuminati!r} in this card set.")
        self.need_quiet("accuse")
        self.use_action(seat, "accuse")
        if self.illuminati[player] == illuminati:
            return [public("accused", f"{seat} accuses {player} of being {illuminati}: right!",
                           seat=seat, player=player, right=True)] + \
                self.reveal(player, f"{seat}'s accusation")
        return [public("accused", f"{seat} accuses {player} of being {illuminati}: wrong.",
                       seat=seat, player=player, right=False)]


NOTICE_END = "(Croupier is an unofficial aid, not affiliated with Steve Jackson Games.)"
