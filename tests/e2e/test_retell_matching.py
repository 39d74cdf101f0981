"""How a re-telling recognises a message of its step among those read back
(`bot/delivery/recall.py`): Discord gives no nonce back, so by what the message carries.
The whole path, end to end, is in tests/e2e/test_retell.py."""

from __future__ import annotations

import io
from types import SimpleNamespace
from typing import Any

import discord

from bot.delivery.recall import carries


def read_back(content: str, files: tuple[str, ...] = (), titles: tuple[str, ...] = (),
              ids: tuple[str, ...] = ()) -> Any:
    """A message as discord.py gives it back from the channel's history."""
    row = SimpleNamespace(children=[SimpleNamespace(custom_id=i) for i in ids], custom_id=None)
    return SimpleNamespace(content=content,
                           attachments=[SimpleNamespace(filename=f) for f in files],
                           embeds=[SimpleNamespace(title=t) for t in titles],
                           components=[row] if ids else [])


def view(*ids: str) -> discord.ui.View:
    made = discord.ui.View(timeout=None)
    for custom_id in ids:
        made.add_item(discord.ui.Button(label=custom_id, custom_id=custom_id))
    return made


def picture(name: str) -> discord.File:
    return discord.File(io.BytesIO(b"png"), filename=name)


async def test_the_same_text_or_the_same_lines_followed_by_the_call_is_the_step_s_post() -> None:
    said = "ann banks 5 (5 in all)."
    assert carries(read_back(said), said, {})
    # The first telling called bob (his prompt new then); the re-telling no longer does.
    assert carries(read_back(f"{said}\n<@2> (bob), your turn: roll or hold"), said, {})
    assert not carries(read_back("ann banks 5 (10 in all)."), said, {})
    assert not carries(read_back(said + " Again."), said, {})  # not a whole line
    assert not carries(read_back(said), "bob banks 5 (5 in all).", {})


async def test_files_buttons_and_embeds_must_be_there_too() -> None:
    text = "ann rolls 4; the pot is 4."
    board = {"file": picture("pig-1-board-3.png")}
    assert carries(read_back(text, files=("pig-1-board-3.png",)), text, board)
    assert not carries(read_back(text), text, board)
    # A picture drawn already is not drawn again: the re-telling attaches fewer.
    assert carries(read_back(text, files=("pig-1-board-3.png",)), text, {})
    prompt = {"view": view("croupier:act:1:3:1:roll", "croupier:act:1:3:1:hold")}
    assert carries(read_back(text, ids=("croupier:act:1:3:1:hold", "croupier:act:1:3:1:roll")),
                   text, prompt)
    # The same question at another step is another prompt.
    assert not carries(read_back(text, ids=("croupier:act:1:2:1:roll", "croupier:act:1:2:1:hold")),
                       text, prompt)
    status = {"embed": discord.Embed(title="Pig — game #1")}
    assert carries(read_back("", titles=("Pig — game #1",)), None, status)
    assert not carries(read_back("", files=("pig-1-board-3.png",)), None, status)
