"""Pictures drawn from a game's public view only: `renders.<game>.render(public_view) -> PNG`."""
