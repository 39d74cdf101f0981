"""`python -m bot demo`: scripted players play a game with the real bot against the sandbox."""
