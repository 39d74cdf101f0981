"""The plot form: a power's orders for a turn, as the rulebook writes them, and back.

A plot is a list of actions, each with a round number (Plotted A&A, "Plot Phase"):

- a **move** into one area, from one or more areas ("One movement action consists of moving
  1 or more units from 1 or more areas into a *single* land or sea area"), each source with
  its units, the area a tank or ship moves through ("Via E Eur", "t via F E Afr"), the units
  a transport picks up on its way ("+t from S Eur", "+2 i from Japan"), or the units leaving
  a transport ("from trn");
- a **build** at one factory ("6t" at "Ger", From "build");
- a **NOOP** (the optional rule): nothing happens that round.

`parse_form` reads the form as printed (the German 1st Turn Example parses as it stands):
one row per line, the columns Round, Move To / Build At, With Units, From, Notes separated by
tabs, by `|` or by two spaces or more; a row with no round and no destination adds a source
to the action above it. Every error names its line and says what is wrong. `format_form`
writes a plot back in the same notation, so a player can copy it, edit it and paste it again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.aa.map import Area
from engine.aa.names import find_area, one_full_stop
from engine.aa.units import UNITS, Counts, Kind, describe_units, find_kind, parse_units
from engine.errors import Ambiguous, RuleError, Unreadable

MOVE, BUILD, NOOP = "move", "build", "noop"
ALL = "all"  # "all": every unit in the source area that can make the move

HEADER_WORDS = ("round", "move to", "build at", "with units", "from", "notes")

#: The last round a plot may use: more than any power's units could fill (one move into an
#: area a turn, never two NOOPs in a row), and what the slash commands offer.
MOST_ROUNDS = 99


def round_refusal(number: int) -> str | None:
    """Why `number` can't be a plot's round ("Round numbers must begin with 1 and proceed
    sequentially", Plotting Actions), or None if it can."""
    if number < 1:
        return f"Round numbers must begin with 1: there is no round {number}."
    if number > MOST_ROUNDS:
        return f"A plot has at most {MOST_ROUNDS} rounds: there is no round {number}."
    return None


class FormError(Unreadable):
    """A line of a pasted form that can't be read; `line` is its number (1-based)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"Line {line}: {message}")
        self.line = line


@dataclass(frozen=True)
class Pickup:
    """Units a transport takes aboard on its way, and where they stand."""

    units: Counts
    area: Area

    def to_json(self) -> dict[str, Any]:
        return {"units": dict(self.units), "area": self.area}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Pickup:
        return cls({str(k): int(n) for k, n in raw["units"].items()}, str(raw["area"]))


@dataclass(frozen=True)
class Source:
    """One row of a move: these units, from this area, perhaps through another."""

    area: Area
    units: Counts | None  # None: "all"
    via: dict[Kind, Area] = field(default_factory=dict)  # "*": every unit of the row
    pickups: tuple[Pickup, ...] = ()
    from_transport: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"area": self.area, "units": None if self.units is None else dict(self.units),
                "via": dict(self.via), "pickups": [p.to_json() for p in self.pickups],
                "from_transport": self.from_transport}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Source:
        units = raw.get("units")
        return cls(str(raw["area"]),
                   None if units is None else {str(k): int(n) for k, n in units.items()},
                   {str(k): str(v) for k, v in raw.get("via", {}).items()},
                   tuple(Pickup.from_json(p) for p in raw.get("pickups", [])),
                   bool(raw.get("from_transport", False)))


@dataclass(frozen=True)
class Action:
    """One plotted action: a move into `area`, a build at `area`, or a NOOP."""

    round: int
    kind: str
    area: Area | None = None
    sources: tuple[Source, ...] = ()
    build: Counts = field(default_factory=dict)
    notes: tuple[str, ...] = ()  # what the player wrote that the bot keeps but needn't read

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "kind": self.kind, "area": self.area,
                "sources": [s.to_json() for s in self.sources], "build": dict(self.build),
                "notes": list(self.notes)}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Action:
        return cls(int(raw["round"]), str(raw["kind"]), raw.get("area"),
                   tuple(Source.from_json(s) for s in raw.get("sources", [])),
                   {str(k): int(n) for k, n in raw.get("build", {}).items()},
                   tuple(str(n) for n in raw.get("notes", [])))


# ----- reading --------------------------------------------------------------------------

_SPLIT = re.compile(r"\t| {2,}|\|")
_PICKUP = re.compile(r"^\+\s*(?P<units>.+?)\s+from\s+(?P<area>.+)$", re.IGNORECASE)
_VIA = re.compile(r"^(?:(?P<units>.+?)\s+)?via\s+(?P<area>.+)$", re.IGNORECASE)
_FROM_TRANSPORT = re.compile(r"^(?:off|from)\s+(?:the\s+)?(?:trn|transport|trns|tpt)s?$",
                             re.IGNORECASE)
_BUILD_WORDS = ("build", "built", "place", "factory")
_NOOP_WORDS = ("noop", "no op", "no-op", "nothing", "pass")


def _cells(line: str) -> list[str]:
    """A row's columns, by position: Round, Move To / Build At, With Units, From, Notes.

    With `|` or tabs the empty leading columns of a continuation row are kept; with spaces
    they can't be, so an indented row whose first cell is not a round number is taken as a
    continuation (its cells are With Units, From, Notes)."""
    if "|" in line:
        return [p.strip() for p in line.strip().strip("|").split("|")]
    if "\t" in line:
        return [p.strip() for p in line.rstrip().split("\t")]
    parts = [p.strip() for p in _SPLIT.split(line.strip())]
    if line[:1].isspace() and not parts[0].isdigit():
        return ["", "", *parts]
    return parts


def _is_header(cells: Sequence[str]) -> bool:
    text = " ".join(cells).lower()
    return "round" in text and ("units" in text or "move to" in text)


def _area(text: str, line: int, what: str,
          resolve: Callable[[str], Area]) -> Area:
    try:
        return resolve(text)
    except Ambiguous as exc:
        raise FormError(line, f"{what} {text!r} could be {', '.join(exc.candidates[:6])}: "
                              "write more of the name.") from None
    except RuleError as exc:
        raise FormError(line, f"{what}: {exc.message}") from None


def _units(text: str, line: int) -> Counts | None:
    if text.strip().lower() == ALL:
        return None
    try:
        return parse_units(text)
    except RuleError as exc:
        raise FormError(line, exc.message) from None


def _notes(text: str, line: int, resolve: Callable[[str], Area]
           ) -> tuple[dict[Kind, Area], tuple[Pickup, ...], bool, tuple[str, ...]]:
    """The Notes column: `via`, pickups `+units from area`, `from trn`; the rest is kept."""
    via: dict[Kind, Area] = {}
    pickups: list[Pickup] = []
    from_transport = False
    kept: list[str] = []
    for note in (n.strip() for n in re.split(r";", text) if n.strip()):
        if _FROM_TRANSPORT.match(note):
            from_transport = True
        elif (m := _PICKUP.match(note)) is not None:
            units = _units(m["units"], line)
            if units is None:
                raise FormError(line, "Say which units the transport picks up, not 'all'.")
            pickups.append(Pickup(units, _area(m["area"], line, "Pick-up area", resolve)))
        elif (m := _VIA.match(note)) is not None:
            area = _area(m["area"], line, "Via", resolve)
            if m["units"]:
                units = _units(m["units"], line) or {}
                for kind in units:
                    via[kind] = area
            else:
                via["*"] = area
        else:
            kept.append(note)
    return via, tuple(pickups), from_transport, tuple(kept)


def parse_form(text: str, *, resolve: Callable[[str], Area] = find_area) -> list[Action]:
    """The actions of a pasted plot form, in the order written (rounds may be out of order:
    "The rounds were written out of order"). Raises `FormError` naming the line."""
    actions: list[Action] = []
    current: dict[str, Any] | None = None

    def close() -> None:
        if current is not None:
            actions.append(Action(current["round"], current["kind"], current["area"],
                                  tuple(current["sources"]), current["build"],
                                  tuple(current["notes"])))

    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        cells = _cells(raw)
        if _is_header(cells):
            continue
        cells += [""] * (5 - len(cells))
        if len(cells) > 5 and any(cells[5:]):
            cells = cells[:4] + ["; ".join(c for c in cells[4:] if c)]
        round_text, to_text, units_text, from_text, notes_text = cells[:5]
        if not round_text and not to_text:  # another source of the action above
            if current is None or current["kind"] != MOVE:
                raise FormError(number, "A row without a round adds units to the move above "
                                        "it, but there is no move above it.")
            current["sources"].append(_source(units_text, from_text, notes_text, number,
                                              resolve))
            continue
        close()
        current = None
        try:
            round_number = int(round_text)
        except ValueError:
            raise FormError(number, f"The round must be a number, not {round_text!r}.") from None
        refusal = round_refusal(round_number)
        if refusal is not None:
            raise FormError(number, refusal)
        if to_text.strip().lower() in _NOOP_WORDS or units_text.strip().lower() in _NOOP_WORDS:
            current = {"round": round_number, "kind": NOOP, "area": None, "sources": [],
                       "build": {}, "notes": [notes_text] if notes_text else []}
            continue
        if not to_text:
            raise FormError(number, "Say where the units move to (or where they are built).")
        area = _area(to_text, number, "Move to", resolve)
        if from_text.strip().lower() in _BUILD_WORDS:
            if not units_text.strip():
                raise FormError(number, "Say which units to build ('6t', '2 inf, f').")
            built = _units(units_text, number)
            if not built:
                raise FormError(number, "Say which units to build ('6t', '2 inf, f').")
            current = {"round": round_number, "kind": BUILD, "area": area, "sources": [],
                       "build": built, "notes": [notes_text] if notes_text else []}
            continue
        current = {"round": round_number, "kind": MOVE, "area": area, "build": {},
                   "sources": [_source(units_text, from_text, notes_text, number, resolve)],
                   "notes": []}
    close()
    if not actions:
        raise FormError(1, "The form is empty: paste one action a line (round, move to, "
                           "units, from, notes).")
    return actions


def _source(units_text: str, from_text: str, notes_text: str, line: int,
            resolve: Callable[[str], Area]) -> Source:
    if not units_text:
        raise FormError(line, "Say which units move ('3i, t', 'all').")
    if not from_text:
        raise FormError(line, "Say where the units come from.")
    via, pickups, from_transport, _ = _notes(notes_text, line, resolve)
    return Source(_area(from_text, line, "From", resolve), _units(units_text, line), via,
                  pickups, from_transport)


# ----- a row typed again -------------------------------------------------------------------


def add_row(sources: Sequence[Source], row: Source) -> tuple[tuple[Source, ...], str]:
    """A move's rows after `row` is added, and what that did in words ("" for a new source).

    A row from an area the move doesn't have yet is another source (the Karelia example).
    A row from an area the move already has is that row typed again, most likely to correct
    it (decision D-14 of docs/plotted-aa.md): for each unit kind it names, its count
    replaces the earlier one (kinds it doesn't name stay as they were; "all" on either row
    replaces the row's units); a `via` it names replaces the earlier one for those units; a
    pickup from an area already named replaces that pickup's counts for the kinds it names.
    So one area is never the source of two rows, and no unit can be counted twice."""
    index = next((i for i, s in enumerate(sources) if s.area == row.area), None)
    if index is None:
        return (*sources, row), ""
    old = sources[index]
    units = row.units if old.units is None or row.units is None \
        else {**old.units, **row.units}
    pickups = list(old.pickups)
    for pickup in row.pickups:
        at = next((i for i, p in enumerate(pickups) if p.area == pickup.area), None)
        if at is None:
            pickups.append(pickup)
        else:
            pickups[at] = Pickup({**pickups[at].units, **pickup.units}, pickup.area)
    merged = Source(old.area, units, {**old.via, **row.via}, tuple(pickups),
                    old.from_transport or row.from_transport)
    was = "all units" if old.units is None else describe_units(old.units)
    now = "all units" if units is None else describe_units(units)
    note = (f"The move already had a row from {old.area}: the row you typed replaces it for "
            f"the units it names, so it moves {now} from there (it was {was}).")
    return (*sources[:index], merged, *sources[index + 1:]), note


def merge_rows(action: Action) -> tuple[Action, list[str]]:
    """An action with the rows naming the same source merged as `add_row` does (a pasted
    form may name a source twice), and the notes saying so."""
    if action.kind != MOVE:
        return action, []
    sources: tuple[Source, ...] = ()
    notes: list[str] = []
    for source in action.sources:
        sources, note = add_row(sources, source)
        if note:
            notes.append(f"Round {action.round}: {note}")
    if not notes:
        return action, []
    return Action(action.round, action.kind, action.area, sources, action.build,
                  action.notes), notes


# ----- writing --------------------------------------------------------------------------


def short_units(counts: Mapping[Kind, int] | None) -> str:
    """Units in the form's own short notation: "3i, t", "cv, 2f, trn"."""
    if counts is None:
        return ALL
    letters = {"infantry": "i", "armour": "t", "fighter": "f", "bomber": "b",
               "battleship": "bb", "carrier": "cv", "transport": "trn", "submarine": "sub",
               "aa_gun": "aa", "factory": "ic"}
    return ", ".join(f"{n if n > 1 else ''}{letters.get(k, k)}"
                     for k in UNITS if (n := counts.get(k, 0)))


def format_form(actions: Sequence[Action], *, name: Callable[[Area], str] = str) -> str:
    """The plot in the form's notation, by round, tab-separated: it parses back as it is."""
    lines = ["Round\tMove To / Build At\tWith Units\tFrom\tNotes"]
    for action in sorted(actions, key=lambda a: a.round):
        if action.kind == NOOP:
            lines.append(f"{action.round}\tNOOP\t\t\t" + "; ".join(action.notes))
            continue
        assert action.area is not None
        if action.kind == BUILD:
            lines.append(f"{action.round}\t{name(action.area)}\t{short_units(action.build)}"
                         "\tbuild\t" + "; ".join(action.notes))
            continue
        for index, source in enumerate(action.sources):
            notes = []
            for kind, via in source.via.items():
                notes.append(f"via {name(via)}" if kind == "*"
                             else f"{short_units({kind: 1})} via {name(via)}")
            notes += [f"+{short_units(p.units)} from {name(p.area)}" for p in source.pickups]
            if source.from_transport:
                notes.append("from trn")
            head = f"{action.round}\t{name(action.area)}" if index == 0 else "\t"
            lines.append(f"{head}\t{short_units(source.units)}\t{name(source.area)}\t"
                         + "; ".join(notes))
    return "\n".join(lines)


def describe_action(action: Action, *, name: Callable[[Area], str] = str) -> str:
    """One action in a sentence, for the plot sheet and the reveal."""
    if action.kind == NOOP:
        return f"Round {action.round}: no operation."
    assert action.area is not None
    if action.kind == BUILD:
        return one_full_stop(f"Round {action.round}: build {describe_units(action.build)} at "
                             f"{name(action.area)}.")
    parts = []
    for source in action.sources:
        what = "all units" if source.units is None else describe_units(source.units)
        text = f"{what} from {name(source.area)}"
        for kind, via in source.via.items():
            text += (f" via {name(via)}" if kind == "*"
                     else f" ({UNITS[kind].plural} via {name(via)})")
        for pickup in source.pickups:
            text += f", picking up {describe_units(pickup.units)} from {name(pickup.area)}"
        if source.from_transport:
            text += " (off the transport)"
        parts.append(text)
    return one_full_stop(f"Round {action.round}: move into {name(action.area)}: "
                         + "; ".join(parts) + ".")


__all__ = ["ALL", "BUILD", "MOVE", "NOOP", "Action", "FormError", "Pickup", "Source",
           "describe_action", "find_kind", "format_form", "parse_form", "short_units"]
