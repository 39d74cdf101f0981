"""The Axis & Allies board's areas as cells of a picture, for `renders.aa_map`.

The reference gives each land territory and sea zone one point of a 1000 x 600 layout (TripleA's
classic map, scaled), not its outline. Each area is drawn as the cell of the points nearest to
its own (a Voronoi diagram), which keeps every neighbour beside its neighbour and leaves room
for names and unit stacks. The cells never change, so they are computed once, offline, into
`renders/data/aa_cells.png`: a greyscale picture whose value at a pixel is the area's index in
`AREAS` (the board's land territories, then its sea zones, each sorted by name).

    python -m renders.aa_cells      # rebuilds renders/data/aa_cells.png (about 20 s)
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from PIL import Image

from engine.aa.map import AAMap, Area, classic_map

DATA = "data/aa_cells.png"


def xy(board: AAMap, area: Area) -> tuple[int, int]:
    """Where the layout puts an area's point."""
    return board.land[area].xy if area in board.land else board.sea[area]


@cache
def areas(board: AAMap | None = None) -> tuple[Area, ...]:
    """The areas in the order of the cell picture's values: land by name, then sea by name."""
    board = board or classic_map()
    return tuple(sorted(board.land)) + tuple(sorted(board.sea))


def build(board: AAMap | None = None, *, step: int = 2) -> Image.Image:
    """Compute the cell picture at the layout's size: coarse first, then the edges exactly."""
    board = board or classic_map()
    names = areas(board)
    points = [xy(board, a) for a in names]
    width, height = board.layout_size

    def nearest(x: float, y: float, candidates: list[int]) -> int:
        return min(candidates, key=lambda i: (points[i][0] - x) ** 2 + (points[i][1] - y) ** 2)

    every = list(range(len(points)))
    cw, ch = width // step + 1, height // step + 1
    coarse = [[nearest(cx * step, cy * step, every) for cx in range(cw)] for cy in range(ch)]
    image = Image.new("L", (width, height))
    pixels = image.load()
    assert pixels is not None
    for y in range(height):
        cy = min(y // step, ch - 2)
        for x in range(width):
            cx = min(x // step, cw - 2)
            near = {coarse[cy + dy][cx + dx] for dy in (-1, 0, 1, 2) for dx in (-1, 0, 1, 2)
                    if 0 <= cy + dy < ch and 0 <= cx + dx < cw}
            pixels[x, y] = near.pop() if len(near) == 1 else nearest(x, y, sorted(near))
    return image


@cache
def cells() -> Image.Image:
    """The shipped cell picture (mode L, the layout's size)."""
    with resources.files("renders").joinpath(DATA).open("rb") as handle:
        image = Image.open(handle)
        image.load()
    return image


def main() -> None:
    target = Path(__file__).parent / DATA
    target.parent.mkdir(exist_ok=True)
    build().save(target, optimize=True)
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
