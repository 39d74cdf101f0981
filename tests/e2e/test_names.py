"""Names shown to players are safe, end to end (issue 22): what a display name may hide or
do is undone where the bot seats it and where it shows it.

- Invisible and direction-changing characters (zero-width spaces, right-to-left overrides,
  Hangul fillers) are removed from a seat's name; a name with nothing visible left is
  refused, and so is one that looks like a seat already taken.
- Markdown in a name (a masked link, bold, something that looks like @everyone or a
  mention) is escaped wherever the bot names the seat: the lobby, the status post, the
  prompts and the channel posts, the engine's own event texts included.
"""

from __future__ import annotations

import re

from tests.support.table import Table

# A Markdown masked link not escaped: "[text](http..." without a backslash before "[".
MASKED_LINK = re.compile(r"(?<!\\)\[[^\]]*(?<!\\)\]\((?:https?:)")


def everything_seen(table: Table) -> list[str]:
    """Every message's text in the channel and in every user's DMs (embeds included)."""
    texts = [m.text() for m in table.fake.messages(table.channel)]
    for user in table.users:
        texts += [m.text() for m in table.dms(user)]
    return texts


async def test_names_lose_invisible_characters_and_a_look_alike_seat_is_refused(
        table: Table) -> None:
    """A display name with a zero-width space or a right-to-left override is seated without
    them; one that looks like a seat already taken is refused; one with nothing visible in
    it is refused."""
    hidden = table.fake.add_user("bob\u200b", guild_id=table.guild)
    turned = table.fake.add_user("\u202eyromeM", guild_id=table.guild)
    blank = table.fake.add_user("\u200b\u3164", guild_id=table.guild)
    table.users.update(hidden=hidden, turned=turned, blank=blank)
    await table.start_bot()
    await table.slash("ann", "game new", variant="pig")
    await table.slash("bob", "game join")
    refused = await table.slash("hidden", "game join")
    assert refused.ephemeral and "The seat bob is taken" in refused.text()
    joined = await table.slash("turned", "game join")
    assert "You sit as **yromeM**" in joined.text()
    empty = await table.slash("blank", "game join")
    assert "needs a visible letter or digit" in empty.text()
    seats = [s.seat for s in table.live.seats]
    assert seats == ["bob", "yromeM"]
    for text in everything_seen(table):
        assert "\u202e" not in text and "\u200b" not in text


async def test_markdown_in_names_is_escaped_in_the_lobby_status_prompts_and_posts(
        table: Table) -> None:
    """A display name that is a masked link, bold, or looks like @everyone or a mention
    shows as written everywhere the bot names it: the join post, the status post, the
    turn's ping, the prompt by DM and the game's own posts (the engine's event texts)."""
    link = table.fake.add_user("[Bank](https://evil.example)", guild_id=table.guild)
    bold = table.fake.add_user("**Bo**", guild_id=table.guild)
    loud = table.fake.add_user("@everyone <@1>", guild_id=table.guild)
    table.users.update(link=link, bold=bold, loud=loud)
    await table.start_bot()
    await table.slash("link", "game new", variant="pig", options="target=10")
    for user in ("link", "bold", "loud"):
        await table.slash(user, "game join")
    await table.slash("link", "game start")
    await table.slash("link", "pig hold")  # an engine event naming the seat, then a ping
    said = table.said()
    assert "joins as **\\[Bank\\]\\(https\\://evil.example\\)**" in said
    assert "joins as **\\*\\*Bo\\*\\***" in said
    assert "\\@everyone \\<\\@1\\>" in said
    status = table.fake.pinned(table.channel)[0].text()
    assert "\\[Bank\\]\\(https\\://evil.example\\)" in status
    prompt = next(m for m in reversed(table.dms("bold")) if m.buttons())
    assert "\\*\\*Bo\\*\\*" in prompt.text()
    for text in everything_seen(table):
        assert not MASKED_LINK.search(text), text
        assert "**Bo**" not in text.replace("\\*\\*Bo\\*\\*", ""), text
        assert "<@1>" not in text.replace("\\<\\@1\\>", "")
    assert not any(m.pings.everyone for m in table.fake.messages(table.channel))
