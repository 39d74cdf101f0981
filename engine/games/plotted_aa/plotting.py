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

import re
from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.aa.units import POWERS, Power, describe_units
from engine.errors import NotAllowed, RuleError, Unreadable
from engine.events import Event, Seat, private
from engine.games.plotted_aa.base import EXECUTE, PlottedBase
from engine.games.plotted_aa.commitment import canonical_plot, commit, draw_salt
from engine.games.plotted_aa.form import (
    BUILD,
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

    def _replace_plot(self, power: Power, actions: list[Action], note: str = "",
                      read: str = "") -> list[Event]:
        """Check a changed plot (gaps allowed while writing), keep it, answer with what was
        read (`read`: the row as the bot understood it, corrected spellings named) and the
        sheet (headed by both, and by `note`: what the change did that the player may not
        expect)."""
        if self.submitted.get(power):
            raise NotAllowed(f"{power} has submitted its plot: it can't change this turn.")
        result = self.check(power, actions)
        errors = [e for e in result.errors if _GAP not in e]
        if errors:
            raise NotAllowed(" ".join(errors))
        self.plots[power] = sorted(actions, key=lambda a: a.round)
        said = " ".join(t for t in (read, f"Your last change: {note}" if note else "") if t)
        if said:
            self.plot_notes[power] = said
        else:
            self.plot_notes.pop(power, None)
        events = [self.sheet_event(power)]
        if read:  # after the sheet, which repeats it (the bot takes both out of "You chose")
            events.append(private(power, "plot_read", said))
        return events

    def sheet(self, power: Power, *, orders: bool = True) -> str:
        """The plot sheet: the plot by round in words, waits and gaps marked, and (unless
        `orders` is False) the power's standing orders."""
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
        if orders:
            lines += self.standing_lines(power)
        return "\n".join(line for line in lines if line)

    def standing_lines(self, power: Power) -> list[str]:
        """The power's standing orders, as its sheet shows them (`orders.py`)."""
        return []

    def sheet_event(self, power: Power) -> Event:
        """The sheet, to its power alone. It carries no copy of the plot as data: every plot
        change stores its events, and the sheet's words (with the form) already say it all."""
        return private(power, "plot_sheet", self.sheet(power))

    # ----- the actions ----------------------------------------------------------

    def do_plot_move(self, seat: Seat, rng: Rng, round: int, units: str, from_area: str,
                     to: str, via: str | None = None, pickup: str | None = None,
                     notes: str | None = None, again: str | None = None) -> list[Event]:
        """One row of the form. `notes` is the form's Notes column ("via E Eur; +t from S
        Eur"), `via` and `pickup` two of its notes typed apart. `again` answers the question
        a row asks when it takes units another action of the plot already moves from the
        same area ("replace": it is that row typed again; "add": more units will be there)."""
        _check_round(round)
        written = [n.strip() for n in (notes or "").split(";") if n.strip()]
        answer = _again(again)
        for note in list(written):
            if (asked := _AGAIN_NOTE.fullmatch(note)) is not None:
                answer = _again(asked["answer"])
                written.remove(note)
        if via:
            written.append(via if "via" in via.lower() else f"via {via}")
        if pickup:
            written.append(pickup if pickup.strip().startswith("+") else f"+{pickup.strip()}")
        corrected: list[tuple[str, str]] = []
        line = "\t".join([str(round), to, units, from_area, "; ".join(written)])
        parsed = _one_action(line, self._reader(corrected))
        source = parsed.sources[0]
        assert parsed.area is not None
        if self.board.is_sea(source.area) and self.board.is_land(parsed.area):
            source = Source(source.area, source.units, source.via, source.pickups, True)
        plot = list(self.plots[seat])
        same = next((a for a in plot if a.round == round), None)
        said: list[str] = []
        if same is not None and not (same.kind == MOVE and same.area == parsed.area):
            raise NotAllowed(f"Round {round} already has an action ("
                             f"{describe_action(same)[len(f'Round {round}: '):]}) Remove it "
                             "first, or choose another round: one action a round.")
        self._refuse_errors(seat, _with_row(plot, round, parsed.area, source)[0])
        plot, gave = self._typed_again(seat, plot, round, source, answer)
        said += gave
        plot, note = _with_row(plot, round, parsed.area, source)
        if note:
            said.append(note)
        read = describe_action(Action(round, MOVE, parsed.area, (source,)))
        return self._replace_plot(seat, plot, " ".join(said),
                                  read=_read_as(read, corrected))

    def _refuse_errors(self, power: Power, actions: list[Action]) -> None:
        """Refuse a plot the rules could never accept, saying why (gaps are allowed while
        a plot is written)."""
        errors = [e for e in self.check(power, actions).errors if _GAP not in e]
        if errors:
            raise NotAllowed(" ".join(errors))

    def _reader(self, corrected: list[tuple[str, str]]) -> Callable[[str], str]:
        """The area reader of this board, noting each name read by correcting its spelling."""
        def read(text: str) -> str:
            return self.names.find(text, corrected=corrected)
        return read

    def _typed_again(self, power: Power, plot: list[Action], round_number: int,
                     row: Source, answer: str | None) -> tuple[list[Action], list[str]]:
        """A row taking units that another action of the plot already moves from the same
        area, more than the power has there (with what is plotted to arrive): most likely
        that row typed again with another round or destination. Never silently added: asked
        (refused with the question), "replace" takes those units off the earlier rows, "add"
        keeps both (more units will be there by then: "Plotting 'Invalid' Moves")."""
        if row.units is None or answer == "add":
            return plot, []
        clashes = [(a, s) for a in plot for s in a.sources
                   if a.round != round_number and s.area == row.area
                   and s.from_transport == row.from_transport
                   and (s.units is None or set(s.units) & set(row.units))]
        if not clashes:
            return plot, []
        have = self.pos.cargo_of(row.area, power) if row.from_transport \
            else self.pos.units_of(row.area, power)
        arriving: dict[str, int] = {}
        for action in plot:
            if action.kind == MOVE and action.area == row.area:
                for source in action.sources:
                    for kind, n in (source.units or self.pos.units_of(source.area,
                                                                       power)).items():
                        arriving[kind] = arriving.get(kind, 0) + n
            elif action.kind == BUILD and action.area == row.area:
                for kind, n in action.build.items():
                    arriving[kind] = arriving.get(kind, 0) + n
        over = False
        for kind, n in row.units.items():
            taken = sum((s.units or have).get(kind, 0) for _, s in clashes)
            if taken + n > have.get(kind, 0) + arriving.get(kind, 0):
                over = True
        if not over:
            return plot, []
        earlier = "; ".join(f"round {a.round} moves {_what(s.units)} from {s.area} "
                            f"(into {a.area})" for a, s in clashes)
        if answer != "replace":
            raise NotAllowed(
                f"Already in your plot: {earlier}. Is this the same row typed again? Plot it "
                "again with again: replace (the earlier row gives those units up), or with "
                f"again: add if more units will be in {row.area} by round {round_number}. In "
                "the form, write \"again: replace\" or \"again: add\" in the Notes.")
        out: list[Action] = []
        for action in plot:
            if action.round == round_number or action.kind != MOVE:
                out.append(action)
                continue
            sources = []
            for source in action.sources:
                if source.area == row.area and source.from_transport == row.from_transport:
                    left = None if source.units is None else {
                        k: n for k, n in source.units.items() if k not in row.units}
                    if source.units is None or not left:
                        continue
                    source = Source(source.area, left, source.via, source.pickups,
                                    source.from_transport)
                sources.append(source)
            if sources:
                out.append(Action(action.round, action.kind, action.area, tuple(sources),
                                  action.build, action.notes))
        gone = [a.round for a in plot if a.round != round_number
                and a.round not in {b.round for b in out}]
        said = [f"Typed again: {earlier} gave up {_what(row.units)} to round {round_number}."]
        if gone:
            said.append(f"Round{'s' if len(gone) > 1 else ''} "
                        f"{', '.join(map(str, gone))} had nothing left and "
                        f"{'were' if len(gone) > 1 else 'was'} removed.")
        return out, said

    def do_plot_build(self, seat: Seat, rng: Rng, round: int, factory: str,
                      units: str) -> list[Event]:
        _check_round(round)
        corrected: list[tuple[str, str]] = []
        action = _one_action("\t".join([str(round), factory, units, "build", ""]),
                             self._reader(corrected))
        return self._add(seat, action, corrected)

    def do_plot_noop(self, seat: Seat, rng: Rng, round: int) -> list[Event]:
        _check_round(round)
        if not self.options["noop"]:
            raise NotAllowed("This game doesn't use the NOOP option.")
        return self._add(seat, Action(round, NOOP))

    def _add(self, power: Power, action: Action,
             corrected: list[tuple[str, str]] | None = None) -> list[Event]:
        same = next((a for a in self.plots[power] if a.round == action.round), None)
        if same is not None:
            raise NotAllowed(f"Round {action.round} already has an action: remove it first, "
                             "or choose another round: one action a round.")
        return self._replace_plot(power, [*self.plots[power], action],
                                  read=_read_as(describe_action(action), corrected or []))

    def do_plot_remove(self, seat: Seat, rng: Rng, round: int) -> list[Event]:
        _check_round(round)
        plot = [a for a in self.plots[seat] if a.round != round]
        if len(plot) == len(self.plots[seat]):
            raise NotAllowed(f"Round {round} has no action to remove.")
        gone = next(a for a in self.plots[seat] if a.round == round)
        return self._replace_plot(seat, plot, read=f"Removed: {describe_action(gone)}")

    def do_plot_clear(self, seat: Seat, rng: Rng) -> list[Event]:
        return self._replace_plot(seat, [], read="Cleared: your plot is empty.")

    def do_plot_paste(self, seat: Seat, rng: Rng, text: str) -> list[Event]:
        actions: list[Action] = []
        notes: list[str] = []
        corrected: list[tuple[str, str]] = []
        for action in parse_form(text, resolve=self._reader(corrected)):
            merged, said = merge_rows(_unloads_marked(self, action))
            actions.append(merged)
            notes += said
        rows = sum(max(1, len(a.sources)) for a in actions)
        read = (f"Read {len(actions)} action{'s' if len(actions) != 1 else ''} "
                f"({rows} row{'s' if rows != 1 else ''}): "
                + " ".join(describe_action(a) for a in sorted(actions, key=lambda a: a.round)))
        return self._replace_plot(seat, actions, " ".join(notes),
                                  read=_read_as(read, corrected))

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
        events = [self.say("execution", f"Turn {self.turn}: every power has submitted. The "
                           "Execution Phase begins.")] + self.next_round(rng)
        return events + self.settle(rng)

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


def _one_action(line: str, resolve: Callable[[str], str]) -> Action:
    try:
        actions = parse_form(line, resolve=resolve)
    except FormError as exc:
        raise Unreadable(exc.message.split(": ", 1)[-1]) from None
    except RuleError:
        raise
    return actions[0]


def _with_row(plot: list[Action], round_number: int, area: str,
              row: Source) -> tuple[list[Action], str]:
    """The plot with a move's row added (to the round's move into the same area, as the
    Karelia example adds sources, or as a new action), and what that did in words."""
    out = list(plot)
    same = next((a for a in out if a.round == round_number), None)
    if same is None:
        return [*out, Action(round_number, MOVE, area, (row,))], ""
    out.remove(same)
    sources, note = add_row(same.sources, row)
    out.append(Action(round_number, MOVE, area, sources, {}, same.notes))
    return out, f"Round {round_number}: {note}" if note else ""


_AGAIN_NOTE = re.compile(r"again\s*[:=]?\s*(?P<answer>\w+)", re.IGNORECASE)


def _again(answer: str | None) -> str | None:
    """`again` in players' words: "replace" (or "yes", "same"), "add" (or "no", "more")."""
    if answer is None or not answer.strip():
        return None
    word = answer.strip().lower()
    if word in ("replace", "replaces", "yes", "same", "move", "moved"):
        return "replace"
    if word in ("add", "adds", "no", "more", "also", "both"):
        return "add"
    raise Unreadable(f"again: say replace (the same units typed again) or add (more units), "
                     f"not {answer.strip()[:20]!r}.")


def _what(units: Mapping[str, int] | None) -> str:
    return "all units" if units is None else describe_units(units)


def _read_as(read: str, corrected: Sequence[tuple[str, str]]) -> str:
    """What a plot command read, in words, naming each spelling it corrected."""
    text = f"Read as: {read}"
    fixed = list(dict.fromkeys(f"{typed!r} read as {area}" for typed, area in corrected))
    if fixed:
        text += " (" + "; ".join(fixed) + ")"
    return text


def _unloads_marked(game: PlottedBase, action: Action) -> Action:
    """A row moving units from a sea zone onto land leaves a transport, said or not."""
    if action.kind != MOVE or action.area is None or not game.board.is_land(action.area):
        return action
    sources = tuple(Source(s.area, s.units, s.via, s.pickups, True)
                    if game.board.is_sea(s.area) else s for s in action.sources)
    return Action(action.round, action.kind, action.area, sources, action.build, action.notes)
