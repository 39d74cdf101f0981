"""The Plot Phase: every power writes its plot in secret, then submits it.

Every change answers the power privately with its plot sheet (the plot by round, in words,
with the actions that "may become valid by their round" marked), so a player always sees
what the bot holds. A change the rulebook could never accept (a second move into an area,
two NOOPs in a row, a fighter with nowhere to land...) is refused, saying why; a gap in the
rounds is allowed while writing (it is marked) and refused at submit. Nothing of a plot goes
into a public event: the channel learns only that a power submitted, and the digest of its
commitment.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

from engine.aa.units import POWERS, Power
from engine.errors import NotAllowed, RuleError, Unreadable
from engine.events import Event, Seat, private
from engine.games.plotted_aa.base import EXECUTE, PlottedBase
from engine.games.plotted_aa.commitment import canonical_plot, commit, draw_salt
from engine.games.plotted_aa.form import (
    MOVE,
    NOOP,
    Action,
    FormError,
    Source,
    add_row,
    describe_action,
    format_form,
    merge_rows,
    parse_form,
    round_refusal,
)
from engine.games.plotted_aa.odds import sheet_odds
from engine.games.plotted_aa.plotcheck import PlotCheck, check_plot
from engine.rng import Rng

_GAP = "without skipping a number"


class Plotting(PlottedBase):
    """`plot-move`, `plot-build`, `plot-noop`, `plot-remove`, `plot-clear`, `plot-paste`,
    `plot-submit` and the `plot-sheet` query."""

    def check(self, power: Power, actions: Sequence[Action]) -> PlotCheck:
        return check_plot(self.board, self.pos, power, actions, noop=bool(self.options["noop"]),
                          rules=self.move_rules,
                          placement_cap=self.economy_rules.placement_cap)

    def _replace_plot(self, power: Power, actions: list[Action], note: str = "") -> list[Event]:
        """Check a changed plot (gaps allowed while writing), keep it, answer with the sheet
        (headed by `note`: what the change did that the player may not expect)."""
        if self.submitted.get(power):
            raise NotAllowed(f"{power} has submitted its plot: it can't change this turn.")
        result = self.check(power, actions)
        errors = [e for e in result.errors if _GAP not in e]
        if errors:
            raise NotAllowed(" ".join(errors))
        self.plots[power] = sorted(actions, key=lambda a: a.round)
        if note:
            self.plot_notes[power] = f"Your last change: {note}"
        else:
            self.plot_notes.pop(power, None)
        return [self.sheet_event(power)]

    def sheet(self, power: Power) -> str:
        """The plot sheet: the plot by round in words, waits and gaps marked."""
        plot = self.plots.get(power, [])
        state = "submitted" if self.submitted.get(power) else "not submitted yet"
        lines = [f"{power}'s plot for turn {self.turn} ({state}):"]
        if self.plot_notes.get(power):
            lines.append(self.plot_notes[power])
        if not plot:
            lines.append("No actions plotted: every unit stays where it is and defends.")
        result = self.check(power, plot)
        for action in plot:
            line = describe_action(action)
            waits = result.waits.get(action.round)
            if waits:
                line += " [may become valid by its round: " + "; ".join(waits) + "]"
            lines.append(line)
        for error in result.errors:
            lines.append(f"To fix before submitting: {error}")
        lines += sheet_odds(self, power, plot)  # each plotted attack's odds now (odds.py)
        lines.append("As a form:\n" + format_form(plot) if plot else "")
        return "\n".join(line for line in lines if line)

    def sheet_event(self, power: Power) -> Event:
        """The sheet, to its power alone. It carries no copy of the plot as data: every plot
        change stores its events, and the sheet's words (with the form) already say it all."""
        return private(power, "plot_sheet", self.sheet(power))

    # ----- the actions ----------------------------------------------------------

    def do_plot_move(self, seat: Seat, rng: Rng, round: int, units: str, from_area: str,
                     to: str, via: str | None = None, pickup: str | None = None) -> list[Event]:
        _check_round(round)
        notes = []
        if via:
            notes.append(via if "via" in via.lower() else f"via {via}")
        if pickup:
            notes.append(pickup if pickup.strip().startswith("+") else f"+{pickup.strip()}")
        line = "\t".join([str(round), to, units, from_area, "; ".join(notes)])
        parsed = _one_action(line)
        source = parsed.sources[0]
        assert parsed.area is not None
        if self.board.is_sea(source.area) and self.board.is_land(parsed.area):
            source = Source(source.area, source.units, source.via, source.pickups, True)
        plot = list(self.plots[seat])
        same = next((a for a in plot if a.round == round), None)
        note = ""
        if same is not None and same.kind == MOVE and same.area == parsed.area:
            plot.remove(same)
            sources, note = add_row(same.sources, source)
            plot.append(Action(round, MOVE, parsed.area, sources, {}, same.notes))
            if note:
                note = f"Round {round}: {note}"
        elif same is not None:
            raise NotAllowed(f"Round {round} already has an action ("
                             f"{describe_action(same)[len(f'Round {round}: '):]}) Remove it "
                             "first, or choose another round: one action a round.")
        else:
            plot.append(Action(round, MOVE, parsed.area, (source,)))
        return self._replace_plot(seat, plot, note)

    def do_plot_build(self, seat: Seat, rng: Rng, round: int, factory: str,
                      units: str) -> list[Event]:
        _check_round(round)
        action = _one_action("\t".join([str(round), factory, units, "build", ""]))
        return self._add(seat, action)

    def do_plot_noop(self, seat: Seat, rng: Rng, round: int) -> list[Event]:
        _check_round(round)
        if not self.options["noop"]:
            raise NotAllowed("This game doesn't use the NOOP option.")
        return self._add(seat, Action(round, NOOP))

    def _add(self, power: Power, action: Action) -> list[Event]:
        same = next((a for a in self.plots[power] if a.round == action.round), None)
        if same is not None:
            raise NotAllowed(f"Round {action.round} already has an action: remove it first, "
                             "or choose another round: one action a round.")
        return self._replace_plot(power, [*self.plots[power], action])

    def do_plot_remove(self, seat: Seat, rng: Rng, round: int) -> list[Event]:
        _check_round(round)
        plot = [a for a in self.plots[seat] if a.round != round]
        if len(plot) == len(self.plots[seat]):
            raise NotAllowed(f"Round {round} has no action to remove.")
        return self._replace_plot(seat, plot)

    def do_plot_clear(self, seat: Seat, rng: Rng) -> list[Event]:
        return self._replace_plot(seat, [])

    def do_plot_paste(self, seat: Seat, rng: Rng, text: str) -> list[Event]:
        actions: list[Action] = []
        notes: list[str] = []
        for action in parse_form(text, resolve=self.area):
            merged, said = merge_rows(_unloads_marked(self, action))
            actions.append(merged)
            notes += said
        return self._replace_plot(seat, actions, " ".join(notes))

    def do_plot_submit(self, seat: Seat, rng: Rng, as_it_stands: bool = False) -> list[Event]:
        """Submit: the plot is fixed, and its commitment published.

        A plot that breaks a rule (a gap in its rounds, two NOOPs in a row) is refused: it is
        never submitted. `as_it_stands` is the Plot Phase's time limit (the deadline's
        answer; no prompt offers it): the plot is taken as written, made legal as `legal_plot`
        says (rounds closed up, a second NOOP in a row left out), and the power told so."""
        if self.submitted.get(seat):
            raise NotAllowed(f"{seat} has submitted already.")
        result = self.check(seat, self.plots[seat])
        self.plot_notes.pop(seat, None)
        if result.errors:
            if not as_it_stands:
                raise NotAllowed("Fix the plot before submitting: " + " ".join(result.errors))
            self.plots[seat], changes = self.legal_plot(seat, self.plots[seat])
            self.plot_notes[seat] = ("The Plot Phase's time limit took your plot as it stood, "
                                     "made legal: " + "; ".join(changes) + ".")
        salt = draw_salt(rng)
        digest = commit(canonical_plot(self.plots[seat]), salt)
        self.submitted[seat] = True
        self.salts[seat] = salt
        self.digests[seat] = digest
        events = [self.say("plot_submitted", f"{seat} has submitted its plot. Commitment "
                           f"(sha256 of salt and plot, checkable after the turn): {digest}",
                           power=seat, digest=digest),
                  self.sheet_event(seat)]
        if all(self.submitted.get(p) for p in POWERS):
            events += self.begin_execution(rng)
        return events

    def legal_plot(self, power: Power, actions: Sequence[Action]) -> tuple[list[Action],
                                                                           list[str]]:
        """The plot a power wrote, made legal for the time limit (decision D-1): its actions
        in the order of their rounds, renumbered 1, 2, 3... (a gap closes up, the later
        actions keeping their order), each kept only if the plot stays legal with it (a NOOP
        right after a NOOP is left out). Returns the plot and the changes in words."""
        kept: list[Action] = []
        changes: list[str] = []
        for action in sorted(actions, key=lambda a: a.round):
            moved = Action(len(kept) + 1, action.kind, action.area, action.sources,
                           action.build, action.notes)
            if self.check(power, [*kept, moved]).errors:
                what = "a NOOP" if action.kind == NOOP else "its action"
                changes.append(f"round {action.round}'s {what} left out")
                continue
            if moved.round != action.round:
                changes.append(f"round {action.round} is now round {moved.round}")
            kept.append(moved)
        return kept, changes or ["nothing to change"]

    def do_plot_sheet(self, seat: Seat, rng: Rng) -> list[Event]:
        return [self.sheet_event(seat)]

    def begin_execution(self, rng: Rng) -> list[Event]:
        self.stage = EXECUTE
        self.round = 0
        return [self.say("execution", f"Turn {self.turn}: every power has submitted. The "
                         "Execution Phase begins.")] + self.next_round(rng)

    @abstractmethod
    def next_round(self, rng: Rng) -> list[Event]:
        """Reveal the next round's actions (the execution mixin)."""

    def plot_timeout(self) -> list[tuple[Seat, str, dict[str, Any]]]:
        return [(p, "plot-submit", {"as_it_stands": True}) for p in POWERS
                if not self.submitted.get(p)]


def _check_round(number: int) -> None:
    """Refuse, in the rulebook's words, a round no plot can have (0, -2, 10**6)."""
    refusal = round_refusal(number)
    if refusal is not None:
        raise NotAllowed(refusal)


def _one_action(line: str) -> Action:
    try:
        actions = parse_form(line)
    except FormError as exc:
        raise Unreadable(exc.message.split(": ", 1)[-1]) from None
    except RuleError:
        raise
    return actions[0]


def _unloads_marked(game: PlottedBase, action: Action) -> Action:
    """A row moving units from a sea zone onto land leaves a transport, said or not."""
    if action.kind != MOVE or action.area is None or not game.board.is_land(action.area):
        return action
    sources = tuple(Source(s.area, s.units, s.via, s.pickups, True)
                    if game.board.is_sea(s.area) else s for s in action.sources)
    return Action(action.round, action.kind, action.area, sources, action.build, action.notes)
