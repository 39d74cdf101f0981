"""Text for every render: the font chain with per-character fallback, cached glyph masks,
wrapping, and a record of every text drawn with its pixel size (for the legibility test).

    pen = Pen(image)
    pen.text((20, 30), "Turn of 李明", Style(22), fill=INK, anchor="lm")
    pen.length("Zoë", Style(18))                      # width in px, fallback included
    with recording() as drawn: render(view)           # tests: every text and its size

Each character is set in the first font of `renders.fonts.chain()` that has it; a character
no font has is shown as its code (`[U+1F9CC]`), never as a box or nothing. Masks are cached
by (text, style, anchor), so a label drawn every turn is rasterised once per process.
`needed=False` marks text a player can do without (decoration, repeated hints); everything
else must stay legible when the image is shown 550 px wide.
"""

from __future__ import annotations

import contextvars
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from renders import fonts

RGB = tuple[int, int, int]
#: Discord shows an image about this wide; needed text must be MIN_PX tall there.
CHAT_WIDTH = 550
MIN_PX = 9


@dataclass(frozen=True)
class Style:
    """A text size in px (the em size, the font's nominal height) and its weight."""

    size: int
    bold: bool = False


def load_font(size: int, bold: bool = False) -> Style:
    """The text style of `size` px (kept under this name for the renders that used it)."""
    return Style(int(size), bold)


def min_size(width: int) -> int:
    """The smallest text size still MIN_PX tall when a `width` px image is shown CHAT_WIDTH
    px wide."""
    return -(-MIN_PX * width // CHAT_WIDTH)


@dataclass
class Drawn:
    """One text a render drew: what, how big (px, in the image), needed or decoration, and
    the characters no font had (shown by their code)."""

    text: str
    size: int
    needed: bool
    missing: list[str] = field(default_factory=list)


_RECORD: contextvars.ContextVar[list[Drawn] | None] = contextvars.ContextVar(
    "renders_text_record", default=None)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect every text drawn in this context (thread or task) while the block runs."""
    drawn: list[Drawn] = []
    token = _RECORD.set(drawn)
    try:
        yield drawn
    finally:
        _RECORD.reset(token)


def replay(drawn: list[Drawn]) -> None:
    """Add texts drawn earlier (on a cached layer) to the current record, if any."""
    record = _RECORD.get()
    if record is not None:
        record.extend(drawn)


# ----- characters to fonts ------------------------------------------------------------

_JOINERS = {0x200C, 0x200D, 0xFE0E, 0xFE0F}


def _invisible(char: str) -> bool:
    """Modifiers that draw nothing on their own: joiners, variation selectors, tags."""
    code = ord(char)
    return code in _JOINERS or 0xE0020 <= code <= 0xE007F or 0x1F3FB <= code <= 0x1F3FF


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[tuple[int, str], ...]:
    """`text` cut into runs of (font number in the chain, characters it draws)."""
    text = unicodedata.normalize("NFC", text)
    count = len(fonts.chain()) or 1
    out: list[tuple[int, str]] = []
    for char in text:
        if out and (_invisible(char) or unicodedata.category(char) in ("Mn", "Me")):
            number, chars = out[-1]
            if fonts.covers(number, char):
                out[-1] = (number, chars + char)
            continue  # a modifier its base's font lacks: the base alone still reads
        number = next((n for n in range(count) if fonts.covers(n, char)), -1)
        if number < 0:
            if _invisible(char) or unicodedata.category(char) in ("Mn", "Me", "Cf", "Cc"):
                continue
            number, char = 0, f"[U+{ord(char):04X}]"
        if out and out[-1][0] == number:
            out[-1] = (number, out[-1][1] + char)
        else:
            out.append((number, char))
    return tuple(out)


def missing(text: str) -> list[str]:
    """The characters of `text` that no font of the chain has (shown by their code)."""
    count = len(fonts.chain()) or 1
    return [c for c in unicodedata.normalize("NFC", text)
            if not _invisible(c) and unicodedata.category(c) not in ("Mn", "Me", "Cf", "Cc")
            and not any(fonts.covers(n, c) for n in range(count))]


# ----- measuring and masks ------------------------------------------------------------


@lru_cache(maxsize=8192)
def length(text: str, style: Style) -> float:
    """The advance width of `text` in px, each run in its own font."""
    return sum(fonts.font(n, style.size, style.bold).getlength(part) for n, part in runs(text))


@lru_cache(maxsize=256)
def _metrics(style: Style) -> tuple[int, int]:
    """The main face's ascent and descent at `style` (vertical anchors use them)."""
    ascent, descent = fonts.font(0, style.size, style.bold).getmetrics()
    return ascent, descent


@lru_cache(maxsize=8192)
def _mask(number: int, text: str, style: Style, anchor: str,
          stroke: int) -> tuple[Image.Image, int, int]:
    """The text's coverage mask and where its top-left sits relative to the anchor point."""
    font = fonts.font(number, style.size, style.bold)
    x0, y0, x1, y1 = (int(v) for v in font.getbbox(text, anchor=anchor, stroke_width=stroke))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), text, font=font, fill=255, anchor=anchor,
                              stroke_width=stroke, stroke_fill=255)
    return mask, x0, y0


def fit(text: str, style: Style, width: float) -> str:
    """`text`, shortened with an ellipsis until it fits in `width` px."""
    if length(text, style) <= width:
        return text
    while text and length(text + "...", style) > width:
        text = text[:-1]
    return text.rstrip() + "..."


def wrap(text: str, style: Style, width: float) -> list[str]:
    """Break `text` into lines no wider than `width` px; newlines start new paragraphs."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if line and length(trial, style) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


# ----- drawing ------------------------------------------------------------------------


class Pen:
    """Draws text on one image (and hands out its `ImageDraw` for shapes)."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)

    def length(self, text: str, style: Style) -> float:
        return length(text, style)

    def text(self, xy: tuple[float, float], text: str, style: Style, fill: RGB,
             anchor: str = "la", *, stroke_width: int = 0, stroke_fill: RGB | None = None,
             needed: bool = True) -> float:
        """Draw one line of `text` at `xy` (Pillow's anchors: "la", "mm", "ls", ...);
        returns its width in px."""
        record = _RECORD.get()
        if record is not None:
            record.append(Drawn(text, style.size, needed, missing(text)))
        parts = runs(text)
        if not parts:
            return 0.0
        x, y = round(xy[0]), round(xy[1])
        if len(parts) == 1:
            self._paste(parts[0][0], parts[0][1], style, anchor, x, y, fill, stroke_width,
                        stroke_fill)
            return length(text, style)
        # Mixed fonts: one baseline from the main face, runs side by side.
        width = length(text, style)
        ascent, descent = _metrics(style)
        horizontal, vertical = anchor[0], anchor[1]
        left = x - {"l": 0.0, "m": width / 2, "r": width}.get(horizontal, 0.0)
        baseline = y + {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0,
                        "b": -descent, "d": -descent}.get(vertical, ascent)
        for number, part in parts:
            self._paste(number, part, style, "ls", round(left), round(baseline), fill,
                        stroke_width, stroke_fill)
            left += fonts.font(number, style.size, style.bold).getlength(part)
        return width

    def _paste(self, number: int, text: str, style: Style, anchor: str, x: int, y: int,
               fill: RGB, stroke: int, stroke_fill: RGB | None) -> None:
        if stroke and stroke_fill is not None:
            mask, dx, dy = _mask(number, text, style, anchor, stroke)
            self.image.paste(stroke_fill, (x + dx, y + dy), mask)
        mask, dx, dy = _mask(number, text, style, anchor, 0)
        self.image.paste(fill, (x + dx, y + dy), mask)

    def block(self, xy: tuple[float, float], text: str, style: Style, fill: RGB, width: float,
              *, spacing: int = 6, max_lines: int = 99, needed: bool = True) -> int:
        """Wrapped text from `xy` downwards; returns the y below it."""
        x, y = xy
        lines = wrap(text, style, width)
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = fit(lines[-1] + " ...", style, width)
        for line in lines:
            self.text((x, y), line, style, fill, needed=needed)
            y += style.size + spacing
        return int(y)
