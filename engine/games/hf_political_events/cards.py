"""The 24 cards of the High Frontier political event deck, as data.

Source: `rules/high-frontier-political-events.md` (2025-JUN-05), card texts lightly
cleaned (one neutral pronoun for the twin cards); the counts and conditions follow
`reference/high-frontier-events.md`. Each card type carries the *event* that the
repetition rule compares (ruling HF-1): twins are one event, Pad Explosion and
Space Debris are one event, every Sunspot Cycle card is one event, and the four
Anarchy/War Ends cards are compared by their subtitle (or as one event, with the
option `ends_as_one_event`).
"""

from __future__ import annotations

from dataclasses import dataclass

Ideology = str
CardId = str

# The Politics module's seven ideologies; Centrist sits in the centre of the assembly
# and is where the Active Law star starts. Players' ideologies are the six others.
IDEOLOGIES: tuple[Ideology, ...] = (
    "Freedom", "Honor", "Unity", "Authority", "Equality", "Individuality", "Centrist",
)
PLAYER_IDEOLOGIES: tuple[Ideology, ...] = IDEOLOGIES[:6]
# Across the hexagonal assembly (used only to name who loses 1 VP on Stability).
# Not in the source text: inferred from the base game's assembly; see docs.
OPPOSITE: dict[Ideology, Ideology] = {
    "Freedom": "Authority", "Authority": "Freedom",
    "Honor": "Equality", "Equality": "Honor",
    "Unity": "Individuality", "Individuality": "Unity",
}

# Conditions, as the engine checks them.
ALWAYS = "always"                # no condition
LAW = "law"                      # the Active Law is the card's ideology
NO_ANARCHY_OR_WAR = "peace"      # Stability: unless anarchy or war is in effect
ANARCHY_OR_WAR = "anarchy-or-war"  # Anarchy/War Ends


@dataclass(frozen=True)
class CardType:
    """One kind of card; `count` copies of it are in the deck."""

    key: str
    name: str
    subtitle: str
    count: int
    condition: str
    text: str
    event: str                    # the event identity compared for repetition (HF-1)
    law: Ideology | None = None   # for condition LAW
    bonus_op: str | None = None   # the bonus operation each player may perform
    delegates: str | None = None  # the delegate step, in turn order from the Sec-Gen
    tally: bool = False           # the Sec-Gen tallies the vote afterwards
    family: str = ""              # "anarchy-war-ends" for the four Ends cards

    def ids(self) -> list[CardId]:
        """The ids of this type's copies: the key, or key-1..key-n for twins."""
        if self.count == 1:
            return [self.key]
        return [f"{self.key}-{n}" for n in range(1, self.count + 1)]

    @property
    def title(self) -> str:
        return f"{self.name}: {self.subtitle}" if self.subtitle else self.name

    @property
    def condition_text(self) -> str:
        if self.condition == LAW:
            return f"only if {self.law} is the Active Law"
        if self.condition == NO_ANARCHY_OR_WAR:
            return "only if there is no anarchy or war"
        if self.condition == ANARCHY_OR_WAR:
            return "only during anarchy or war"
        return "always"


_ENDS = "anarchy-war-ends"

CARD_TYPES: tuple[CardType, ...] = (
    CardType("inspiration", "Inspiration", "", 4, ALWAYS,
             "Put the topmost card of each patent deck and the colonist queue on the bottom.",
             event="inspiration"),
    CardType("glitch", "Glitch", "", 2, ALWAYS,
             "Each player places a busted disk on their stack with the most cards that has "
             "neither a busted disk nor humans. Choose which stack if tied. See Glitch Trigger "
             "in the glossary.",
             event="glitch"),
    CardType("pad-explosion", "Pad Explosion", "", 1, ALWAYS,
             "Each player decommissions their heaviest card in LEO. Choose which card if tied. "
             "Crew, black-side, purple-side, colonists, contracts, and Bernals are immune.",
             event="pad-explosion/space-debris"),
    CardType("space-debris", "Space Debris", "", 1, ALWAYS,
             "Each player decommissions their heaviest card in LEO. Choose which card if tied. "
             "Crew, black-side, purple-side, colonists, contracts, and Bernals are immune.",
             event="pad-explosion/space-debris"),
    CardType("equality", "Equality", "Symposia", 1, LAW,
             "If Equality is the Active Law, each player may take the top card from 1 patent "
             "deck. Ignore academia limit. Cards do not come with supports. This is a Bonus "
             "Operation.",
             event="equality", law="Equality",
             bonus_op="take the top card from 1 patent deck (no academia limit, no supports)"),
    CardType("unity", "Unity", "Plenary Session", 1, LAW,
             "If Unity is the Active Law, each player may perform a Fundraise Bonus Operation. "
             "However, tally the vote only after all players have finished. The Sec-Gen "
             "decides ties.",
             event="unity", law="Unity", bonus_op="Fundraise", tally=True),
    CardType("centrist", "Centrist", "Premiums Due", 1, LAW,
             "If Centrist is the Active Law, each player with a delegate in Centrist pays 1 "
             "aqua to the bank. Ignore if you have no aqua.",
             event="centrist", law="Centrist"),
    CardType("freedom", "Freedom", "Bull Market", 1, LAW,
             "If Freedom is the Active Law, each player may Free Market 1 patent card for 4 "
             "aquas. This is a Bonus Op.",
             event="freedom", law="Freedom",
             bonus_op="Free Market 1 patent card for 4 aquas"),
    CardType("authority", "Authority", "Forced Labor", 1, LAW,
             "If Authority is the Active Law, each player may perform 1 Bonus Operation but "
             "no movement.",
             event="authority", law="Authority",
             bonus_op="1 Bonus Operation, but no movement"),
    CardType("individuality", "Individuality", "Choice", 1, LAW,
             "If Individuality is the Active Law, each player may perform 1 Bonus Operation "
             "using any factory belonging to any player.",
             event="individuality", law="Individuality",
             bonus_op="1 Bonus Operation using any factory belonging to any player"),
    CardType("honor", "Honor", "Hero Worship", 1, LAW,
             "If Honor is the Active Law, each player gains 1 aqua for each positive glory "
             "chit they hold anywhere.",
             event="honor", law="Honor"),
    CardType("stability", "Stability", "Dominant Ideology", 1, NO_ANARCHY_OR_WAR,
             "Unless Anarchy or War are in effect, gain 2 VPs if your ideology is the Active "
             "Law. Lose 1 VP if the opposite ideology is the Active Law.",
             event="stability"),
    CardType("centrist-purge", "Anarchy/War Ends", "Centrist Purge", 1, ANARCHY_OR_WAR,
             "If Anarchy or War are in effect, each player loses 1 Centrist delegate. Then "
             "tally vote.",
             event=f"{_ENDS}/centrist-purge", family=_ENDS,
             delegates="must lose 1 Centrist delegate", tally=True),
    CardType("core-values", "Anarchy/War Ends", "Core Values", 1, ANARCHY_OR_WAR,
             "If Anarchy or War are in effect, each player may place a new delegate into their "
             "ideology. This is not a Fundraise. Then tally vote.",
             event=f"{_ENDS}/core-values", family=_ENDS,
             delegates="may place a new delegate into their ideology (not a Fundraise)",
             tally=True),
    CardType("rightward-shift", "Anarchy/War Ends", "Rightward Shift", 1, ANARCHY_OR_WAR,
             "If Anarchy or War are in effect, each player must move 1 delegate clockwise in "
             "the assembly. Then tally vote.",
             event=f"{_ENDS}/rightward-shift", family=_ENDS,
             delegates="must move 1 delegate clockwise in the assembly", tally=True),
    CardType("leftward-shift", "Anarchy/War Ends", "Leftward Shift", 1, ANARCHY_OR_WAR,
             "If Anarchy or War are in effect, each player must move 1 delegate "
             "counter-clockwise in the assembly. Then tally vote.",
             event=f"{_ENDS}/leftward-shift", family=_ENDS,
             delegates="must move 1 delegate counter-clockwise in the assembly", tally=True),
    CardType("sunspot-cycle", "Sunspot Cycle", "", 4, ALWAYS,
             "Apply the sunspot event for the current season, just as if the standard event "
             "die had rolled a 5 or 6.",
             event="sunspot-cycle"),
)

TYPES_BY_KEY: dict[str, CardType] = {t.key: t for t in CARD_TYPES}
CARD_TYPE: dict[CardId, CardType] = {cid: t for t in CARD_TYPES for cid in t.ids()}
DECK: tuple[CardId, ...] = tuple(cid for t in CARD_TYPES for cid in t.ids())
ENDS_FAMILY = _ENDS


def event_of(card: CardId, *, ends_as_one_event: bool = False) -> str:
    """The event a card stands for, as the repetition rule compares it (HF-1)."""
    kind = CARD_TYPE[card]
    if ends_as_one_event and kind.family:
        return kind.family
    return kind.event


def category(card: CardId) -> str:
    """law, stability, ends, sunspot or plain: what a render colours the card by."""
    kind = CARD_TYPE[card]
    if kind.condition == LAW:
        return "law"
    if kind.condition == NO_ANARCHY_OR_WAR:
        return "stability"
    if kind.family:
        return "ends"
    if kind.event == "sunspot-cycle":
        return "sunspot"
    return "plain"


def card_info(card: CardId) -> dict[str, str]:
    """A card as the views and events show it."""
    kind = CARD_TYPE[card]
    return {"id": card, "type": kind.key, "name": kind.name, "subtitle": kind.subtitle,
            "text": kind.text, "condition": kind.condition_text, "category": category(card)}
