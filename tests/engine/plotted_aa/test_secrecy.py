"""Secrecy and commitment of the plots (Plotted A&A, "Plot Phase": all players plot
"simultaneously"; issue 16: "no plot content, count or round appears in any public event,
view or image before its reveal").

Twins: the same position plotted two different ways gives the same public events and the
same public view until the plots are revealed (the commitment digests aside, which by design
depend on the plot and reveal nothing without the salt). During the Execution Phase the
public view lists exactly the actions revealed so far. After the turn every plot and salt is
public, each checks against its digest, and one changed character makes the check fail.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from engine import Game
from engine.aa.units import POWERS
from engine.events import Event
from engine.games.plotted_aa import verify_commitment
from engine.games.plotted_aa.commitment import canonical_plot
from tests.engine.plotted_aa.helpers import act, plot_phase, random_plot, verified

TWIN_SEEDS = 40
TURN_SEEDS = 100  # issue 16: "random legal plotting over at least 100 seeded turns"
_DIGEST = re.compile(r"\b[0-9a-f]{64}\b")


def masked(value: Any) -> str:
    """JSON text with the commitment digests blanked (they are meant to differ)."""
    return _DIGEST.sub("<digest>", json.dumps(value, sort_keys=True, default=str))


def public_record(events: list[Event]) -> list[str]:
    return [masked(e.to_json()) for e in events if e.public]


def plotted_twin(seed: int, variant: int) -> tuple[Game, list[Event]]:
    game = plot_phase(f"twin-{seed}")
    rnd = random.Random(f"{seed}:{variant}")
    events: list[Event] = []
    for power in POWERS:
        random_plot(game, power, rnd, rnd.randint(0, 6), sink=events)
    for power in POWERS[:-1]:
        events += game.act(power, "plot-submit")
    return game, events


@pytest.mark.slow  # seeded volume: `-m "not slow"` skips it locally
def test_twins_plotted_differently_look_the_same_to_the_public_until_the_reveal() -> None:
    """Plot Phase: "All players simultaneously plot all movement and build actions for the
    current turn": nothing of a plot (content, number of actions, rounds) is public before
    its reveal; the channel learns only who submitted."""
    differing = 0
    for seed in range(TWIN_SEEDS):
        one, one_events = plotted_twin(seed, 1)
        two, two_events = plotted_twin(seed, 2)
        differing += one.plots != two.plots
        assert public_record(one_events) == public_record(two_events), seed
        assert masked(one.view(None)) == masked(two.view(None)), seed
        for event in one_events + two_events:
            if event.kind == "plot_sheet":
                assert len(event.audience) == 1  # a power's own DM, even for a two-power user
    assert differing >= TWIN_SEEDS // 2


GER = "Germany"
# Germany's plot in the twin that writes five actions, with more commands than actions (a
# row typed again, an action removed and written again): its first action is the other
# twin's only one.
FIVE = [("plot-move", {"round": 1, "units": "inf", "from_area": "Germany", "to": "W Europe"}),
        ("plot-move", {"round": 2, "units": "arm", "from_area": "Germany", "to": "E Europe"}),
        ("plot-move", {"round": 2, "units": "2 arm", "from_area": "Germany",
                       "to": "E Europe"}),
        ("plot-build", {"round": 3, "factory": "Germany", "units": "2 inf"}),
        ("plot-noop", {"round": 4}),
        ("plot-remove", {"round": 4}),
        ("plot-noop", {"round": 4}),
        ("plot-move", {"round": 5, "units": "arm", "from_area": "South Europe",
                       "to": "Germany"})]


def twin_games(seed: int) -> tuple[Game, Game]:
    """Two games alike in all but Germany's plot: one action, or five (more commands)."""
    games = []
    for commands in (FIVE[:1], FIVE):
        game = plot_phase(f"twin-turn-{seed}")
        rnd = random.Random(f"twin-turn-{seed}")
        for power in POWERS:
            if power == GER:
                for action, params in commands:
                    act(game, GER, action, **params)
            else:
                random_plot(game, power, rnd, rnd.randint(2, 6))
        games.append(game)
    assert len(games[0].plots[GER]) == 1 and len(games[1].plots[GER]) == 5  # type: ignore
    return games[0], games[1]


def public_surface(game: Game) -> str:
    """Everything public: the public view, and every other power's view (step counts
    included), with the digests masked."""
    views = {"public": game.view(None)}
    views.update({p: game.view(p) for p in POWERS if p != GER})
    return masked({**views, "deadline": game.deadline_seconds(),
                   "timeout": game.timeout_actions() if game.stage != "plot" else None})


def test_twins_one_action_or_five_look_alike_until_the_first_differing_reveal() -> None:
    """Plot Phase: "All players simultaneously plot all movement and build actions" and
    Execution Phase, Rounds: "each country reveals and executes the action it plotted for
    the current round" (issue 21: the count, kinds and rounds of a power's plotted actions
    are secret until revealed). Germany writes one action in one twin, five (with more
    commands) in the other: every public event, the public view, every other power's view
    (its step count too) and every die are the same, through the plots, the submits and the
    first round's battles, until the first public event that differs, which is a reveal:
    round 2 begins (or not), or Germany reveals its round 2."""
    reached = 0
    for seed in range(12):
        one, five = twin_games(seed)
        step = 0
        for game in (one, five):
            for power in POWERS:
                game.act(power, "plot-submit", as_it_stands=True)
        while True:
            assert public_surface(one) == public_surface(five), (seed, step)
            todo = one.timeout_actions()
            if not todo:
                break
            seat, action, params = todo[0]
            first = public_record(one.act(seat, action, **params))
            second = public_record(five.act(seat, action, **params))
            if first != second:
                pairs = zip(first + [""], second + [""], strict=False)
                index = next(i for i, (a, b) in enumerate(pairs) if a != b)
                diverging = [json.loads(e) for e in first[index:index + 1]
                             + second[index:index + 1]]
                assert {e["kind"] for e in diverging} <= {"reveal", "round",
                                                          "plots_disclosed"}, (seed, step)
                assert all(e["data"].get("round", 2) >= 2 for e in diverging), (seed, step)
                reached += 1
                break
            step += 1
    assert reached >= 10


def play_turn(seed: int) -> tuple[Game, list[Event]]:
    rnd = random.Random(f"turn-{seed}")
    game = plot_phase(f"turn-{seed}")
    events: list[Event] = []
    for power in POWERS:
        random_plot(game, power, rnd, rnd.randint(0, 5))
    for power in POWERS:
        events += game.act(power, "plot-submit")
        check_revealed_only(game)
    for _ in range(500):
        if game.stage != "execute" and game.stage != "final-build":
            break
        seat, action, params = game.timeout_actions()[0]
        if action == "execute" and rnd.random() < 0.2:
            action, params = "pass", {}
        events += game.act(seat, action, **params)
        check_revealed_only(game)
    return game, events


def check_revealed_only(game: Game) -> None:
    """The public view shows exactly the actions revealed so far, and no other."""
    view = game.view(None)
    # The board itself is the units' places, not plot data: left out to keep this fast.
    text = json.dumps({k: v for k, v in view.items() if k != "position"}, sort_keys=True)
    shown = {(a["power"], a["round"]) for a in view["revealed"]}
    for index, power in enumerate(POWERS):
        for action in game.plots[power]:  # type: ignore[attr-defined]
            due = game.stage == "execute" and (  # type: ignore[attr-defined]
                action.round < game.round or (action.round == game.round  # type: ignore
                                              and index <= game.current))  # type: ignore
            assert ((power, action.round) in shown) == due
            if not due and game.stage in ("plot", "execute"):  # type: ignore[attr-defined]
                assert json.dumps(action.to_json(), sort_keys=True) not in text


@pytest.mark.slow  # seeded volume: `-m "not slow"` skips it locally
def test_actions_are_public_only_from_their_reveal_and_plots_verify_after_the_turn() -> None:
    """Execution Phase: "A plotted action must be revealed during its assigned round"; the
    commitment (issue 16): "at each reveal the action and, after the turn, the whole plot
    and salt, so anyone can check that no plot changed after submission"."""
    for seed in range(TURN_SEEDS):
        game, events = play_turn(seed)
        submitted = {e.data["power"]: e.data["digest"] for e in events
                     if e.kind == "plot_submitted"}
        disclosed = next(e.data["plots"] for e in events if e.kind == "plots_disclosed")
        assert sorted(disclosed) == sorted(POWERS)
        for power, record in disclosed.items():
            assert record["digest"] == submitted[power]
            assert verify_commitment(record["plot"], record["salt"], record["digest"])
        if seed % 10 == 0:
            assert verified(game)  # the log replays to the same game, every roll and salt


def test_changing_one_character_of_a_stored_plot_fails_the_check() -> None:
    """The commitment: "changing one character of a stored plot after submission makes the
    check fail" (issue 16)."""
    game = plot_phase("tamper")
    game.act("Germany", "plot-move", round=1, units="3i, t", from_area="Fin", to="Karelia")
    game.act("Germany", "plot-submit")
    plot = canonical_plot(game.plots["Germany"])  # type: ignore[attr-defined]
    salt, digest = game.salts["Germany"], game.digests["Germany"]  # type: ignore[attr-defined]
    assert verify_commitment(plot, salt, digest)
    for index in range(len(plot)):
        changed = plot[:index] + ("x" if plot[index] != "x" else "y") + plot[index + 1:]
        assert not verify_commitment(changed, salt, digest)
    assert not verify_commitment(plot.replace('"infantry":3', '"infantry":2'), salt, digest)
    assert not verify_commitment(plot, salt[:-1] + "0" if salt[-1] != "0" else salt[:-1] + "1",
                                 digest)
