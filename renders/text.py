"""Text helpers shared by every render: Pillow's bundled font, and word wrapping."""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=64)
def load_font(size: int) -> Font:
    """Pillow's bundled font at `size` px: nothing to install, the same everywhere."""
    return ImageFont.load_default(size=size)


def wrap(draw: ImageDraw.ImageDraw, text: str, font: Font, width: int) -> list[str]:
    """Break `text` into lines no wider than `width` px; newlines start new paragraphs."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if line and draw.textlength(trial, font=font) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
