"""The one narrow door from a click to the bot: `ClickTarget`.

Buttons, menus and forms are rebuilt by discord.py from their custom ids, long after the
message that carried them was sent, and are handed only the interaction. They reach the
bot's action path through the client that received it (`interaction.client.actions`),
typed as this protocol: the methods a click needs, and nothing of the process behind
them. `bot.actions.ActionPath` satisfies it without naming it; `bot/client.py` checks so.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

import discord

from bot.service import LiveGame
from bot.ui.form_plan import FormRef
from engine import ActionSpec, NotAllowed, Prompt, RuleError

Interaction = discord.Interaction[Any]
#: What a form says when the game refuses its answer; True if it answered the player.
Refused = Callable[[RuleError], Awaitable[bool]]
#: A `/game` command for the game a player picked from a DM's menu (`ui/components.GameMenu`):
#: the interaction, the game, the command's number option ("" if none).
Picked = Callable[[Interaction, int, str], Awaitable[None]]


class OutOfDate(NotAllowed):
    """The prompt a click belongs to is no longer the seat's question (`seat`, in a game
    of `variant`)."""

    def __init__(self, message: str, seat: str, variant: str) -> None:
        super().__init__(message)
        self.seat = seat
        self.variant = variant


@dataclass(frozen=True)
class PromptContext:
    """What a component refers to, checked current: the game, the seat, its prompt, the
    action, and the prompt message's header ("**Killer Clue #3** — Miss Scarlet: …")."""

    live: LiveGame
    seat: str
    prompt: Prompt
    spec: ActionSpec
    header: str


class ClickTarget(Protocol):
    """What a button, menu or form may ask of the bot. Each method answers the interaction
    itself, errors included (except `prompt_context`, which raises a refusal); `run_prompt`
    says whether the action was stored, and lets `refused` answer the game's refusal."""

    async def prompt_context(self, interaction: Interaction, ref: FormRef, *,
                             any_step: bool = False) -> PromptContext: ...

    async def run_prompt(self, interaction: Interaction, ref: FormRef,
                         params: dict[str, Any], *, in_place: bool = True,
                         refused: Refused | None = None) -> bool: ...

    async def show_prompt(self, interaction: Interaction, ref: FormRef) -> None: ...

    async def open_choices(self, interaction: Interaction, game_id: int) -> None: ...

    async def show_hand(self, interaction: Interaction, game_id: int) -> None: ...

    async def agree_undo(self, interaction: Interaction, game_id: int, seq: int) -> None: ...

    async def run_again(self, interaction: Interaction, game_id: int, seq: int,
                        asked_at: int) -> None: ...

    async def picked(self, interaction: Interaction, what: str, game_id: int,
                     extra: str) -> None: ...

    async def reply_error(self, interaction: Interaction, exc: BaseException) -> None: ...


class _Client(Protocol):
    actions: ClickTarget


def target(interaction: Interaction) -> ClickTarget:
    """The action path of the bot that received `interaction` (`bot.client.Croupier`)."""
    return cast(_Client, interaction.client).actions
