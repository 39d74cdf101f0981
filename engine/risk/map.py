"""The RISK world map: territories, continents, borders, and forgiving name lookup.

The map is data (`classic_map.json`, converted from `reference/risk-classic-map.json`);
`RiskMap` only answers questions about it and knows nothing of owners or armies.
Helpers that need ownership take it as a plain argument (`connected(..., through=...)`).

>>> m = classic_map()
>>> len(m.territories), len(m.borders), m.bonus("Asia")
(42, 83, 7)
>>> m.find("e. africa"), m.find("Afganistan"), m.find("Central Africa")
('East Africa', 'Afghanistan', 'Congo')
>>> m.connected("Alaska", "Kamchatka")
True
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections import deque
from collections.abc import Collection, Iterable, Mapping, Sequence
from importlib import resources
from typing import Any

from engine.errors import Ambiguous, Unreadable

Territory = str
Continent = str

# Words players write for the same thing, mapped to one spelling before matching.
_WORDS: dict[str, str] = {
    "e": "east", "eastern": "east", "w": "west", "western": "west",
    "n": "north", "northern": "north", "s": "south", "southern": "south",
    "c": "central", "cent": "central", "centre": "central",
    "nw": "northwest", "ne": "northeast", "se": "southeast", "sw": "southwest",
    "usa": "us", "terr": "territory", "territories": "territory", "ter": "territory",
    "and": "", "the": "", "of": "",
}
# Pairs of words that mean one word ("north west" -> "northwest", "united states" -> "us").
_PAIRS: dict[tuple[str, str], str] = {
    ("north", "west"): "northwest", ("north", "east"): "northeast",
    ("south", "west"): "southwest", ("south", "east"): "southeast",
    ("united", "states"): "us", ("u", "s"): "us",
}


def _words(text: str) -> list[str]:
    """Lower-case words of `text`, with punctuation dropped and synonyms unified."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    raw = re.split(r"[^a-z0-9]+", plain.lower().replace("&", " and "))
    words: list[str] = []
    for word in raw:
        if not word:
            continue
        mapped = _WORDS.get(word, word)
        pair = next((p for p in ((words[-1], word), (words[-1], mapped)) if p in _PAIRS),
                    None) if words else None
        if pair is not None:
            words[-1] = _PAIRS[pair]
        elif mapped:
            words.append(mapped)
    return words


class RiskMap:
    """A RISK map: territories by continent, undirected borders, sea lanes, aliases.

    Every border appears in `neighbours` both ways; `sea_lanes` is the subset of
    borders that crosses open water (drawn dashed; they play like any border).
    Immutable once built.
    """

    def __init__(self, name: str, continents: Mapping[Continent, Sequence[Territory]],
                 bonuses: Mapping[Continent, int], borders: Iterable[Iterable[Territory]], *,
                 sea_lanes: Iterable[Iterable[Territory]] = (),
                 aliases: Mapping[Territory, Sequence[str]] | None = None,
                 card_symbols: Mapping[Territory, str] | None = None,
                 wild_cards: int = 0) -> None:
        self.name = name
        self.continents: dict[Continent, tuple[Territory, ...]] = {
            c: tuple(ts) for c, ts in continents.items()}
        self.bonuses: dict[Continent, int] = {c: int(bonuses[c]) for c in self.continents}
        self.borders: frozenset[frozenset[Territory]] = frozenset(frozenset(b) for b in borders)
        self.sea_lanes: frozenset[frozenset[Territory]] = frozenset(
            frozenset(b) for b in sea_lanes)
        self.aliases: dict[Territory, tuple[str, ...]] = {
            t: tuple(a) for t, a in (aliases or {}).items()}
        self.card_symbols: dict[Territory, str] = dict(card_symbols or {})
        self.wild_cards = wild_cards
        self._continent_of: dict[Territory, Continent] = {}
        for continent, members in self.continents.items():
            for t in members:
                if t in self._continent_of:
                    raise ValueError(f"{t} is in both {self._continent_of[t]} and {continent}")
                self._continent_of[t] = continent
        for border in self.borders:
            if len(border) != 2 or not border <= self._continent_of.keys():
                raise ValueError(f"bad border {sorted(border)}")
        if not self.sea_lanes <= self.borders:
            raise ValueError("every sea lane must be a border")
        neighbours: dict[Territory, set[Territory]] = {t: set() for t in self._continent_of}
        for border in self.borders:
            a, b = sorted(border)
            neighbours[a].add(b)
            neighbours[b].add(a)
        self._neighbours = {t: frozenset(ns) for t, ns in neighbours.items()}
        # Every spelling (name and aliases), as its words, -> the territories it names.
        self._index: dict[tuple[str, ...], set[Territory]] = {}
        for t in self._continent_of:
            for spelling in (t, *self.aliases.get(t, ())):
                self._index.setdefault(tuple(_words(spelling)), set()).add(t)

    def __repr__(self) -> str:
        return f"<RiskMap {self.name}: {len(self._continent_of)} territories>"

    # ----- loading ------------------------------------------------------

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> RiskMap:
        """Build a map from the data format of `classic_map.json`."""
        cards = raw.get("cards", {})
        return cls(
            str(raw.get("name", "map")),
            {c["name"]: c["territories"] for c in raw["continents"]},
            {c["name"]: c["bonus"] for c in raw["continents"]},
            raw["borders"],
            sea_lanes=raw.get("sea_lanes", []),
            aliases=raw.get("aliases", {}),
            card_symbols=cards.get("symbols", {}),
            wild_cards=int(cards.get("wild", 0)),
        )

    # ----- plain questions ----------------------------------------------

    @property
    def territories(self) -> tuple[Territory, ...]:
        """All territories, continent by continent in the data's order."""
        return tuple(t for members in self.continents.values() for t in members)

    def continent_of(self, territory: Territory) -> Continent:
        return self._lookup(territory, self._continent_of)

    def neighbours(self, territory: Territory) -> frozenset[Territory]:
        """The territories sharing a border (land or sea) with `territory`."""
        result: frozenset[Territory] = self._lookup(territory, self._neighbours)
        return result

    def adjacent(self, a: Territory, b: Territory) -> bool:
        return frozenset((a, b)) in self.borders

    def is_sea_lane(self, a: Territory, b: Territory) -> bool:
        return frozenset((a, b)) in self.sea_lanes

    def bonus(self, continent: Continent) -> int:
        try:
            return self.bonuses[continent]
        except KeyError:
            raise Unreadable(f"There is no continent {continent!r} on this map.") from None

    def continents_held(self, territories: Iterable[Territory]) -> list[Continent]:
        """The continents every territory of which is in `territories`, in map order."""
        held = set(territories)
        return [c for c, members in self.continents.items() if held.issuperset(members)]

    def connected(self, a: Territory, b: Territory, *,
                  through: Collection[Territory] | None = None) -> bool:
        """True if `b` can be reached from `a` by borders.

        With `through`, every territory stepped on between `a` and `b` must be in it
        (for instance a player's own territories, for a fortifying move); `a` and `b`
        themselves need not be. Adjacent territories are always connected.
        """
        return self.path(a, b, through=through) is not None

    def path(self, a: Territory, b: Territory, *,
             through: Collection[Territory] | None = None) -> list[Territory] | None:
        """A shortest chain of territories from `a` to `b` (both included), or None."""
        neighbours = self._neighbours
        self._lookup(a, neighbours)
        self._lookup(b, neighbours)
        if a == b:
            return [a]
        allowed = None if through is None else set(through)
        previous: dict[Territory, Territory] = {a: a}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            for nxt in sorted(neighbours[here]):
                if nxt in previous:
                    continue
                if nxt == b:
                    chain = [b, here]
                    while chain[-1] != a:
                        chain.append(previous[chain[-1]])
                    return chain[::-1]
                if allowed is None or nxt in allowed:
                    previous[nxt] = here
                    queue.append(nxt)
        return None

    def region(self, start: Territory, within: Collection[Territory]) -> set[Territory]:
        """The territories of `within` reachable from `start` stepping only on `within`."""
        allowed = set(within)
        neighbours = self._neighbours
        self._lookup(start, neighbours)
        seen = {start}
        queue = deque([start])
        while queue:
            for nxt in neighbours[queue.popleft()]:
                if nxt in allowed and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return seen

    # ----- reading names ------------------------------------------------

    def find(self, text: str) -> Territory:
        """The territory a player meant by `text`.

        Forgives case, punctuation, abbreviations ("E. Africa", "W. US"), aliases of
        other editions ("Central Africa", "Eastern Canada") and small misspellings
        ("Afganistan"). Raises `Ambiguous` with the candidates when several
        territories fit ("Australia"), `Unreadable` naming the nearest ones otherwise.
        """
        words = _words(text)
        if not words:
            raise Unreadable("Which territory? Give its name, e.g. Kamchatka.")
        exact = self._index.get(tuple(words))
        if exact is not None:
            return self._one(text, exact)
        # Every word the player wrote starts a word of a name, in order: "w aus", "kam".
        if sum(map(len, words)) >= 2:
            by_words = {t for spelling, ts in self._index.items()
                        if _words_match(words, spelling) for t in ts}
            if by_words:
                return self._one(text, by_words)
        # A misspelling: accept the closest spelling when it is clearly the closest.
        key = "".join(words)
        scored = sorted(((difflib.SequenceMatcher(None, key, "".join(k)).ratio(), k)
                         for k in self._index), reverse=True)
        best = scored[0][0]
        if best >= 0.75:
            return self._one(text, {t for r, k in scored if r >= best - 0.05
                                    for t in self._index[k]})
        nearest: list[Territory] = []
        for _, k in scored:
            for t in sorted(self._index[k]):
                if t not in nearest:
                    nearest.append(t)
        raise Unreadable(f"There is no territory {text!r}. Nearest: {', '.join(nearest[:3])}.")

    def find_all(self, texts: Sequence[str]) -> list[Territory]:
        return [self.find(t) for t in texts]

    # ----- internals ----------------------------------------------------

    def _one(self, text: str, found: set[Territory]) -> Territory:
        if len(found) == 1:
            return next(iter(found))
        ordered = [t for t in self.territories if t in found]
        raise Ambiguous(f"{text!r} could be {_either(ordered)}.", ordered)

    def _lookup(self, territory: Territory, table: Mapping[Territory, Any]) -> Any:
        try:
            return table[territory]
        except KeyError:
            raise Unreadable(f"There is no territory {territory!r} on this map.") from None


def _words_match(words: Sequence[str], spelling: Sequence[str]) -> bool:
    """Each of `words` starts a later word of `spelling` than the one before."""
    pos = 0
    for word in words:
        while pos < len(spelling) and not spelling[pos].startswith(word):
            pos += 1
        if pos == len(spelling):
            return False
        pos += 1
    return True


def _either(names: Sequence[str]) -> str:
    if len(names) <= 2:
        return " or ".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


_CLASSIC: RiskMap | None = None


def load_map_data(name: str = "classic") -> dict[str, Any]:
    """The packaged data of a map (`<name>_map.json` in this package) as plain JSON."""
    text = resources.files("engine.risk").joinpath(f"{name}_map.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def classic_map() -> RiskMap:
    """The classic 42-territory board (loaded once and shared: it is immutable)."""
    global _CLASSIC
    if _CLASSIC is None:
        _CLASSIC = RiskMap.from_json(load_map_data("classic"))
    return _CLASSIC
