"""Players' own settings that outlive a game: for now, prompts by DM or not (/game notify)."""

from __future__ import annotations

from bot.storage import Storage


async def dm_prompts(storage: Storage, user_id: int) -> bool:
    """Does the player want their turns' choices by DM? Yes unless they said otherwise."""
    row = await storage._one("SELECT dm_prompts FROM user_preferences WHERE user_id = ?",
                             (user_id,))
    return True if row is None else bool(row[0])


async def set_dm_prompts(storage: Storage, user_id: int, wanted: bool) -> None:
    async with storage.transaction() as db:
        await db.execute("INSERT OR REPLACE INTO user_preferences (user_id, dm_prompts) "
                         "VALUES (?, ?)", (user_id, int(wanted)))
