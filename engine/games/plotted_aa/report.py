"""The turn report, and each power's digest, once the Execution Phase is over.

Played over days, a turn's payoff is scattered over dozens of posts. When the last round
ends the channel gets the turn in one place: each power's plot in words with what became of
each action (executed; with the units its owner named; in part, and what held the rest;
blocked, and by what; passed; a NOOP), whether standing orders took the decision, and the
check of all five commitments (the plot and salt just published give the digest posted at
submit). Each power also gets, privately, what happened to it since its last decision (its
losses, the territories it took and lost) and what it must decide next. The deadline of
that next question is the bot's to say: the digest's event carries `add_deadline` (True),
asking the bot to add the due time of the seat's next question when it knows it.

Since its last decision: a power's holdings are noted whenever it acts itself (any
prompted action; not a standing order, nor the free and hidden ones), in `ledger`.
"""

from __future__ import annotations

from typing import Any

from engine.aa.names import one_full_stop
from engine.aa.units import FACTORY, POWERS, Counts, Power, add, describe_units
from engine.events import Event, Seat, private
from engine.games.plotted_aa.base import PACES, STAGE_NAMES
from engine.games.plotted_aa.commitment import verify_commitment
from engine.games.plotted_aa.form import describe_action
from engine.games.plotted_aa.orders import StandingOrders

#: What became of an action, in the report's words.
STATUS = {"executed": "executed as plotted",
          "chosen": "executed with the units its owner named",
          "in part": "executed in part",
          "blocked": "blocked",
          "passed": "passed",
          "noop": "no operation"}
LONGEST_POST = 1800  # one event's text stays within one chat message


class Reports(StandingOrders):
    """`turn_report` (the channel's and each power's), and the ledger it reads."""

    # ----- what each power held at its last decision ---------------------------------

    def _check(self, seat: Seat, action: str, params: dict[str, Any]) -> Any:
        """A power's own decision (a prompted action) notes what it holds, for its digest."""
        handler = super()._check(seat, action, params)
        if action in self.free_actions or action in self.queries:
            return handler

        def decided(seat: Seat, rng: Any, **given: Any) -> list[Event]:
            self.note_decision(seat)
            events: list[Event] = handler(seat, rng, **given)
            return events
        return decided

    def note_decision(self, power: Power) -> None:
        where = STAGE_NAMES.get(self.stage, self.stage)
        if self.stage == "execute" and self.round:
            where += f", round {self.round}"
        self.ledger[power] = {"units": self.holdings(power), "built": {},
                              "areas": self.territories(power),
                              "when": f"turn {self.turn}, {where}"}

    def note_built(self, power: Power, units: Counts) -> None:
        entry = self.ledger.get(power)
        if entry is not None:
            entry["built"] = add(entry["built"], {k: n for k, n in units.items()
                                                  if k != FACTORY})

    def holdings(self, power: Power) -> Counts:
        """Every unit of `power` on the board and aboard its transports (complexes aside:
        they change hands with their territory)."""
        out: Counts = {}
        for area in self.pos.units:
            out = add(out, {k: n for k, n in self.pos.units_of(area, power).items()
                            if k != FACTORY})
        for zone in self.pos.cargo:
            out = add(out, self.pos.cargo_of(zone, power))
        return out

    def territories(self, power: Power) -> list[str]:
        return sorted(a for a in self.board.land if self.pos.controller(a) == power)

    # ----- the report ---------------------------------------------------------------

    def turn_report(self) -> list[Event]:
        """The channel's report (one post per power, then the commitments) and each
        power's private digest."""
        turn = self.turn
        events = [self.say("turn_report", f"Turn {turn}'s report: each power's plot and what "
                           "became of each action.", turn=turn)]
        for power in POWERS:
            for text in _posts(self.plot_report(power)):
                events.append(self.say("turn_report", text, turn=turn, power=power))
        checks = {p: verify_commitment(d.get("plot", ""), d.get("salt", ""),
                                       d.get("digest", ""))
                  for p, d in self.disclosed.items()}
        words = ", ".join(f"{p} {'matches' if ok else 'DOES NOT MATCH'}"
                          for p, ok in checks.items())
        events.append(self.say("turn_report", f"Commitments: each power's plot and salt, "
                               f"published now, against the digest posted at submit: "
                               f"{words}. (/paa verify checks them against the channel's "
                               "posts, and attaches them.)", turn=turn, checks=checks))
        return events + [self.digest(power) for power in POWERS]

    def plot_report(self, power: Power) -> list[str]:
        """A power's plot, action by action, with what became of each."""
        plot = sorted(self.plots.get(power, []), key=lambda a: a.round)
        if not plot:
            return [f"{power} plotted nothing: its units stayed where they were and defended."]
        lines = [f"{power}:"]
        outcomes = {o["round"]: o for o in self.outcomes.get(power, [])}
        for action in plot:
            outcome = outcomes.get(action.round)
            if outcome is not None and outcome["status"] == "noop":
                lines.append(f"- {describe_action(action)}")
                continue
            if outcome is None:
                fate = "not revealed"
            else:
                fate = STATUS.get(outcome["status"], outcome["status"])
                if outcome.get("by_orders"):
                    fate += " by standing orders"
                if outcome.get("why"):
                    fate += f": {outcome['why']}"
            lines.append(one_full_stop(f"- {describe_action(action)} \N{EM DASH} {fate}."))
        return lines

    def digest(self, power: Power) -> Event:
        """What happened to `power` since its last decision, and what it decides next."""
        lines = [f"Turn {self.turn}'s Execution Phase is over."]
        entry = self.ledger.get(power)
        if entry is not None:
            then = add(entry["units"], entry["built"])
            now = self.holdings(power)
            lost = {k: n - now.get(k, 0) for k, n in then.items() if n > now.get(k, 0)}
            held_then, held_now = set(entry["areas"]), set(self.territories(power))
            took, gave = sorted(held_now - held_then), sorted(held_then - held_now)
            happened = [f"you lost {describe_units(lost)}" if lost else "you lost no unit"]
            if took:
                happened.append(f"you took {', '.join(took)}")
            if gave:
                happened.append(f"you lost {', '.join(gave)}")
            lines.append(f"Since your last decision ({entry['when']}): "
                         + "; ".join(happened) + ".")
        upcoming = self.next_for(power)
        lines.append(f"Next for you: {upcoming}")
        return private(power, "turn_digest", " ".join(lines), power=power, next=upcoming,
                       add_deadline=True)

    def next_for(self, power: Power) -> str:
        """The power's next question after the Execution Phase, and how long it will have."""
        limit = _hours(int(self.options["reveal_minutes"]) * 60
                       or PACES[str(self.options["pace"])][1])
        if self.can_final_build(power):
            before = [p for p in POWERS[:POWERS.index(power)] if self.can_final_build(p)]
            after = f", after {', '.join(before)}" if before else ""
            return (f"the Final Build Phase: you may build "
                    f"{describe_units(self.unbuilt.get(power, {}))} (plotted and not built) at "
                    f"an original factory{after}; {limit} to answer once it is asked.")
        ahead = self.ahead.get(power)
        if ahead is not None and ahead.get("turn") == self.turn + 1:
            return (f"turn {self.turn + 1}'s plot (Develop Weapons is answered ahead: "
                    f"{ahead['dice'] or 'no'} research dice).")
        return (f"turn {self.turn + 1}'s Develop Weapons Phase (in turn order; {limit} to "
                "answer once it is asked), then your plot.")


def _hours(seconds: int) -> str:
    if seconds % 3600 == 0:
        hours = seconds // 3600
        return f"{hours} hour{'s' if hours != 1 else ''}"
    minutes = seconds // 60
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def _posts(lines: list[str]) -> list[str]:
    """Lines joined into texts that each fit one chat message."""
    out: list[str] = []
    for line in lines:
        line = line[:LONGEST_POST]
        if out and len(out[-1]) + len(line) + 1 <= LONGEST_POST:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out
