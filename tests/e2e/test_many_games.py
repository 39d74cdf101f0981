"""A restart with a thousand stored games: the index at startup, one game played on.

Issue 13: "The restart, replay, verify, undo and paused-game tests still pass, now with
games loaded on demand; a test restarts the bot with 1,000 stored games and plays one of
them."
"""

from __future__ import annotations

from tests.support.table import StoredRows, Table

GAMES = 1000


async def clone(stored: StoredRows, game_id: int, copies: int) -> None:
    """Store `copies` more games like `game_id`, each in a channel of its own."""
    async with stored.open() as conn:
        cols = "variant, guild_id, creator_id, options, seed, commitment, created_at, updated_at"
        actions = await conn.rows("SELECT seq FROM actions WHERE game_id = ? ORDER BY seq",
                                  game_id)
        for n in range(copies):
            ((new,),) = await conn.rows(f"INSERT INTO games (channel_id, status, {cols}) "
                                        f"SELECT ?, 'running', {cols} FROM games WHERE id = ? "
                                        "RETURNING id", 9_000_000 + n, game_id)
            await conn.rows("INSERT INTO seats (game_id, position, seat, user_id) SELECT ?, "
                            "position, seat, user_id FROM seats WHERE game_id = ?", new, game_id)
            for (seq,) in actions:  # one by one: each must carry the game's next number
                await conn.rows("INSERT INTO actions (game_id, seq, kind, seat, action, "
                                "params, user_id, step, events, created_at) SELECT ?, seq, "
                                "kind, seat, action, params, user_id, step, events, created_at "
                                "FROM actions WHERE game_id = ? AND seq = ?", new, game_id, seq)
            await conn.rows("INSERT INTO snapshots (game_id, seq, state) SELECT ?, seq, state "
                            "FROM snapshots WHERE game_id = ?", new, game_id)
            await conn.rows("INSERT INTO prompt_deliveries (game_id, seq) SELECT ?, seq FROM "
                            "prompt_deliveries WHERE game_id = ?", new, game_id)


async def test_a_restart_with_a_thousand_stored_games_plays_one(table: Table) -> None:
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "pig roll")
    before = table.live.game.state()
    played = table.live.id
    await table.stop_bot()
    await clone(table.stored, played, GAMES - 1)

    bot = await table.start_bot()
    assert len(bot.service.live) == GAMES
    assert not bot.service.loaded  # the index only
    answer = await table.slash("ann", "pig hold")
    assert "Done." in answer.text() and "banks" in table.said()
    assert list(bot.service.loaded) == [played]
    assert table.live.game.state()["steps"] == before["steps"] + 1
    assert [s.action for s in await table.steps()][-2:] == ["roll", "hold"]


async def test_a_deadline_loads_the_idle_game_it_expires_in(table: Table) -> None:
    """Issue 13: a game is rebuilt 'when it is first touched (a command, a button, a
    deadline)'; the deadline loop reads its rows, and only a due deadline loads its game."""
    await table.start_bot()
    await table.pig_game("ann", "bob")
    await table.slash("ann", "game deadline", change="set", minutes=60)
    await table.stop_bot()
    bot = await table.start_bot()
    await bot.deadlines.tick()
    assert table.live.game is None  # not due: the game stays unloaded
    table.clock.advance(61 * 60)
    await bot.deadlines.tick()
    await table.fake.settle()
    assert table.live.game is not None
    assert [s.action for s in await table.steps()] == ["hold"]
    assert "deadline passed for ann" in table.said()
