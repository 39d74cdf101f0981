"""Slash commands: one cog per game plus the lobby. Thin: each command calls the bot's
one action path (`Croupier.act`), which defers, stores and announces."""
