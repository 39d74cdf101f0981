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
tabs, by `|` (a Markdown table too), by two spaces or more, or by single spaces and commas
where the columns can be told apart only one way (each reading is tried against the board's
area names and the units); the plot sheet's own sentences ("Round 1: move into Karelia
S.S.R.: 3 infantry from Finland.") read back as the rows they describe. A row with no round
and no destination adds a source to the action above it. Every error names its line and says
what is wrong (a line that splits no way, or two ways, says so). `format_form` writes a plot
back in the same notation, so a player can copy it, edit it and paste it again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.aa.map import Area
from engine.aa.names import classic_names, find_area, one_full_stop
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
        parts = line.strip().split("|")
        if len(parts) > 2 and not parts[0].strip() and not parts[-1].strip() \
                and line.strip().startswith("|"):
            parts = parts[1:-1]  # a Markdown table's borders
        return [p.strip() for p in parts]
    if "\t" in line:
        return [p.strip() for p in line.rstrip().split("\t")]
    parts = [p.strip() for p in _SPLIT.split(line.strip())]
    if line[:1].isspace() and not parts[0].isdigit():
        return ["", "", *parts]
    return parts


def _is_header(cells: Sequence[str]) -> bool:
    text = " ".join(cells).lower()
    return "round" in text and ("units" in text or "move to" in text)


# Lines of a pasted plot sheet (or a chat) that hold no row: a Markdown table's rule or
# fence, the sheet's heading and notes, its standing orders, its odds of each attack.
_SKIPPED = re.compile(
    r"^\s*(?:\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?|`{3}\w*|.*'s plot for turn \d+.*"
    r"|as a form:?|no actions plotted.*|to fix before submitting:.*|standing orders.*"
    r"|(?:read as|your last change|typed again|removed|cleared):.*"
    r"|[-*]\s*(?:revealed actions|casualties|press on or retreat|aircraft landing"
    r"|final build|submarines attacked|loss order).*"
    r"|odds of each attack against .*|round \d+, [^:|\t]+: (?:.* against .*: attacker wins .*"
    r"|no defender there now\.|nothing of the plotted units fights there now\."
    r"|too many units for the sheet.*))\s*$", re.IGNORECASE)
_SENTENCE = re.compile(r"^\s*[-*]?\s*round\s+(?P<round>\d+)\s*:\s*(?P<rest>.+?)\s*$",
                       re.IGNORECASE)
_WAITS = re.compile(r"\s*\[may become valid by its round:.*\]\s*$", re.IGNORECASE)


def _sentence_rows(line: str, number: int) -> list[list[str]] | None:
    """The rows a line of the plot sheet describes ("Round 2: move into Egypt: all units
    from Libya (armour via French Equatorial Africa)."), in the form's columns; None if the
    line is not one of the sheet's sentences."""
    match = _SENTENCE.match(line)
    if match is None:
        return None
    rnd, rest = match["round"], _WAITS.sub("", match["rest"]).strip()
    rest = rest[:-1] if rest.endswith(".") and not rest.endswith("..") else rest
    if re.fullmatch(r"no operation|noop|no-op", rest, re.IGNORECASE):
        return [[rnd, "NOOP", "", "", ""]]
    if (build := re.fullmatch(r"build (?P<units>.+) at (?P<at>.+)", rest, re.IGNORECASE)):
        return [[rnd, build["at"], build["units"], "build", ""]]
    move = re.fullmatch(r"move into (?P<to>.+?): (?P<parts>.+)", rest, re.IGNORECASE)
    if move is None:
        raise FormError(number, f"I can't read {line.strip()[:60]!r}: a plot sheet's line says "
                                "\"Round 1: move into <area>: <units> from <area>\", \"Round 2: "
                                "build <units> at <factory>\" or \"Round 3: no operation\".")
    rows: list[list[str]] = []
    for part in move["parts"].split("; "):
        notes: list[str] = []
        if part.endswith(" (off the transport)"):
            part = part[:-len(" (off the transport)")]
            notes.append("from trn")
        for units, area in re.findall(r", picking up (.+?) from (.+?)(?=, picking up |$)",
                                      part):
            notes.append(f"+{units} from {area}")
        part = re.sub(r", picking up .*$", "", part)
        for kinds, area in re.findall(r" \(([a-z ]+?) via ([^)]+)\)", part):
            notes.append(f"{kinds} via {area}")
        part = re.sub(r" \([a-z ]+? via [^)]+\)", "", part)
        if (via := re.search(r" via (.+)$", part)) is not None:
            notes.append(f"via {via.group(1)}")
            part = part[:via.start()]
        units, sep, source = part.partition(" from ")
        if not sep:
            raise FormError(number, f"I can't read {part[:60]!r}: say \"<units> from "
                                    "<area>\".")
        units = "all" if units.strip().lower() == "all units" else units
        head = [rnd, move["to"]] if not rows else ["", ""]
        rows.append([*head, units, source, "; ".join(notes)])
    return rows


_NOTE_START = re.compile(r"^(?:via|\+|from|off|again)", re.IGNORECASE)
_UNIT_TOKEN = re.compile(r"^(?:\d+x?|x?\d*[a-z][a-z.'-]*|[a-z][a-z.'-]*x\d+)$", re.IGNORECASE)


def _units_of(tokens: Sequence[str]) -> str | None:
    """Tokens read as a unit list ("3i t", "2 inf arm", "all"), as `parse_units` takes it;
    None if they are not units."""
    if [t.lower() for t in tokens] == [ALL]:
        return ALL
    items: list[str] = []
    pending = ""
    for token in tokens:
        if not _UNIT_TOKEN.match(token):
            return None
        if token.isdigit():
            if pending:
                return None
            pending = token
            continue
        items.append(f"{pending} {token}".strip())
        pending = ""
    if pending or not items:
        return None
    text = ", ".join(items)
    try:
        parse_units(text)
    except RuleError:
        return None
    return text


def _spaced_rows(line: str, number: int, resolve: Callable[[str], Area]) -> list[str]:
    """A row whose columns are separated by single spaces or commas: every way of cutting
    it into Move To, With Units, From and Notes is tried against the area names and the
    units; the one reading that fits is taken (the fewest spellings corrected, notes read
    as notes), and two that fit, or none, are refused with the reason."""
    tokens = re.findall(r"[^\s,]+", line)
    if line[:1].isspace() and tokens[0].isdigit() and len(tokens) > 1 \
            and _units_of(tokens[:2]) is not None:
        # An indented "3 inf Ukr" adds a source; an indented "4 Karelia ..." is a row.
        try:
            return _spaced_rows(line.strip(), number, resolve)
        except FormError:
            tokens = ["-", *tokens]
    continuing = not tokens[0].isdigit()
    if tokens[0] == "-":
        tokens = tokens[1:]
    rnd = "" if continuing else tokens[0]
    rest = tokens if continuing else tokens[1:]
    if not rest:
        raise FormError(number, f"Line {line.strip()!r} has a round and nothing else: say "
                                "where the units move to, which units, and from where.")
    if not continuing and (rest[0].lower() in _NOOP_WORDS
                           or " ".join(rest[:2]).lower() in _NOOP_WORDS):
        return [rnd, "NOOP", "", "", ""]
    found: dict[str, tuple[Area | None, bool]] = {}
    names = classic_names()

    def area(words: Sequence[str]) -> tuple[Area | None, bool]:
        """The area some words name, and whether only a corrected spelling finds it (the
        search itself notes nothing: the row chosen is read again by `resolve`)."""
        text = " ".join(words)
        if text not in found:
            corrected: list[tuple[str, Area]] = []
            try:
                found[text] = (names.find(text, corrected=corrected), bool(corrected))
            except RuleError:
                found[text] = (None, False)
        return found[text]

    readings: dict[tuple[str, ...], tuple[int, int, int]] = {}
    starts = [0] if continuing else range(1, len(rest))
    for i in starts:
        to, to_fixed = (None, False) if continuing else area(rest[:i])
        if not continuing and to is None:
            continue
        for j in range(i + 1, len(rest) + 1):
            units = _units_of(rest[i:j])
            if units is None:
                continue
            tail = rest[j:]
            if tail and tail[0].lower() in _BUILD_WORDS:
                if continuing:
                    continue
                cells = (rnd, " ".join(rest[:i]), units, "build", " ".join(tail[1:]))
                readings[cells] = (int(to_fixed), 0, 0)
                continue
            for k in range(1, len(tail) + 1):
                source, from_fixed = area(tail[:k])
                if source is None:
                    continue
                notes = tail[k:]
                odd = 0 if not notes or _NOTE_START.match(notes[0]) else 1
                cells = (rnd, "" if continuing else " ".join(rest[:i]), units,
                         " ".join(tail[:k]), " ".join(notes))
                readings[cells] = (int(to_fixed) + int(from_fixed), odd, -k)
    if not readings:
        raise FormError(number, f"I can't split {line.strip()[:80]!r} into the form's columns "
                                f"({_why_not(rest, continuing, area)}). Separate the columns "
                                "with tabs or |, e.g. \"4 | Karelia | 3i, t | Fin\".")
    best = min(readings.values())
    chosen: list[tuple[str, ...]] = [cells for cells, rank in readings.items()
                                     if rank[:2] == best[:2]]
    meant = {(c[1] and found.get(c[1], (c[1],))[0], c[2], found.get(c[3], (c[3],))[0])
             for c in chosen}
    if len(meant) > 1:
        shown = " or ".join(f"\"{' | '.join(x for x in c if x)}\"" for c in chosen[:2])
        raise FormError(number, f"{line.strip()[:80]!r} splits two ways: {shown}. Separate the "
                                "columns with tabs or | to say which.")
    return list(min((readings[c], c) for c in chosen)[1])


def _why_not(rest: Sequence[str], continuing: bool,
             area: Callable[[Sequence[str]], tuple[Area | None, bool]]) -> str:
    """Why a spaced row splits no way: the first column that finds nothing to read."""
    if not continuing:
        heads = [i for i in range(1, len(rest)) if area(rest[:i])[0] is not None]
        if not heads:
            return f"no area's name starts it after the round: {' '.join(rest)[:40]!r}"
        rest = rest[max(heads):]
    spans = [j for j in range(1, len(rest) + 1) if _units_of(rest[:j]) is not None]
    if not spans:
        return f"no units where I expected them: {' '.join(rest)[:40]!r}"
    return f"no area the units come from after {' '.join(rest[:max(spans)])!r}"


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

    rows: list[tuple[int, list[str], bool]] = []  # line, cells, from a sheet's sentence
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or _SKIPPED.match(raw):
            continue
        said = _sentence_rows(raw, number) if not ("\t" in raw or "|" in raw) else None
        if said is not None:
            rows += [(number, cells, True) for cells in said]
            continue
        cells = _cells(raw)
        if _is_header(cells):
            continue
        if not re.search(r"\t|\||\S {2,}\S", raw):  # single spaces or commas between columns
            cells = _spaced_rows(raw, number, resolve)
        rows.append((number, cells, False))
    # A whole plot sheet pasted holds each action twice: as a sentence and in its form.
    tabled = {cells[0] for _, cells, sentence in rows if not sentence and cells[0]}
    keep = True
    for number, cells, sentence in rows:
        if cells[0]:
            keep = not (sentence and cells[0] in tabled)
        if not keep:
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
