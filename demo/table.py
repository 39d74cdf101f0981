"""The scripted players' side of the table, for the demos and the acceptance tests.

`DemoTable`: users by name who type slash commands and answer their DM prompts; what they
do is told in the transcript in the words they saw (`narrate`: "ann chose “Hall” in
“Where to?”", never a menu's id or an option's index), and `write_transcript` writes the
transcript with each menu by its question.
`Clicker`: a scripted player on the sandbox who takes any prompted action by clicking only.
It finds the seat's prompt (its DM, or the channel ping's "My choices" when the seat has
no prompt message of its own), then uses what a player would: the action's menu, or its
button and the form that opens (a modal, or menus that follow one another, paged, with
"Leave it out" for an optional question). Nothing is typed but a free number in a text
box. The demos and the acceptance tests play through it.
"""

from __future__ import annotations

import asyncio
import pathlib
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot import records
from bot.ui import form_plan, paste
from engine import ActionSpec
from sandbox import Interaction, Message, SandboxError
from sandbox import transcript as sandbox_transcript
from sandbox.world import DM, THREAD_TYPES, World, iter_components

if TYPE_CHECKING:
    from bot.client import Croupier
    from sandbox import FakeDiscord

MODAL = 9
LABEL = 18  # a modal's question, holding its input


# ----- the transcript in the players' words ------------------------------------------------

def _quoted(items: list[str]) -> str:
    return ", ".join(f"“{item}”" for item in items)


def _modal_questions(modal: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A modal's inputs with the question each shows (its label)."""
    found = []
    for top in modal.get("components") or []:
        if top.get("type") == LABEL and isinstance(top.get("component"), dict):
            found.append((str(top.get("label") or ""), top["component"]))
        for comp in top.get("components") or []:
            if comp.get("custom_id"):
                found.append((str(comp.get("label") or comp.get("placeholder") or ""), comp))
    return found


def _answer_words(comp: dict[str, Any], value: Any) -> str:
    """What a player answered to one input, as they saw it: the option's label, the text."""
    if isinstance(value, str) and comp.get("type") == 4:
        return value
    chosen = [value] if isinstance(value, str) else [str(v) for v in value or []]
    labels = {str(o.get("value")): str(o.get("label")) for o in comp.get("options") or []}
    return ", ".join(labels.get(v, v) for v in chosen)


def _retell(fake: FakeDiscord, channel_id: int, since: int, starts: str, words: str) -> None:
    """Put `words` in place of the user action the sandbox logged (from `since` on)."""
    timeline = fake.world.channels[channel_id].timeline
    for entry in timeline[since:]:
        if entry.message is None and entry.event.startswith(starts):
            entry.event = words
            return


def narrate(fake: FakeDiscord) -> None:
    """From now on, tell each menu choice and each form's answers in the transcript in the
    players' words (the option's label and the menu's or the form's question), not by the
    component's id and the option's value or index. Idempotent."""
    if getattr(fake, "_narrated", False):
        return
    select: Callable[..., Awaitable[Interaction]] = fake.select
    submit: Callable[..., Awaitable[Interaction]] = fake.submit_modal

    async def narrated_select(user_id: int, message_id: int, custom_id: str,
                              values: list[str]) -> Interaction:
        message = fake.message(message_id)
        comp = next((c for c in iter_components(message.components)
                     if c.get("custom_id") == custom_id), {})
        name = fake.world.name_of(user_id)
        since = len(fake.world.channels[message.channel_id].timeline)
        done = await select(user_id, message_id, custom_id, values)
        menu = str(comp.get("placeholder") or "the menu")
        _retell(fake, message.channel_id, since, f"{name} selected",
                f"{name} chose {_quoted([_answer_words(comp, [v]) for v in values])} in "
                f"“{menu}”")
        return done

    async def narrated_submit(user_id: int, interaction: Interaction, custom_id: str | None,
                              values: dict[str, Any]) -> Interaction:
        modal = interaction.modal or {}
        name = fake.world.name_of(user_id)
        channel_id = interaction.channel_id
        since = len(fake.world.channels[channel_id].timeline)
        done = await submit(user_id, interaction, custom_id, values)
        answers = [f"{question or 'answer'} {_answer_words(comp, values[comp['custom_id']])}"
                   for question, comp in _modal_questions(modal)
                   if comp.get("custom_id") in values
                   and _answer_words(comp, values[comp["custom_id"]])]
        _retell(fake, channel_id, since, f"{name} submitted",
                f"{name} answered “{modal.get('title')}”: {'; '.join(answers) or 'nothing'}")
        return done

    fake.select = narrated_select  # type: ignore[method-assign]
    fake.submit_modal = narrated_submit  # type: ignore[method-assign]
    fake._narrated = True  # type: ignore[attr-defined]


_SELECT_LINE = re.compile(r"^  \[select (?P<id>\S+?)(?P<rest>( \(disabled\))?: .*)\]$")


def _render_message(world: World, message: Message) -> list[str]:
    """A message as the sandbox's transcript shows it, each menu named by its question."""
    menus = {str(c.get("custom_id")): str(c.get("placeholder") or "a menu")
             for c in iter_components(message.components) if c.get("type") == 3}
    lines = []
    for line in sandbox_transcript.render_message(world, message):
        found = _SELECT_LINE.match(line)
        if found and found["id"] in menus:
            line = f"  [menu “{menus[found['id']]}”{found['rest']}]"
        lines.append(line)
    return lines


def _render_channel(world: World, channel: Any) -> str:
    lines = [f"=== {sandbox_transcript.channel_title(world, channel)} ==="]
    for entry in channel.timeline:
        if entry.message is not None:
            lines.extend(_render_message(world, entry.message))
        else:
            lines.append(f">> {entry.event}")
    return "\n".join(lines) + "\n"


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._") or "unnamed"


def _unique(path: pathlib.Path, used: set[pathlib.Path]) -> pathlib.Path:
    candidate, number = path, 2
    while candidate in used:
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
        number += 1
    used.add(candidate)
    return candidate


def write_transcript(fake: FakeDiscord, out_dir: pathlib.Path) -> None:
    """The sandbox's transcripts (each channel, thread and DM, and every image), as a player
    reads them: each menu shown by its question, what players did in their words."""
    world = fake.world
    out_dir.mkdir(parents=True, exist_ok=True)
    used: set[pathlib.Path] = set()
    parts = []
    for channel in world.channels.values():
        if not channel.timeline:
            continue
        if channel.type == DM:
            stem = f"dm-{world.name_of(channel.recipient_id or 0)}"
        elif channel.type in THREAD_TYPES:
            stem = f"thread-{channel.name}"
        else:
            stem = f"channel-{channel.name}"
        text = _render_channel(world, channel)
        parts.append(text)
        _unique(out_dir / f"{_safe(stem)}.txt", used).write_text(text, encoding="utf-8")
        for entry in channel.timeline:
            for att in entry.message.attachments if entry.message is not None else []:
                _unique(out_dir / _safe(att.filename), used).write_bytes(att.data)
    (out_dir / "transcript.txt").write_text("\n".join(parts), encoding="utf-8")


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

    def __post_init__(self) -> None:
        narrate(self.fake)

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

