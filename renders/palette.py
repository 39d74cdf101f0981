"""Seat and owner colours that stay apart for colour-blind players, and the check.

`COLOURS` maps the colour names the engine uses ("red", "green", ...) to a colour-blind-safe
shade: mostly the Okabe-Ito palette (Okabe & Ito, "Color Universal Design", 2002), whose
red is a vermillion and whose green a bluish green, so Sackson and Festival, Miss Scarlet and
Mr. Green stay apart without colour vision. `seat_colour(value, index)` gives a seat its
colour from a name, "#rrggbb" or its index in `ORDER`. The colour is never the only mark:
every render prints a tag or letter on it as well.

`simulate(rgb, kind)` shows a colour as a person with deuteranopia, protanopia or
tritanopia sees it (Machado, Oliveira & Fernandes 2009, "A Physiologically-based Model for
Simulation of Color Vision Deficiency", the severity-1.0 matrices, applied in linear sRGB);
`delta_e(a, b)` is the CIEDE2000 distance (Sharma, Wu & Dalal 2005). `MIN_DISTANCE` is the
least distance two seats' colours keep, with normal vision and under each simulation
(tests/renders/test_palette.py checks every set of colours a game shows together).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from PIL import ImageColor

RGB = tuple[int, int, int]

OKABE_ITO: dict[str, RGB] = {
    "black": (0, 0, 0), "orange": (230, 159, 0), "sky blue": (86, 180, 233),
    "bluish green": (0, 158, 115), "yellow": (240, 228, 66), "blue": (0, 114, 178),
    "vermillion": (213, 94, 0), "reddish purple": (204, 121, 167),
}

# The engine's colour names -> the shade drawn.
COLOURS: dict[str, RGB] = {
    "red": OKABE_ITO["vermillion"], "green": OKABE_ITO["bluish green"],
    "blue": OKABE_ITO["blue"], "yellow": OKABE_ITO["yellow"],
    "purple": (185, 0, 135), "orange": OKABE_ITO["orange"],
    "pink": OKABE_ITO["reddish purple"], "teal": OKABE_ITO["sky blue"],
    "brown": (110, 70, 30), "black": (40, 40, 40), "white": (246, 246, 246),
    "grey": (190, 190, 190), "gray": (190, 190, 190), "cyan": OKABE_ITO["sky blue"],
    "navy": (20, 40, 110), "lime": (150, 210, 50), "maroon": (120, 20, 40),
    "olive": (128, 128, 0),
}
# Seats given by index take these in turn; the first eight stay apart from each other.
ORDER: tuple[str, ...] = ("red", "blue", "yellow", "green", "pink", "teal", "black", "brown",
                          "orange", "purple", "white", "grey")
# Owners that are not seats (neutrals, Mom & Pops): greys, told apart by their tags.
NEUTRALS: tuple[RGB, ...] = ((190, 190, 190), (105, 105, 105), (150, 150, 150), (70, 70, 70))

#: The least CIEDE2000 distance between two colours shown together, under each vision.
MIN_DISTANCE = 10.0


def seat_colour(value: Any, index: int) -> RGB:
    """A seat's colour from a colour name, "#rrggbb", or (an int, or nothing usable) its
    place in `ORDER`."""
    if isinstance(value, str):
        name = value.strip().lower()
        if name in COLOURS:
            return COLOURS[name]
        try:
            rgb = ImageColor.getrgb(value.strip())
            return (rgb[0], rgb[1], rgb[2])
        except ValueError:
            pass
    if isinstance(value, int) and not isinstance(value, bool):
        index = value
    return COLOURS[ORDER[index % len(ORDER)]]


def ink_on(colour: RGB, dark: RGB = (30, 30, 36), light: RGB = (255, 255, 255)) -> RGB:
    """The text colour (dark or light) that reads best on `colour`."""
    return dark if relative_luminance(colour) > 0.22 else light


# ----- the check ------------------------------------------------------------------------

# Machado et al. (2009), severity 1.0, for linear RGB.
SIMULATIONS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def relative_luminance(rgb: RGB) -> float:
    r, g, b = (_linear(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def simulate(rgb: Sequence[float], kind: str) -> tuple[float, float, float]:
    """`rgb` as seen with `kind` ("normal", "deuteranopia", "protanopia", "tritanopia")."""
    if kind == "normal":
        return (float(rgb[0]), float(rgb[1]), float(rgb[2]))
    lin = [_linear(v) for v in rgb]
    m = SIMULATIONS[kind]
    r, g, b = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return (_gamma(r), _gamma(g), _gamma(b))


def lab(rgb: Sequence[float]) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(v) for v in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: Sequence[float], b: Sequence[float]) -> float:
    """CIEDE2000 between two sRGB colours."""
    l1, a1, b1 = lab(a)
    l2, a2, b2 = lab(b)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_bar7 = ((c1 + c2) / 2) ** 7
    g = 0.5 * (1 - math.sqrt(c_bar7 / (c_bar7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, c_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6))
         - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * c_bar
    s_h = 1 + 0.015 * c_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dhh / s_h) ** 2
                     + r_t * (dc / s_c) * (dhh / s_h))


VISIONS = ("normal", "deuteranopia", "protanopia", "tritanopia")


def closest_pair(colours: Iterable[RGB]) -> tuple[float, str, RGB, RGB]:
    """The two colours of a set that come closest under any vision: (distance, vision, a, b)."""
    best: tuple[float, str, RGB, RGB] = (math.inf, "normal", (0, 0, 0), (0, 0, 0))
    for a, b in combinations(list(colours), 2):
        for vision in VISIONS:
            d = delta_e(simulate(a, vision), simulate(b, vision))
            if d < best[0]:
                best = (d, vision, a, b)
    return best
