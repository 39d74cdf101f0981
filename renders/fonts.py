"""The fonts every render sets text in, and which characters each of them has.

Seats are named by players: Zoë, José, 李明, 🐙kraken. No single font has every character,
so text is set in a chain of Noto fonts (SIL Open Font License 1.1, installed by the
`manimgx-fonts` and `manimgx-fonts-cjk` packages): Noto Sans first (Latin, Greek, Cyrillic),
then Noto Sans Symbols, the Noto Sans faces of the other scripts, Noto Sans CJK and Noto
Emoji. `renders.text` picks, character by character, the first font of the chain that has it;
`covers` answers from the font's own character map (read here, no extra dependency), so a
missing glyph is known before anything is drawn, never guessed from the picture.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

try:  # the fonts are a dependency (pyproject.toml); without them, Pillow's own font
    import manimgx_fonts
    import manimgx_fonts_cjk

    NOTO: Path | None = Path(manimgx_fonts.__file__).parent
    NOTO_CJK: Path | None = Path(manimgx_fonts_cjk.__file__).parent
except ImportError:  # pragma: no cover - a broken install; text still draws, in Latin
    NOTO = NOTO_CJK = None


@dataclass(frozen=True)
class Face:
    """One font file of the chain (`index` picks a face inside a collection)."""

    name: str
    path: Path
    index: int = 0


# The other scripts' faces, in the order they are tried after Noto Sans and its Symbols.
SCRIPTS = ("Arabic", "Hebrew", "Armenian", "Georgian", "Devanagari", "Bengali", "Gurmukhi",
           "Gujarati", "Oriya", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala", "Thai",
           "Lao", "Khmer", "Myanmar", "Ethiopic")


@cache
def chain() -> tuple[Face, ...]:
    """The fonts in the order they are tried; the first is the main face."""
    if NOTO is None or NOTO_CJK is None:
        return ()
    faces = [Face("Noto Sans", NOTO / "NotoSans[wght].ttf"),
             Face("Noto Sans Symbols", NOTO / "NotoSansSymbols[wght].ttf")]
    faces += [Face(f"Noto Sans {script}", NOTO / f"NotoSans{script}[wght].ttf")
              for script in SCRIPTS]
    # Index 2 of the collection is Simplified Chinese; it has the Japanese and Korean too.
    faces.append(Face("Noto Sans CJK SC", NOTO_CJK / "NotoSansCJK-VF.otf.ttc", 2))
    faces.append(Face("Noto Emoji", NOTO / "NotoEmoji[wght].ttf"))
    return tuple(f for f in faces if f.path.exists())


@lru_cache(maxsize=256)
def font(face_number: int, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Face `face_number` of the chain at `size` px, Regular or Bold."""
    faces = chain()
    if not faces:
        fallback = ImageFont.load_default(size=size)
        assert isinstance(fallback, ImageFont.FreeTypeFont)
        return fallback
    face = faces[face_number]
    loaded = ImageFont.truetype(str(face.path), size, index=face.index)
    wanted = b"Bold" if bold else b"Regular"
    try:
        if wanted in loaded.get_variation_names():  # a variable font starts at its default
            loaded.set_variation_by_name(wanted.decode())
    except OSError:  # not a variable font
        pass
    return loaded


def covers(face_number: int, char: str) -> bool:
    """Whether face `face_number` of the chain has a glyph for `char`."""
    faces = chain()
    if not faces:
        return 32 <= ord(char) < 127
    return ord(char) in coverage(faces[face_number])


@cache
def coverage(face: Face) -> frozenset[int]:
    """Every code point the face maps to a real glyph, from its `cmap` table."""
    data = face.path.read_bytes()
    start = 0
    if data[:4] == b"ttcf":
        start = struct.unpack_from(">I", data, 12 + 4 * face.index)[0]
    count = struct.unpack_from(">H", data, start + 4)[0]
    tables = {data[start + 12 + 16 * i: start + 16 + 16 * i]:
              struct.unpack_from(">I", data, start + 20 + 16 * i)[0] for i in range(count)}
    cmap = tables[b"cmap"]
    records = struct.unpack_from(">H", data, cmap + 2)[0]
    subtables: dict[int, int] = {}
    for i in range(records):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        if (platform, encoding) in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3)):
            fmt = struct.unpack_from(">H", data, cmap + offset)[0]
            subtables.setdefault(fmt, cmap + offset)
    if 12 in subtables:
        return frozenset(_format_12(data, subtables[12]))
    if 4 in subtables:
        return frozenset(_format_4(data, subtables[4]))
    raise ValueError(f"{face.name}: no Unicode character map")


def _format_12(data: bytes, at: int) -> set[int]:
    groups = struct.unpack_from(">I", data, at + 12)[0]
    codes: set[int] = set()
    for g in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * g)
        codes.update(range(first + (1 if glyph == 0 else 0), last + 1))
    return codes


def _format_4(data: bytes, at: int) -> set[int]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    range_at = at + 16 + 6 * segments
    offsets = struct.unpack_from(f">{segments}H", data, range_at)
    codes: set[int] = set()
    for i in range(segments):
        for code in range(starts[i], ends[i] + 1):
            if code == 0xFFFF:
                continue
            if offsets[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                where = range_at + 2 * i + offsets[i] + 2 * (code - starts[i])
                glyph = struct.unpack_from(">H", data, where)[0]
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                codes.add(code)
    return codes
