"""What players click and fill in: persistent buttons and menus, forms, and the one protocol
(`target.ClickTarget`) through which every click reaches the bot's action path."""
