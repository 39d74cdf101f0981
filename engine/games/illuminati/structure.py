"""Power structures: control arrows, where each card sits, placing and re-seating.

The table is read as a grid of squares, one card a square (ruling ILL-1). An Illuminati card
sits at (0, 0) with an outgoing arrow on each side. A puppet sits on the square its
master's outgoing arrow points to, its incoming arrow against it; so it faces away from its
master, and its own outgoing arrows (`ahead`, `left`, `right` as printed with the incoming
arrow at the bottom) turn with it. Two cards of one structure may never share a square
("Cards may not overlap").

What is stored is only each card's master and the arrow of the master it sits on
(`placed[card] = {"owner", "master", "arrow"}`, the arrow as a direction on the table:
up, right, down, left); where a card is follows from that (`layout`).

Moving a Group moves its puppets with it, each keeping its arrow; a puppet that would
overlap is re-seated on another vacant arrow of the same master if one is free, and a
puppet that fits nowhere is lost, with its own puppets, to the uncontrolled area (rulebook
p. 7, "Moving a Group"). Which arrow a re-seated puppet takes is the bot's choice, in a fixed
order (ruling ILL-2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

DIRECTIONS = ("up", "right", "down", "left")
STEP = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
# A card's printed arrows, turned to the table by the way it faces (its incoming arrow
# comes from the opposite side): quarter turns clockwise from the facing.
TURN = {"ahead": 0, "right": 1, "back": 2, "left": 3}
# The order in which a puppet that can't keep its arrow tries the others (ILL-2).
RESEAT_ORDER = ("ahead", "right", "left", "back")

Placed = dict[str, dict[str, Any]]
Cell = tuple[int, int]
ArrowsOf = Callable[[str], tuple[str, ...]]


def turned(facing: str, printed: str) -> str:
    """The table direction of a printed arrow on a card facing `facing`."""
    return DIRECTIONS[(DIRECTIONS.index(facing) + TURN[printed]) % 4]


def printed(facing: str, direction: str) -> str:
    """The printed arrow that points `direction` on a card facing `facing`."""
    quarter = (DIRECTIONS.index(direction) - DIRECTIONS.index(facing)) % 4
    return next(name for name, q in TURN.items() if q == quarter)


def next_cell(cell: Cell, direction: str) -> Cell:
    dx, dy = STEP[direction]
    return cell[0] + dx, cell[1] + dy


@dataclass
class Layout:
    """Where the cards of one structure sit, and who hangs on which arrow."""

    root: str
    cells: dict[str, Cell] = field(default_factory=dict)
    facing: dict[str, str] = field(default_factory=dict)
    puppets: dict[str, list[str]] = field(default_factory=dict)
    depth: dict[str, int] = field(default_factory=dict)

    def taken(self) -> dict[Cell, str]:
        return {cell: card for card, cell in self.cells.items()}

    def outgoing(self, card: str, arrows_of: ArrowsOf) -> list[str]:
        """The card's outgoing arrows as table directions, in the order up, right, down,
        left."""
        out = {turned(self.facing[card], a) for a in arrows_of(card)}
        return [d for d in DIRECTIONS if d in out]


def puppets_of(placed: Placed, card: str) -> list[str]:
    """The card's puppets, in the order of their arrows (up, right, down, left)."""
    found = [c for c, p in placed.items() if p["master"] == card]
    return sorted(found, key=lambda c: DIRECTIONS.index(placed[c]["arrow"]))


def subtree(placed: Placed, card: str) -> list[str]:
    """The card and everything it controls, directly or not, master before puppet."""
    out = [card]
    for child in puppets_of(placed, card):
        out += subtree(placed, child)
    return out


def layout(placed: Placed, root: str) -> Layout:
    """The squares of the structure under `root` (an Illuminati card, facing up)."""
    lay = Layout(root, {root: (0, 0)}, {root: "up"}, {}, {root: 0})
    queue = [root]
    children: dict[str, list[str]] = {}
    for card, place in placed.items():
        if place["master"] is not None:
            children.setdefault(place["master"], []).append(card)
    while queue:
        card = queue.pop(0)
        kids = sorted(children.get(card, []), key=lambda c: DIRECTIONS.index(placed[c]["arrow"]))
        lay.puppets[card] = kids
        for kid in kids:
            direction = placed[kid]["arrow"]
            lay.cells[kid] = next_cell(lay.cells[card], direction)
            lay.facing[kid] = direction
            lay.depth[kid] = lay.depth[card] + 1
            queue.append(kid)
    return lay


def free_arrows(lay: Layout, card: str, arrows_of: ArrowsOf,
                ignore: frozenset[str] = frozenset()) -> list[str]:
    """The card's vacant outgoing arrows whose square is free (cards in `ignore`, about to
    move, don't count as taking a square)."""
    taken = {cell for c, cell in lay.cells.items() if c not in ignore}
    used = {lay.facing[p] for p in lay.puppets.get(card, []) if p not in ignore}
    return [d for d in lay.outgoing(card, arrows_of)
            if d not in used and next_cell(lay.cells[card], d) not in taken]


def openings(placed: Placed, root: str, arrows_of: ArrowsOf,
             moving: str | None = None) -> list[tuple[str, str]]:
    """Every (master, arrow) of the structure where a card could be placed now; with
    `moving`, for that card (its own squares are free, and never under itself)."""
    lay = layout(placed, root)
    ignore = frozenset(subtree(placed, moving)) if moving is not None and moving in placed \
        else frozenset()
    return [(card, d) for card in lay.cells if card not in ignore
            for d in free_arrows(lay, card, arrows_of, ignore)]


@dataclass
class Branch:
    """A card and its puppets, lifted off the table with the printed arrow each hangs on."""

    card: str
    arrow: str  # printed arrow of its master it hung on ("ahead" for a lifted root)
    puppets: list[Branch] = field(default_factory=list)

    def cards(self) -> list[str]:
        out = [self.card]
        for p in self.puppets:
            out += p.cards()
        return out


def lift(placed: Placed, card: str, facing: Mapping[str, str] | None = None) -> Branch:
    """Take `card` and its puppets out of `placed`, keeping how they hang together."""
    faces = facing if facing is not None else _facings(placed)

    def build(c: str) -> Branch:
        master = placed[c]["master"]
        arrow = "ahead" if master is None else printed(faces[master], placed[c]["arrow"])
        return Branch(c, arrow, [build(p) for p in puppets_of(placed, c)])

    branch = build(card)
    for c in branch.cards():
        placed.pop(c, None)
    return branch


def _facings(placed: Placed) -> dict[str, str]:
    return {c: ("up" if p["master"] is None else p["arrow"]) for c, p in placed.items()}


def seat(placed: Placed, root: str, branch: Branch, master: str, direction: str, owner: str,
         arrows_of: ArrowsOf) -> list[Branch]:
    """Put `branch` on `master`'s arrow `direction` in the structure under `root`: its
    puppets keep their arrows where they can, else take another vacant arrow of the same
    master (ILL-2); the branches that fit nowhere are returned (lost). The branch's own
    card must fit: the caller offers only free arrows."""
    lay = layout(placed, root)
    taken = set(lay.cells.values())
    cell = next_cell(lay.cells[master], direction)
    if cell in taken:
        return [branch]
    lost: list[Branch] = []
    placed[branch.card] = {"owner": owner, "master": master, "arrow": direction}
    taken.add(cell)
    queue = [(branch, cell, direction)]
    while queue:
        node, here, facing = queue.pop(0)
        used: set[str] = set()
        arrows = [turned(facing, a) for a in arrows_of(node.card)]
        for puppet in node.puppets:
            wanted = turned(facing, puppet.arrow)
            tries = [wanted] + [turned(facing, a) for a in RESEAT_ORDER
                                if turned(facing, a) != wanted]
            spot = next((d for d in tries if d in arrows and d not in used
                         and next_cell(here, d) not in taken), None)
            if spot is None:
                lost.append(puppet)
                continue
            used.add(spot)
            there = next_cell(here, spot)
            taken.add(there)
            placed[puppet.card] = {"owner": owner, "master": node.card, "arrow": spot}
            queue.append((puppet, there, spot))
    return lost
