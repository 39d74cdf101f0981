"""RISK combat: one round of dice, a blitz of rounds, and the move after a conquest.

Classic rules: the attacker rolls 1 to 3 dice and must have more armies in the
attacking territory than dice rolled (one army always stays behind); the defender
rolls 1 or 2, never more than the armies defending. Each side's dice are sorted
highest first and compared in pairs, as many pairs as the smaller side rolled; the
higher die wins each pair and ties go to the defender. Each lost pair costs one army.

All luck comes from the `Rng` passed in (anything with its `roll` method), so a
game replays exactly.

>>> from engine.rng import Rng
>>> compare([6, 3, 1], [5, 3])
(1, 1)
>>> r = battle_round(Rng("doc", "0"), 3, 2)
>>> r.attacker_losses + r.defender_losses
2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol

from engine.errors import NotAllowed, Unreadable

MAX_ATTACK_DICE = 3
MAX_DEFEND_DICE = 2


class Dice(Protocol):
    """What combat needs of a generator: `engine.rng.Rng` is one."""

    def roll(self, count: int = 1, sides: int = 6, *, label: str = "dice") -> list[int]: ...


class RoundResult(NamedTuple):
    """One throw of the dice: both sides' dice (highest first) and the armies each lost."""

    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_losses: int
    defender_losses: int

    def describe(self) -> str:
        """E.g. "6-5-2 vs 5-5: attacker loses 1, defender loses 1"."""
        att = "-".join(map(str, self.attacker_dice))
        dfd = "-".join(map(str, self.defender_dice))
        losses = []
        if self.attacker_losses:
            losses.append(f"attacker loses {self.attacker_losses}")
        if self.defender_losses:
            losses.append(f"defender loses {self.defender_losses}")
        return f"{att} vs {dfd}: {', '.join(losses)}"

    def to_json(self) -> dict[str, object]:
        return {"attacker_dice": list(self.attacker_dice),
                "defender_dice": list(self.defender_dice),
                "attacker_losses": self.attacker_losses,
                "defender_losses": self.defender_losses}


def compare(attacker_dice: list[int] | tuple[int, ...],
            defender_dice: list[int] | tuple[int, ...]) -> tuple[int, int]:
    """(attacker losses, defender losses) for thrown dice; ties go to the defender."""
    return _losses(sorted(attacker_dice, reverse=True), sorted(defender_dice, reverse=True))


def _losses(att: list[int], dfd: list[int]) -> tuple[int, int]:
    # Both sides sorted highest first; as many pairs as the smaller side rolled.
    defender_losses = 0
    pairs = min(len(att), len(dfd))
    for i in range(pairs):
        if att[i] > dfd[i]:
            defender_losses += 1
    return pairs - defender_losses, defender_losses


def check_dice(attack_dice: int, defend_dice: int) -> None:
    """Refuse dice counts the rules never allow (1-3 attacking, 1-2 defending)."""
    if not 1 <= attack_dice <= MAX_ATTACK_DICE:
        raise NotAllowed(f"The attacker rolls 1 to {MAX_ATTACK_DICE} dice, not {attack_dice}.")
    if not 1 <= defend_dice <= MAX_DEFEND_DICE:
        raise NotAllowed(f"The defender rolls 1 or {MAX_DEFEND_DICE} dice, not {defend_dice}.")


def max_attack_dice(armies: int) -> int:
    """Most dice a territory holding `armies` may attack with (one army stays behind)."""
    return max(0, min(MAX_ATTACK_DICE, armies - 1))


def max_defend_dice(armies: int) -> int:
    """Most dice a territory holding `armies` may defend with."""
    return max(0, min(MAX_DEFEND_DICE, armies))


def check_attack(armies: int, defenders: int, attack_dice: int, defend_dice: int) -> None:
    """Refuse a round the armies on the board do not allow.

    `armies` is the attacking territory's armies (the one that must stay included).
    """
    check_dice(attack_dice, defend_dice)
    if armies < 2:
        raise NotAllowed("You need at least 2 armies in a territory to attack from it.")
    if attack_dice >= armies:
        raise NotAllowed(f"With {armies} armies you may roll at most {max_attack_dice(armies)} "
                         "dice: one army must stay behind.")
    if defenders < 1:
        raise NotAllowed("There is nobody there to attack.")
    if defend_dice > defenders:
        raise NotAllowed(f"{defenders} defending army can roll only 1 die.")


def battle_round(rng: Dice, attack_dice: int, defend_dice: int) -> RoundResult:
    """Roll one round: `attack_dice` (1-3) against `defend_dice` (1-2).

    Checks only the dice counts; `check_attack` checks them against the armies.
    """
    check_dice(attack_dice, defend_dice)
    return _round(rng, attack_dice, defend_dice)


def _round(rng: Dice, attack_dice: int, defend_dice: int) -> RoundResult:
    att = rng.roll(attack_dice, 6, label="attack")
    dfd = rng.roll(defend_dice, 6, label="defence")
    att.sort(reverse=True)
    dfd.sort(reverse=True)
    # Inlined `_losses`: this is the hot loop of every blitz and simulation.
    if attack_dice == 1 or defend_dice == 1:
        won = 1 if att[0] > dfd[0] else 0
        return RoundResult(tuple(att), tuple(dfd), 1 - won, won)
    won = (att[0] > dfd[0]) + (att[1] > dfd[1])
    return RoundResult(tuple(att), tuple(dfd), 2 - won, won)


@dataclass(frozen=True)
class BlitzResult:
    """Every round of a blitz and where it left both territories.

    `attackers` counts the attacking territory's armies (the one that stays behind
    included); `conquered` is True when the defenders were wiped out, and then the
    conquest move is due (at least `last_dice`, at most `attackers - 1`).
    """

    rounds: tuple[RoundResult, ...]
    attackers: int
    defenders: int

    @property
    def conquered(self) -> bool:
        return self.defenders == 0

    @property
    def last_dice(self) -> int:
        return len(self.rounds[-1].attacker_dice) if self.rounds else 0

    @property
    def attacker_losses(self) -> int:
        return sum(r.attacker_losses for r in self.rounds)

    @property
    def defender_losses(self) -> int:
        return sum(r.defender_losses for r in self.rounds)


def blitz(rng: Dice, attackers: int, defenders: int, *, stop_at: int = 1,
          attack_dice: int = MAX_ATTACK_DICE, defend_dice: int = MAX_DEFEND_DICE) -> BlitzResult:
    """Attack round after round with the most dice allowed, until something stops it.

    `attackers` is the attacking territory's armies, the one that must stay behind
    included (so the odds of `odds.battle_odds(attackers - 1, defenders)` apply).
    The blitz stops when the territory falls, or when the attacking territory is down
    to `stop_at` armies or fewer (1, the default, fights to the last possible roll).
    `attack_dice` / `defend_dice` cap the dice each side rolls per round.
    """
    if stop_at < 1:
        raise Unreadable("A blitz stops at 1 army at the lowest: one always stays behind.")
    check_dice(attack_dice, defend_dice)
    check_attack(attackers, defenders, 1, 1)
    if attackers <= stop_at:
        raise NotAllowed(f"The attacking territory has {attackers} armies; a blitz that stops "
                         f"at {stop_at} would not roll at all.")
    rounds: list[RoundResult] = []
    while defenders > 0 and attackers > stop_at:
        result = _round(rng, attack_dice if attackers > attack_dice else attackers - 1,
                        defend_dice if defenders > defend_dice else defenders)
        rounds.append(result)
        attackers -= result.attacker_losses
        defenders -= result.defender_losses
    return BlitzResult(tuple(rounds), attackers, defenders)


def conquest_move_range(armies: int, last_dice: int) -> range:
    """Armies that may move into a conquered territory: at least the dice of the last
    roll, at most all but one of the `armies` left in the attacking territory."""
    return range(min(last_dice, armies - 1), armies)


def check_conquest_move(armies: int, last_dice: int, move: int) -> None:
    """Refuse a conquest move outside `conquest_move_range`."""
    allowed = conquest_move_range(armies, last_dice)
    if move not in allowed:
        low, high = allowed.start, allowed.stop - 1
        if low == high:
            raise NotAllowed(f"You must move exactly {low} armies into the conquered territory.")
        raise NotAllowed(f"Move between {low} and {high} armies into the conquered territory "
                         f"(at least the {last_dice} dice you rolled; one army stays behind).")
