"""The scripted players' side of the table, for the demos and the acceptance tests.

`DemoTable`: users by name who type slash commands and answer their DM prompts.
`Clicker`: a scripted player on the sandbox who takes any prompted action by clicking only.
It finds the seat's prompt (its DM, or the channel ping's "My choices" when the seat has
no prompt message of its own), then uses what a player would: the action's menu, or its
button and the form that opens (a modal, or menus that follow one another, paged, with
"Leave it out" for an optional question). Nothing is typed but a free number in a text
box. The demos and the acceptance tests play through it.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot import records
from bot.ui import form_plan, paste
from engine import ActionSpec
from sandbox import Interaction, Message, SandboxError
from sandbox.world import iter_components

if TYPE_CHECKING:
    from bot.client import Croupier
    from sandbox import FakeDiscord

MODAL = 9


def _components(message: Message) -> list[dict[str, Any]]:
    return [c for c in iter_components(message.components) if c.get("custom_id")]


def _index(spec: ActionSpec, name: str, value: Any) -> str:
    param = next(p for p in spec.params if p.name == name)
    for i, choice in enumerate(form_plan.options(param) or ()):
        if choice.value == str(value) or (param.kind == "bool" and choice.value ==
                                          ("yes" if value else "no")):
            return str(i)
    raise SandboxError(f"{value!r} is not among the menu's choices for {name}")


class Clicker:
    """Completes prompted actions for the sandbox's users through components alone."""

    def __init__(self, fake: FakeDiscord, bot: Croupier, channel_id: int) -> None:
        self.fake, self.bot, self.channel_id = fake, bot, channel_id

    async def prompt_message(self, user_id: int, game_id: int, seat: str) -> Message:
        record = await records.load(self.bot.service.storage, game_id, seat)
        if record is not None and record.open and record.message_id:
            message = self.fake.message(record.message_id)
            if not message.deleted:
                return message
        for ping in reversed(self.fake.messages(self.channel_id)):
            if any(label == "My choices" for _, label, _ in ping.buttons()):
                opened = await self.fake.click(user_id, ping.id, ping.button("My choices"))
                await self.fake.settle()
                for message in opened.all_messages():
                    if message.buttons() or message.selects():
                        return message
        raise SandboxError(f"{seat} has no prompt to answer")

    async def take(self, user_id: int, game_id: int, seat: str, action: str,
                   params: dict[str, Any]) -> Interaction:
        """Take `action` with `params` for `seat` by clicking; return the last interaction."""
        live = await self.bot.service.get(game_id)
        assert live.game is not None
        prompt = live.game.prompts()[seat]
        spec = prompt.action(action)
        if spec is None:
            raise SandboxError(f"{seat}'s prompt offers no {action}")
        message = await self.prompt_message(user_id, game_id, seat)
        mark = f":{live.game.seats.index(seat)}:{action}"
        for comp in _components(message):
            custom_id = str(comp["custom_id"])
            if custom_id.startswith("croupier:s:") and mark + ":" in custom_id:
                values = [str(o["value"]) for o in comp.get("options") or []]
                param = custom_id.split(":")[-2]
                if str(params.get(param)) in values:
                    return await self._done(await self.fake.select(
                        user_id, message.id, custom_id, [str(params[param])]))
        button = next((str(c["custom_id"]) for c in _components(message)
                       if str(c["custom_id"]).startswith("croupier:p:")
                       and str(c["custom_id"]).endswith(mark)), None)
        if button is None:
            raise SandboxError(f"no button or menu for {action} on {seat}'s prompt")
        inter = await self.fake.click(user_id, message.id, button)
        return await self._form(user_id, message.id, spec, params, inter)

    async def _form(self, user_id: int, message_id: int, spec: ActionSpec,
                    params: dict[str, Any], inter: Interaction) -> Interaction:
        menus = form_plan.in_menus(spec)
        for _ in range(4 * len(spec.params) + 4):
            if inter.response_type == MODAL and inter.modal is not None:
                values: dict[str, Any] = {}
                whole = form_plan.pasted(spec)  # a form pasted whole: its one box
                for comp in iter_components(inter.modal.get("components") or []):
                    name = comp.get("custom_id")
                    if name == paste.BOX and whole is not None and whole.name in params:
                        values[name] = str(params[whole.name])
                        continue
                    if not name or name not in params:
                        continue
                    if comp.get("type") == 3:
                        values[name] = [_index(spec, name, params[name])]
                    else:
                        values[name] = str(params[name])
                inter = await self._done(await self.fake.submit_modal(user_id, inter, None,
                                                                      values))
                go_on = [str(c["custom_id"]) for c in _components(self.fake.message(message_id))
                        if re.search(r":t\d+$", str(c["custom_id"]))
                        and not c.get("disabled")]
                if inter.response_type != 7 or not go_on:
                    return inter
                inter = await self.fake.click(user_id, message_id, go_on[0])
                continue
            step = [c for c in _components(self.fake.message(message_id))
                    if str(c["custom_id"]).startswith("croupier:c:") and not c.get("disabled")]
            if inter.response_type != 7 or not step:
                return await self._done(inter)
            tokens = [t for t in str(step[0]["custom_id"]).split(":")[-2].split(".") if t]
            param = menus[len(tokens)]
            if param.name not in params:
                target = next(str(c["custom_id"]) for c in step
                              if str(c["custom_id"]).endswith(":skip"))
                inter = await self.fake.click(user_id, message_id, target)
                continue
            index = _index(spec, param.name, params[param.name])
            page = f":p{int(index) // form_plan.PAGE}"
            select = next((str(c["custom_id"]) for c in step
                           if str(c["custom_id"]).endswith(page)), None)
            if select is None:
                more = next(str(c["custom_id"]) for c in step
                            if str(c["custom_id"]).split(":")[-1].startswith("o"))
                inter = await self.fake.click(user_id, message_id, more)
                continue
            inter = await self.fake.select(user_id, message_id, select, [index])
        raise SandboxError(f"the form for {spec.name} did not end")

    async def _done(self, inter: Interaction) -> Interaction:
        await self.fake.settle()
        return inter


@dataclass
class DemoTable:
    """The scripted users' side of the table."""

    fake: FakeDiscord
    bot: Croupier
    channel: int
    users: dict[str, int]

    async def slash(self, user: str, command: str, **options: Any) -> Interaction:
        inter = await self.fake.slash(self.users[user], self.channel, command, **options)
        await self.fake.settle()
        return inter

    def latest_prompt(self, user: str) -> Message | None:
        for message in reversed(self.fake.dms(self.users[user])):
            if message.buttons() or message.selects():
                return message
        return None

    async def prompt_offering(self, user: str, choose: str | None) -> Message | None:
        """The user's newest prompt, waiting a little for one that offers `choose`: the bot
        may still be rendering the board it posts before the prompt."""
        message = self.latest_prompt(user)
        for _ in range(100):
            offered = {o["value"] for m in [message] if m for _, opts in m.selects()
                       for o in opts}
            if message is not None and (choose is None or choose in offered):
                break
            await asyncio.sleep(0.05)
            await self.fake.settle()
            message = self.latest_prompt(user)
        return message

    async def answer_prompt(self, user: str, *, choose: str | None = None,
                            button: str | None = None) -> Interaction:
        """Click a button (by label, or the first) or pick a menu option in the user's DM."""
        message = await self.prompt_offering(user, choose)
        if message is None:
            raise RuntimeError(f"{user} has no prompt to answer")
        uid = self.users[user]
        if message.selects() and (choose is not None or not message.buttons()):
            for custom_id, options in message.selects():
                values = [o["value"] for o in options]
                if choose is None or choose in values:
                    value = choose if choose is not None else values[0]
                    inter = await self.fake.select(uid, message.id, custom_id, [value])
                    break
            else:
                raise RuntimeError(f"{user}'s prompt offers no {choose!r}")
        else:
            label = button or message.buttons()[0][1]
            inter = await self.fake.click(uid, message.id, message.button(label))
        await self.fake.settle()
        return inter

    async def play(self, seat: str, action: str, **params: Any) -> Interaction:
        """The seat's player takes a prompted action by clicking, as a player would."""
        live = await self.bot.service.in_channel(self.channel)
        clicker = Clicker(self.fake, self.bot, self.channel)
        user = self.users[self.user_of_seat(seat)]
        return await clicker.take(user, live.id, seat, action, params)

    def user_of_seat(self, seat: str) -> str:
        live = self.bot.service.entry_in(self.channel)
        assert live is not None
        uid = live.user_of(seat)
        return next(name for name, u in self.users.items() if u == uid)

