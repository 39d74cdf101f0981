"""A wire-level fake Discord for end-to-end tests of the bot (no network, no mocks of discord.py).

``FakeDiscord`` serves REST v10 and the gateway websocket on 127.0.0.1 (random port); the real
discord.py talks to it once ``patch()`` points ``Route.BASE``/``DEFAULT_GATEWAY`` at it::

    async with FakeDiscord() as fake:                 # start + patch; unpatch + stop on exit
        guild = fake.add_guild(); chan = fake.add_channel(guild, "tables")
        alice = fake.add_user("alice"); bob = fake.add_user("bob", dms_open=False)
        bot = make_bot()                              # your commands.Bot; setup_hook syncs the tree
        await fake.run_bot(bot)                       # login, connect, READY + GUILD_CREATE done
        inter = await fake.slash(alice, chan, "game start", players=3)   # checked vs synced schema
        assert "started" in inter.text()
        msg = fake.messages(chan)[-1]; await fake.click(bob, msg.id, msg.button("Join"))
        fake.write_transcript(tmp_path)               # channel-*.txt, dm-*.txt, thread-*.txt, files
        await fake.stop_bot(bot)

Interactions return an ``Interaction`` record once the bot's initial callback arrived; no callback
within 3 s raises ``SandboxTimeout`` (and a late callback gets Discord's 404 10062).  Requests Discord
would refuse to send (bad option, disabled button, hidden channel) raise ``SandboxError`` in the test.
Ephemeral messages are kept on their ``Interaction``, never in ``messages(channel)``.

Discord's sharper edges (``strict.py``): ``Message.pings``/``fake.pinged(user)`` say who a
message notified (``allowed_mentions`` honoured as Discord does); ``fake.inject_fault(...)``
answers the next matching requests with any error; ``fake.rate_limits = RateLimits()``
turns on Discord's buckets and 429s; ``fake.set_bot_permissions(guild, perms)`` makes
missing permissions answer 50013/50001; ``fake.idle(seconds)`` archives idle threads;
``fake.interaction_latency`` makes interactions arrive late (answers after the 3 s: 10062);
``fake.invalid_requests`` bans the bot after too many 401/403/429 answers, as Cloudflare does;
``inject_fault(..., accepted=True)`` makes the request and loses its answer; a post with
``enforce_nonce`` and a nonce seen from its author in that channel within ``NONCE_WINDOW``
returns the earlier message instead of a new one (``fake.nonces``); as on Discord, a message's
``nonce`` is in the answer to its post and its MESSAGE_CREATE only, never in a message read back.

Sharding (``shards.py``): several bots may connect at once, each IDENTIFY naming its shard;
guild events go by ``(guild_id >> 22) % num_shards``, DMs to shard 0;
``fake.add_guild(name, shard=(i, n))`` picks a guild on shard i of n, and
``fake.identify_queue = IdentifyQueue(max_concurrency, interval)`` enforces Discord's
identify spacing (op 9 to an IDENTIFY too early).
"""

from .errors import SandboxError, SandboxTimeout
from .fake import FakeDiscord
from .interactions import Interaction
from .state import RequestRecord
from .strict import Fault, InvalidRequests, RateLimits
from .world import README_BOT_PERMISSIONS, Attachment, Channel, Message

__all__ = [
    "Attachment",
    "Channel",
    "FakeDiscord",
    "Fault",
    "Interaction",
    "InvalidRequests",
    "Message",
    "README_BOT_PERMISSIONS",
    "RateLimits",
    "RequestRecord",
    "SandboxError",
    "SandboxTimeout",
]
