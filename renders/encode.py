"""One encode per picture: a 256-colour palette PNG.

The renders draw flat colours and antialiased text: a few thousand distinct colours, nearly
all of them edge shades. A palette of 256 (Pillow's fast octree, no dithering) looks the same
at 100 % and at chat size, and the PNG is 2-4x smaller and faster to compress than the RGB one
(one byte a pixel instead of three). `optimize=True` is not used: it searches filter and
compression settings for a few percent at several times the cost. Figures: bench/README.md.
"""

from __future__ import annotations

import io

from PIL import Image

#: zlib level: 6 (Pillow's default) is already the smallest that pays here; see the bench.
COMPRESS_LEVEL = 6


def png(image: Image.Image, *, colours: int = 256, level: int = COMPRESS_LEVEL) -> bytes:
    """`image` (RGB) as palette PNG bytes: quantised once, encoded once."""
    if image.mode != "P":
        if image.mode != "RGB":
            image = image.convert("RGB")
        image = image.quantize(colours, method=Image.Quantize.FASTOCTREE,
                               dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=level)
    return out.getvalue()
