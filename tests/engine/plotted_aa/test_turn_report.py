"""The turn report (issue 24; docs/plotted-aa.md, D-26): when the Execution Phase ends, the
channel gets each power's plot in words with what became of each action, and the check of
all five commitments; each power gets, privately, its losses and captures since its last
decision and what it must decide next (the bot adds when: `add_deadline`).

Rulebook, Execution Phase, Rounds: "A plotted action must be revealed during its assigned
round. However, a country has the option of moving or building none, some, or all of the
units it plotted to move or build"; Plot Phase: each plot is committed at submit (the
digest), and checked after the turn.
"""

from __future__ import annotations

import pytest

from engine.aa.units import POWERS
from engine.events import Event
from tests.engine.plotted_aa.helpers import act, plot_phase, submit_all
from tests.engine.plotted_aa.test_standing_orders import first_rolls

USSR, GER, UK, JAP, USA = POWERS


def the_turn(monkeypatch: pytest.MonkeyPatch) -> list[Event]:
    """The USSR's build executed as plotted (its standing order), Germany's attack on
    Karelia executed by its player (the USSR loses units, Germany takes nothing), the UK's
    build passed, Japan's move of 4 infantry from a place that holds 2 executed in part,
    the USA's round 2 a NOOP after a build with the units its owner named."""
    game = plot_phase("report")
    act(game, USSR, "plot-build", round=1, factory="Russia", units="2i")
    act(game, USSR, "orders", reveal="whole-or-ask")
    act(game, GER, "plot-move", round=1, units="3i, t", from_area="E Eur", to="Karelia")
    act(game, UK, "plot-build", round=1, factory="UK", units="i")
    act(game, JAP, "plot-move", round=1, units="4i", from_area="Manchuria", to="China")
    act(game, USA, "plot-build", round=1, factory="East US", units="3i")
    act(game, USA, "plot-noop", round=2)
    events = submit_all(game)
    first_rolls(monkeypatch, [1], [1, 6, 6], [1], [6], [6, 6, 6])
    events += act(game, GER, "execute")
    for _ in range(40):
        if game.stage != "execute":  # type: ignore[attr-defined]
            break
        seat, prompt = next(iter(game.prompts().items()))
        names = [a.name for a in prompt.actions]
        if seat == UK and "pass" in names:
            events += act(game, UK, "pass")
        elif seat == JAP and "execute" in names:
            events += act(game, JAP, "execute")
        elif seat == USA and "execute" in names:
            events += act(game, USA, "execute-part", units="2i")
        elif seat == GER and "retreat" in names:
            events += act(game, GER, "retreat", to="East Europe")
        else:
            seat, action, params = game.timeout_actions()[0]
            events += act(game, seat, action, **params)
    return events


def test_the_turn_report_says_what_became_of_each_plotted_action(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: "A turn report when the Execution Phase ends: each power's plot in words
    with what became of each action (executed, in part, passed, blocked and by what), and
    the check of all five commitments, published by the bot (a public event)"."""
    events = the_turn(monkeypatch)
    report = [e for e in events if e.kind == "turn_report"]
    assert report and all(e.public for e in report)
    text = "\n".join(e.text for e in report)
    assert "Turn 1's report: each power's plot and what became of each action." in text
    assert ("- Round 1: build 2 infantry at Russia. \N{EM DASH} executed as plotted by "
            "standing orders.") in text
    assert ("- Round 1: move into Karelia S.S.R.: 3 infantry, 1 armour from East Europe. "
            "\N{EM DASH} executed as plotted.") in text
    assert "- Round 1: build 1 infantry at United Kingdom. \N{EM DASH} passed." in text
    assert ("- Round 1: move into China: 4 infantry from Manchuria. \N{EM DASH} executed in "
            "part: 4 infantry from Manchuria: only 3 there free to move now.") in text
    assert ("- Round 1: build 3 infantry at East US. \N{EM DASH} executed with the units its "
            "owner named.") in text
    assert "- Round 2: no operation." in text
    assert ("Commitments: each power's plot and salt, published now, against the digest "
            "posted at submit: USSR matches, Germany matches, United Kingdom matches, Japan "
            "matches, USA matches.") in text
    assert all(len(e.text) < 1900 for e in report)  # each fits one chat message


def test_each_power_gets_a_private_digest_since_its_last_decision(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: "each power gets a private digest since its last decision: its losses and
    captures, and what it must decide next, by when (the deadline time is the bot's: ...
    coordinate by a clearly named event field)"."""
    events = the_turn(monkeypatch)
    digests = {next(iter(e.audience)): e for e in events if e.kind == "turn_digest"}
    assert set(digests) == set(POWERS) and not any(e.public for e in digests.values())
    ussr = digests[USSR].text  # its last decision: a casualty choice in Karelia's battle
    assert ussr.startswith("Turn 1's Execution Phase is over. Since your last decision "
                           "(turn 1, Execution Phase, round 1): you lost ")
    assert digests[JAP].text.split("Since your last decision ")[1].startswith(
        "(turn 1, Execution Phase, round 1)")
    germany = digests[GER]
    assert "Since your last decision (turn 1, Execution Phase, round 1)" in germany.text
    assert "you lost 1 infantry" in germany.text
    uk = digests[UK]
    assert "Next for you: the Final Build Phase: you may build 1 infantry" in uk.text
    assert "24 hours to answer once it is asked" in uk.text
    assert uk.data["add_deadline"] is True and uk.data["next"].startswith("the Final Build")
    assert "turn 2's Develop Weapons Phase" in digests[GER].data["next"]


def test_the_digest_names_the_territories_taken_and_lost() -> None:
    """The digest's captures: Germany walks into an empty Karelia (its AA gun and factory
    change hands with it): Germany "took" it, the USSR "lost" it."""
    game = plot_phase("captures")
    game.pos.units["Karelia S.S.R."].pop(USSR)  # type: ignore[attr-defined]
    act(game, GER, "plot-move", round=1, units="3i, t", from_area="E Eur", to="Karelia")
    act(game, GER, "orders", reveal="whole-or-ask")
    events = submit_all(game)
    digests = {next(iter(e.audience)): e.text for e in events if e.kind == "turn_digest"}
    assert "you lost no unit; you took Karelia S.S.R." in digests[GER]
    assert "you lost no unit; you lost Karelia S.S.R." in digests[USSR]
