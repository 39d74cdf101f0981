"""What reaches whom, one concept a module.

`discord_io`: posts and DMs that survive Discord (the closed-DM fallback, retries);
`prompts`: each seat's prompt message kept up to date in place; `pictures`: the board
and market images; `status`: the pinned status post; `announce`: one stored step told to
everyone (secrets, prompts, one channel post with its ping and images, the status).
"""
