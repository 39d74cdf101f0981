"""Plotted A&A's pictures (issue 16): the public board after each round, and a power's private
preview of its plot: readable at chat size, colour-blind safe, small enough, and the public
one the same whatever the plots say (secrecy)."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from PIL import Image

import engine
from engine.aa.units import POWERS
from renders import aa_map, plotted_aa
from renders.palette import MIN_DISTANCE, closest_pair
from renders.text import CHAT_WIDTH, MIN_PX, Drawn, min_size, recording


def plotting(seed: str = "render", **options: Any) -> engine.Game:
    """A game in the Plot Phase (every power skipped weapons development)."""
    game = engine.new_game("plotted-aa", list(POWERS), seed=seed, options=options or None)
    while game.view(None)["stage"] != "plot":
        seat, action, params = game.timeout_actions()[0]
        game.act(seat, action, **params)
    return game


def german_plot(game: engine.Game) -> None:
    game.act("Germany", "plot-move", round=1, units="3 inf, arm", from_area="Germany",
             to="E Eur")
    game.act("Germany", "plot-build", round=2, factory="Germany", units="3 inf")
    game.act("Germany", "plot-move", round=3, units="2 arm", from_area="E Eur", to="Karelia",
             via="Ukraine")


def executing() -> engine.Game:
    """A game in round 1 of the Execution Phase, Germany's move revealed and executed
    (every standing order "ask me": the execution waits for Germany's click)."""
    game = plotting("executing", standing_orders="ask")
    german_plot(game)
    for power in POWERS:
        game.act(power, "plot-submit", as_it_stands=True)
    for _ in range(50):
        if game.view(None)["current"] == "Germany" and game.view(None)["round"] == 1:
            break
        seat, action, params = game.timeout_actions()[0]
        game.act(seat, action, **params)
    game.act("Germany", "execute")
    return game


def checked(png: bytes, drawn: list[Drawn]) -> Image.Image:
    """DESIGN, Renders: at most 1600 px wide and 150 KB; every text a player needs at least
    9 px tall when shown 550 px wide; no character drawn as its code."""
    image = Image.open(io.BytesIO(png))
    assert image.width <= 1600 and len(png) <= 150_000, (image.size, len(png))
    needed = [d for d in drawn if d.needed]
    assert needed
    assert min(d.size for d in needed) * CHAT_WIDTH / image.width >= MIN_PX
    assert not any(d.missing for d in drawn)
    return image


def test_the_board_says_the_turn_round_and_phase_in_words_and_marks_each_move() -> None:
    game = executing()
    view = game.view(None)
    assert view["moves"], "Germany's move is on the board"
    with recording() as drawn:
        png = plotted_aa.render(view)
    checked(png, drawn)
    texts = [d.text for d in drawn if d.needed]
    assert any(f"Turn 1, Execution Phase, round {view['round']}" in t for t in texts), texts
    # Each arrow carries its power's letter, not only its colour.
    assert texts.count("G") >= len(view["moves"])
    with recording() as drawn:
        zoom = plotted_aa.render_zoom(view)
    assert zoom is not None
    checked(zoom, drawn)


def test_the_private_preview_numbers_each_plotted_action_by_its_round() -> None:
    game = plotting()
    german_plot(game)
    view = game.view("Germany")
    with recording() as drawn:
        png = plotted_aa.render_private(view)
    assert png is not None
    checked(png, drawn)
    needed = [d.text for d in drawn if d.needed]
    # The arrows (a 'via' move is two legs) and the build square, each with its round.
    assert needed.count("1") >= 2 and needed.count("2") >= 2 and needed.count("3") >= 3
    assert "build 3 infantry at Germany." in needed
    assert any(t.startswith("move into Karelia S.S.R.") for t in needed)
    assert any("Germany's plot, in secret" in t for t in needed)


def test_an_empty_plot_has_no_preview_and_a_plot_across_the_world_is_drawn_whole() -> None:
    game = plotting()
    assert plotted_aa.render_private(game.view("Japan")) is None
    game.act("Japan", "plot-move", round=1, units="inf", from_area="Manchuria", to="China")
    game.act("Japan", "plot-move", round=2, units="bb", from_area="Japan Sea Zone",
             to="Hawaiian Islands Sea Zone")
    with recording() as drawn:
        png = plotted_aa.render_private(game.view("Japan"))
    assert png is not None
    checked(png, drawn)


def test_the_public_board_is_the_same_for_twin_games_whose_plots_differ() -> None:
    """Issue 16: "no plot content, count or round appears in any public event, view or
    image before its reveal": two games from the same seed, one with Germany's plot
    written and submitted by every power, the other with other plots, draw the same
    public bytes (the board and its close-up)."""
    plotted, other = plotting("twins"), plotting("twins")
    german_plot(plotted)
    other.act("Germany", "plot-noop", round=1)
    other.act("USSR", "plot-move", round=1, units="3 inf", from_area="Russia", to="Karelia")
    assert plotted.view(None) == other.view(None)
    assert plotted_aa.render(plotted.view(None)) == plotted_aa.render(other.view(None))
    assert plotted_aa.render_zoom(plotted.view(None)) == plotted_aa.render_zoom(
        other.view(None))
    assert plotted_aa.render_private(plotted.view("Germany")) != \
        plotted_aa.render_private(other.view("Germany"))


def test_one_view_per_round_over_in_an_announcement() -> None:
    """Issue 16: "The board after every round ... posted once per round (not once per
    action: a round of five powers is one image)": one view per `round_over` event, each
    with that round's moves; the board as it stands when no round ended."""
    view: dict[str, Any] = {"turn": 2, "round": 3, "moves": [], "phase": "turn 2"}
    first = [{"power": "USSR", "from": "Russia", "to": "Karelia S.S.R.", "round": 2}]
    events = [{"kind": "reveal"}, {"kind": "round_over", "round": 2, "moves": first},
              {"kind": "round", "round": 3}, {"kind": "round_over", "round": 3, "moves": []}]
    views = plotted_aa.board_views(view, events)
    assert [v["moves"] for v in views] == [first, []]
    assert "round 2 over" in views[0]["phase"] and "round 3 over" in views[1]["phase"]
    assert plotted_aa.board_views(view, [{"kind": "reveal"}]) == [view]
    ended = plotted_aa.board_views(view, [*events, {"kind": "turn_started"}])
    assert len(ended) == 3 and ended[-1] == view


def test_the_powers_marks_stay_apart_for_colour_blind_players() -> None:
    """The arrows and marks use the map's Okabe-Ito shades with a letter or number on each:
    CIEDE2000 at least MIN_DISTANCE apart under normal vision and the three dichromacies."""
    colours = [*aa_map.POWER_COLOURS.values(), aa_map.NEUTRAL, aa_map.SEA]
    assert closest_pair(colours)[0] >= MIN_DISTANCE


@pytest.mark.parametrize("name", ["Ünïcödé Gräf", "東條 英機", "🛡️ Panzer"])
def test_names_in_any_script_render_in_the_band(name: str) -> None:
    """Every name in any script: a phase naming a player still has no missing glyph."""
    game = plotting()
    view = {**game.view(None), "phase": f"turn 1, waiting for {name}"}
    with recording() as drawn:
        png = plotted_aa.render(view)
    checked(png, drawn)


# ----- issue 24: marks that never overlap, one palette, drawn once per plot ---------------

WRITTEN = {"infantry": "inf", "armour": "arm", "fighter": "ftr", "bomber": "bmb",
           "battleship": "bb", "carrier": "carrier", "transport": "trn", "submarine": "sub"}


def random_plot(game: engine.Game, power: str, rnd: random.Random, actions: int) -> None:
    """Up to `actions` plotted actions as a player might type them: a unit moved to a
    neighbour (often back and forth between the same two areas, so that arrows share their
    middles), a build at the capital."""
    g: Any = game
    last: tuple[str, str] | None = None
    for number in range(1, actions + 1):
        try:
            if rnd.random() < 0.2:
                game.act(power, "plot-build", round=number, factory=g.board.capital(power),
                         units=rnd.choice(["inf", "2 inf", "arm"]))
                continue
            if last is not None and rnd.random() < 0.4:
                start, end = last[1], last[0]
            else:
                start = rnd.choice(sorted(a for a in g.pos.units if g.movable(power, a)))
                end = rnd.choice(sorted(g.board.neighbours(start)))
            kinds = sorted(k for k in g.movable(power, start) if k in WRITTEN)
            game.act(power, "plot-move", round=number, units=f"1 {WRITTEN[rnd.choice(kinds)]}",
                     from_area=start, to=end)
            last = (start, end)
        except (engine.RuleError, IndexError):
            continue


def test_the_previews_marks_never_overlap() -> None:
    """Issue 24: "the private preview's markers never overlap": over many seeded plots of
    every power (arrows sharing their middles, builds where arrows end), each numbered chip
    and build square is laid out clear of every other, inside the map."""
    start = plotting("marks")
    size = min_size(plotted_aa.WIDTH)
    checked_marks = 0
    for seed in range(40):
        rnd = random.Random(seed)
        game = engine.load("plotted-aa", json.loads(json.dumps(start.state())))
        for power in POWERS:
            random_plot(game, power, rnd, rnd.randint(2, 8))
            theatre, marks, _labels = plotted_aa.plot_marks(game.view(power))
            f = aa_map.frame(theatre)
            boxes = [m.box(size) for m in marks]
            for i, a in enumerate(boxes):
                assert 0 <= a[0] and a[2] <= f.width and 0 <= a[1] and a[3] <= f.height, \
                    (seed, power, a)
                for b in boxes[i + 1:]:
                    assert min(a[2], b[2]) <= max(a[0], b[0]) or \
                        min(a[3], b[3]) <= max(a[1], b[1]), (seed, power, a, b)
            checked_marks += len(marks)
    assert checked_marks > 400


def test_a_preview_is_drawn_once_per_plot_and_from_the_positions_still() -> None:
    """Issue 24: "the preview is not redrawn from scratch after every change": a plot
    drawn again comes from the cache; a changed plot on the same position is drawn on the
    position's still (`aa_map.still`, drawn once) and is the same picture as one drawn
    with nothing cached."""
    game = plotting("still")
    german_plot(game)
    view = game.view("Germany")
    png = plotted_aa.render_private(view)
    stills = aa_map.still.cache_info()
    assert plotted_aa.render_private(view) == png
    game.act("Germany", "plot-noop", round=4)
    changed = plotted_aa.render_private(game.view("Germany"))
    assert changed != png
    assert aa_map.still.cache_info().hits > stills.hits
    assert aa_map.still.cache_info().misses == stills.misses
    for cache in (aa_map._cached, aa_map.still, aa_map._coloured, aa_map._layout):
        cache.cache_clear()
    assert plotted_aa.render_private(game.view("Germany")) == changed


def test_every_aa_picture_is_in_the_one_palette() -> None:
    """The board, its close-up and the preview are encoded in one fixed palette (no
    palette search per picture) and stay within 150 KB."""
    game = executing()
    view = game.view(None)
    palette = aa_map._palette_image().getpalette()
    for png in (plotted_aa.render(view), plotted_aa.render_zoom(view)):
        assert png is not None and len(png) <= 150_000
        image = Image.open(io.BytesIO(png))
        assert image.mode == "P" and image.getpalette()[:30] == palette[:30]  # type: ignore[index]
