"""Reading area names as players and the rulebook write them.

Players abbreviate ("E Med", "FE Afr", "Ukr", "W Europe", "Karelia"), use the board's
older names ("Egypt", "Bering Sea", "Sea of Japan": ruling PAA-1), spell the sea correctly
where TripleA does not ("Mediterranean"), and name a sea zone by its coast ("US E Coast",
"Spn W Coast", "Egypt coast"). `find_area` forgives all of that, and refuses with
`Ambiguous` (carrying the candidates, so a cog can offer a menu) when several areas fit.

Rules, in order: an exact spelling (a name or an alias) wins; otherwise every word typed
must start a different word of the name, or be the initials of several ("FE" = French
Equatorial, "SSR"); a word like "sea", "coast" or "SZ" asks for a sea zone, its absence
for a land territory when both fit; a name whose every word was matched beats one with
words left over ("North Sea" is the North Sea Zone, not the North Atlantic); a coast
names the sea zones touching that land; a small misspelling is accepted when one area is
clearly closest.

>>> from engine.aa.map import classic_map
>>> names = AreaNames(classic_map())
>>> names.find("E Med"), names.find("FE Afr"), names.find("Karelia")
('East Mediteranean Sea Zone', 'French Equatorial Africa', 'Karelia S.S.R.')
>>> names.find("US E Coast"), names.find("Spn W Coast")
('East US Sea Zone', 'West Spain Sea Zone')
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Sequence
from functools import cache

from engine.aa.map import AAMap, Area, classic_map
from engine.aa.spelling import SPELLING, shown_name
from engine.errors import Ambiguous, Unreadable

# Whole words players write for a word of the board's spelling: the words as players read
# them (`engine.aa.spelling`, what every text and picture shows) among them.
_CANON: dict[str, str] = {
    "eastern": "east", "western": "west", "northern": "north", "southern": "south",
    "mediterranian": "mediteranean",
    "spn": "spain", "usa": "us", "centre": "central", "center": "central",
    "isl": "islands", "is": "islands", "island": "islands",
    **{right.lower(): key.lower() for key, right in SPELLING.items()},
}
_DROP = frozenset({"the", "of", "and", "sz", "coast", "coastal", "waters", "off"})
_SEA_WORDS = frozenset({"sea", "zone", "sz", "ocean", "coast", "coastal", "waters"})
# Words of a board name that need not be typed for the name to count as fully named.
_NOISE = frozenset({"sea", "zone", "s", "r"})


def _raw_words(text: str) -> list[str]:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = re.split(r"[^a-z0-9]+", plain.lower().replace("&", " and "))
    return [_CANON.get(w, w) for w in words if w]


def _words(text: str) -> tuple[str, ...]:
    return tuple(w for w in _raw_words(text) if w not in _DROP)


def _matches(token: str, words: Sequence[str], used: frozenset[int]) -> list[frozenset[int]]:
    """The ways `token` can consume unused `words`: one word it starts, or the initials
    of 2..len(token) consecutive words."""
    ways = [frozenset({i}) for i, w in enumerate(words) if i not in used and w.startswith(token)]
    if len(token) >= 2 and token.isalpha():
        n = len(token)
        for start in range(len(words) - n + 1):
            span = frozenset(range(start, start + n))
            if not span & used and all(words[start + k][0] == token[k] for k in range(n)):
                ways.append(span)
    return ways


def _cover(tokens: Sequence[str], words: Sequence[str]) -> frozenset[int] | None:
    """The largest set of `words` consumed by a matching of every token, or None."""
    best: frozenset[int] | None = None

    def search(i: int, used: frozenset[int]) -> None:
        nonlocal best
        if i == len(tokens):
            if best is None or len(used) > len(best):
                best = used
            return
        for way in _matches(tokens[i], words, used):
            search(i + 1, used | way)

    search(0, frozenset())
    return best


class AreaNames:
    """The forgiving name reader of one board."""

    def __init__(self, board: AAMap) -> None:
        self.board = board
        self._index: dict[tuple[str, ...], set[Area]] = {}
        self._spellings: list[tuple[tuple[str, ...], Area]] = []
        for area in board.areas:
            for spelling in (area, *board.aliases.get(area, ())):
                words = _words(spelling)
                self._index.setdefault(words, set()).add(area)
                self._spellings.append((words, area))

    def find(self, text: str, *, corrected: list[tuple[str, Area]] | None = None) -> Area:
        """The area a player meant by `text` (see the module's rules). A misspelling taken
        as the closest area is added to `corrected` as (text, area), when given, so that a
        reply can say what it read."""
        if corrected is not None:
            area = self.find(text)
            if self._misspelt(text):
                corrected.append((text.strip(), area))
            return area
        raw = _raw_words(text)
        tokens = tuple(w for w in raw if w not in _DROP)
        sea_wanted = any(w in _SEA_WORDS for w in raw)
        if not tokens:
            if sea_wanted:
                raise Unreadable(f"Which sea zone? Name it, or a coast, e.g. \"Baltic\" or "
                                 f"\"Egypt coast\" (not {text.strip()!r}).")
            raise Unreadable("Which area? Give its name, e.g. Karelia or E Med.")
        exact = self._index.get(tokens)
        if exact is not None and not (sea_wanted and not self._sea(exact)):
            return self._one(text, self._prefer(exact, sea_wanted))
        full: set[Area] = set()
        partial: set[Area] = set()
        for words, area in self._spellings:
            cover = _cover(tokens, words)
            if cover is None:
                continue
            left = {w for i, w in enumerate(words) if i not in cover} - _NOISE
            (partial if left else full).add(area)
        found = full | partial
        if found and not (sea_wanted and not self._sea(found)):
            preferred = self._prefer(found, sea_wanted)
            return self._one(text, preferred & full or preferred)
        if sea_wanted:
            seas = self._coast_of(tokens)
            if seas:
                return self._one(text, seas)
        if found:
            return self._one(text, self._prefer(found, sea_wanted))
        return self._one(text, self._closest(text, tokens))

    def _misspelt(self, text: str) -> bool:
        """Whether `text` names no area by its spelling, an abbreviation or initials (only
        the small-misspelling rule finds it)."""
        raw = _raw_words(text)
        tokens = tuple(w for w in raw if w not in _DROP)
        if not tokens or tokens in self._index:
            return False
        if any(_cover(tokens, words) is not None for words, _ in self._spellings):
            return False
        return not (any(w in _SEA_WORDS for w in raw) and self._coast_of(tokens))

    def find_sea(self, text: str) -> Area:
        """The sea zone a player meant where only a sea zone will do (a transport's zone):
        a land territory named instead stands for its coast."""
        try:
            area = self.find(f"{text} sz")  # "sz" asks for a sea zone and is no name's word
        except Ambiguous as exc:
            seas = {a for a in exc.candidates if self.board.is_sea(a)}
            if not seas:
                raise
            return self._one(text, seas)
        if self.board.is_sea(area):
            return area
        coast = set(self.board.coast(area))
        if not coast:
            raise Unreadable(f"{shown_name(area)} has no coast: which sea zone?")
        return self._one(text, coast)

    def find_all(self, texts: Sequence[str]) -> list[Area]:
        return [self.find(t) for t in texts]

    # ----- internals ----------------------------------------------------

    def _sea(self, areas: set[Area]) -> set[Area]:
        return {a for a in areas if self.board.is_sea(a)}

    def _coast_of(self, tokens: Sequence[str]) -> set[Area]:
        """The sea zones touching the one land territory that `tokens` name, if any."""
        land_tokens = [t for t in tokens if t not in _SEA_WORDS]
        if not land_tokens:
            return set()
        try:
            land = self.find(" ".join(land_tokens))
        except (Ambiguous, Unreadable):
            return set()
        return set(self.board.coast(land)) if self.board.is_land(land) else set()

    def _prefer(self, areas: set[Area], sea_wanted: bool) -> set[Area]:
        """Sea zones if the player said sea, else land territories, when both fit."""
        sea = {a for a in areas if self.board.is_sea(a)}
        land = areas - sea
        if sea_wanted:
            return sea or land
        return land or sea

    def _closest(self, text: str, tokens: Sequence[str]) -> set[Area]:
        key = "".join(tokens)
        scored = sorted(((difflib.SequenceMatcher(None, key, "".join(w)).ratio(), a)
                         for w, a in self._spellings), reverse=True)
        best = scored[0][0]
        if best >= 0.8:
            return {a for r, a in scored if r >= best - 0.03}
        nearest: list[Area] = []
        for _, a in scored:
            if a not in nearest:
                nearest.append(a)
        raise Unreadable(f"There is no area {text.strip()!r}. Nearest: "
                         f"{', '.join(shown_name(a) for a in nearest[:3])}.")

    def _one(self, text: str, found: set[Area]) -> Area:
        if len(found) == 1:
            return next(iter(found))
        ordered = [a for a in self.board.areas if a in found]
        shown = [shown_name(a) for a in ordered]
        if len(ordered) <= 2:
            either = " or ".join(shown)
        elif len(ordered) <= 8:
            either = ", ".join(shown[:-1]) + " or " + shown[-1]
        else:
            either = ", ".join(shown[:6]) + f" or {len(ordered) - 6} more"
        raise Ambiguous(f"{text.strip()!r} could be {either}: which one?", ordered)


@cache
def classic_names() -> AreaNames:
    return AreaNames(classic_map())


def find_area(text: str, board: AAMap | None = None) -> Area:
    """The area of the classic board (or `board`) a player meant by `text`."""
    names = classic_names() if board is None or board is classic_map() else AreaNames(board)
    return names.find(text)


def one_full_stop(text: str) -> str:
    """A sentence ending on "Karelia S.S.R." ends with the name's own full stop, not two
    (an ellipsis stays as it is)."""
    return re.sub(r"(?<!\.)\.\.(?=\s|$)", ".", text)
