"""Derive the A&A world map's outlines, `renders/data/aa_world.json`, from Natural Earth.

The 1984 board's 70 land territories and 58 sea zones (`engine/aa/classic_map.json`,
from TripleA's *World War II Classic*) drawn on real coastlines: each land territory is a
group of Natural Earth countries (1:50m, public domain), a country that the board divides
(the USSR, the USA, Canada, China, Indonesia, ...) cut by the simple lines of longitude and
latitude listed in `LAND` below; each sea zone is a union of longitude/latitude boxes and
polygons (`SEA`), the first zone listed owning any water two of them claim, so that the
zones divide the oceans as the board does and touch the coasts and zones the board says
they touch; the canals and the straits of the Black Sea are cut through the land. Water
and land that are not on the board (the Arctic, Greenland, Iceland, small islands) are
kept apart as such. Wake Island and Midway are too small for the 1:50m outlines and are
discs at their real places; Gibraltar is the tip of Spain's coast round the Rock.

The picture wraps like the board: its left edge is 87 degrees west, so the eastern United
States is at the left edge and the western at the right, as on the board; longitudes past
180 (a zone written from 170 to 200) continue over the date line. Projection: Miller
cylindrical, 78 N to 58 S. The output holds, per area, its outline as integer
coordinates in a 16000-unit-wide world (rings delta-encoded), simplified as one coverage
so neighbours keep their shared borders, and a point to hang its label on.

Run it (dev only; shapely is not a runtime dependency of the bot):

    pip install 'shapely>=2.1'
    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz   # package/countries-50m.json
    python tools/aa_map/derive.py package/countries-50m.json [--preview out.png]

It prints the board's borders the outlines miss ("missing", none today) and the contacts
they show that the board does not have ("extra": real coastlines meeting where the board
keeps areas apart; a border across the picture's edge counts through the wrap), then
writes the data file. The same input gives the same bytes. The rulings behind the tables
are MAP-1 to MAP-5 in docs/aa-classic.md, "The map".
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "renders" / "data" / "aa_world.json"
BOARD = ROOT / "engine" / "aa" / "classic_map.json"

WEST = -87.0          # longitude of the picture's left edge (the right edge is 360 degrees on)
NORTH, SOUTH = 78.0, -58.0
UNITS = 16000         # width of the world in the data's units
TOLERANCE = 1.2       # simplification, in units (about 0.03 degrees of longitude)
ISLAND_RADIUS = 0.9   # degrees: the discs of the areas too small for the outlines

Geometry = Any  # a shapely geometry


# ----- the board's land territories: Natural Earth countries, whole or cut ----------------

def poly(*points: tuple[float, float]) -> Polygon:
    return Polygon(points)


# Each country goes to one territory, or is cut: (territory, region) in order, each taking
# its region of what is left of the country (None: all that is left). A region is a shapely
# geometry in longitude/latitude; "piece:" rules take whole islands by where they lie.
Cut = tuple[str, Geometry | None]
OFF = "off-board"

# Regions, named once: the lines the board draws through countries.
KARELIA_RU = box(26, 47.3, 36.5, 62).union(box(26, 59.5, 60, 72))
CAUCASUS_RU = box(36.5, 41, 45, 53.5).union(box(36.5, 41, 49, 45.3))
CRIMEA = box(32, 44, 36.6, 46.3)
KALININGRAD = box(19, 54, 23, 56)
NOVOSIBIRSK_RU = box(68, 45, 98.1, 60)
EVENKI_RU = box(80, 60, 105, 79)
SOVIET_FAR_EAST_RU = box(133, 40, 200, 79).union(box(130, 40, 133, 50))
YAKUT_RU = box(97.9, 40, 200, 79)
RUSSIAN_ARCTIC_ISLANDS = box(48, 70.3, 70, 80).union(box(130, 72.8, 160, 80))
WEST_US = box(-130, 20, -89, 50)
ALASKA = box(-180, 51, -129, 75).union(box(170, 50, 200, 56))
HAWAII = box(-161, 18, -154, 23)
WEST_CANADA = box(-142, 40, -89.3, 90)
MANCHURIA_CN = box(115.5, 40.5, 136, 54).union(box(120.5, 38.5, 125, 40.5))
KWANGTUNG_CN = poly((106.5, 17), (106.5, 22.3), (108.5, 22.8), (112, 24.2), (115.5, 26.5),
                    (117.5, 29.5), (118.2, 32.5), (116.2, 35.2), (115.2, 38.5),
                    (117.2, 40.6), (120.5, 40.6), (126, 40.6), (126, 17))
SINKIANG_CN = box(73, 26, 97, 50).union(box(97, 20, 104, 29.5)).union(box(97, 29.5, 101.5, 36))
MALAYA = box(99, 0, 105, 7.5)
FRENCH_GUIANA = box(-55, 2, -51, 6.5)
EUROPEAN_FRANCE = box(-6, 41, 10, 52)
GIBRALTAR = Point(-5.35, 36.3).buffer(0.55)
MOROCCAN_SOUTH = box(-18, 20, -4.2, 28.5)  # the board's Algeria does not reach Rio del Oro
THRACE = poly((25.5, 40.0), (26.9, 40.35), (29.2, 40.95), (29.2, 42.2), (25.5, 42.2))
CABINDA = box(11.5, -6, 13.5, -4)

PIECE = "piece"  # a region marked so takes whole islands whose representative point is in it


def pieces(region: Geometry) -> tuple[str, Geometry]:
    return (PIECE, region)


LAND: dict[str, list[Cut] | str] = {
    # Europe
    "United Kingdom": "United Kingdom", "Isle of Man": "United Kingdom",
    "Guernsey": "United Kingdom", "Jersey": "United Kingdom",
    "Ireland": "Eire",
    "Norway": [(OFF, box(-10, 70.5, 40, 82)), (OFF, box(-10, 60, 4.5, 75)),
               ("Finland Norway", None)],
    "Finland": "Finland Norway", "Åland": "Finland Norway",
    "Sweden": "Sweden",
    "France": [("West Europe", EUROPEAN_FRANCE), ("Brazil", FRENCH_GUIANA), (OFF, None)],
    "Belgium": "West Europe", "Netherlands": [("West Europe", box(2, 50, 8, 54)), (OFF, None)],
    "Luxembourg": "West Europe", "Monaco": "West Europe", "Andorra": "West Europe",
    "Germany": "Germany", "Austria": "Germany", "Czechia": "Germany",
    "Denmark": [("Germany", box(7, 54, 16, 58)), (OFF, None)],
    "Switzerland": "Switzerland", "Liechtenstein": "Switzerland",
    "Italy": "South Europe", "San Marino": "South Europe", "Vatican": "South Europe",
    "Malta": "South Europe", "Slovenia": "South Europe", "Croatia": "South Europe",
    "Bosnia and Herz.": "South Europe", "Serbia": "South Europe", "Montenegro": "South Europe",
    "Kosovo": "South Europe", "Macedonia": "South Europe", "Albania": "South Europe",
    "Greece": "South Europe",
    "Poland": "East Europe", "Lithuania": "East Europe", "Latvia": "East Europe",
    "Estonia": "East Europe", "Belarus": "East Europe", "Slovakia": "East Europe",
    "Hungary": "East Europe", "Romania": "East Europe", "Bulgaria": "East Europe",
    "Turkey": [("East Europe", THRACE), ("Turkey", None)],
    "Ukraine": "Ukraine S.S.R.", "Moldova": "Ukraine S.S.R.",
    "Georgia": "Caucasus", "Armenia": "Caucasus", "Azerbaijan": "Caucasus",
    "Spain": [(OFF, box(-19, 27, -13, 30)), ("Gibraltar", GIBRALTAR), ("Spain", None)],
    "Portugal": [("Spain", box(-10, 36, -6, 42.5)), (OFF, None)],
    # The USSR
    "Russia": [("Ukraine S.S.R.", CRIMEA), ("East Europe", KALININGRAD),
               (OFF, RUSSIAN_ARCTIC_ISLANDS), ("Karelia S.S.R.", KARELIA_RU),
               ("Caucasus", CAUCASUS_RU), ("Novosibirsk", NOVOSIBIRSK_RU),
               ("Evenki National Okrug", EVENKI_RU),
               ("Soviet Far East", SOVIET_FAR_EAST_RU), ("Soviet Far East", box(-180, 40, -160, 80)),
               ("Yakut S.S.R.", YAKUT_RU), ("Russia", None)],
    "Kazakhstan": "Kazakh S.S.R.", "Uzbekistan": "Kazakh S.S.R.",
    "Turkmenistan": "Kazakh S.S.R.", "Kyrgyzstan": "Kazakh S.S.R.",
    "Tajikistan": "Kazakh S.S.R.",
    # Asia
    "Afghanistan": "Afghanistan",
    "Iran": "Persia", "Iraq": "Persia", "Kuwait": "Persia",
    "India": "India", "Pakistan": "India", "Bangladesh": "India", "Nepal": "India",
    "Bhutan": "India", "Sri Lanka": "India", "Siachen Glacier": "India",
    "China": [("Manchuria", MANCHURIA_CN), ("Kwangtung", KWANGTUNG_CN),
              ("Sinkiang", SINKIANG_CN), ("China", None)],
    "Taiwan": "Kwangtung", "Hong Kong": "Kwangtung", "Macao": "Kwangtung",
    "North Korea": "Manchuria", "South Korea": "Manchuria",
    "Mongolia": "Mongolia",
    "Myanmar": "French Indo China", "Thailand": "French Indo China",
    "Laos": "French Indo China", "Cambodia": "French Indo China",
    "Vietnam": "French Indo China", "Singapore": "French Indo China",
    "Malaysia": [("French Indo China", MALAYA), ("Borneo Celebes", None)],
    "Brunei": "Borneo Celebes",
    "Indonesia": [("New Guinea", pieces(box(130.8, -11, 142, 0.5))),
                  ("Borneo Celebes", pieces(box(108, -4.5, 119.3, 7.5))),
                  ("Borneo Celebes", pieces(box(119.3, -6.5, 131, 3))),
                  ("East Indies", None)],
    "Timor-Leste": "East Indies",
    "Philippines": "Philippines",
    "Japan": [("Okinawa", pieces(box(122, 23, 131, 29.5))), (OFF, pieces(box(135, 20, 145, 30))),
              ("Japan", None)],
    "Papua New Guinea": [("Solomon Islands", pieces(box(154, -12, 160, 0))),
                         ("New Guinea", None)],
    "Solomon Is.": "Solomon Islands",
    "Micronesia": "Caroline Islands", "Palau": "Caroline Islands",
    "Marshall Is.": "Caroline Islands", "N. Mariana Is.": "Caroline Islands",
    "Australia": [("Australia", box(110, -45, 155, -9)), (OFF, None)],
    "New Zealand": [("New Zealand", box(165, -48, 179, -34)), (OFF, None)],
    # The Middle East and Africa
    "Syria": "Syria Jordan", "Lebanon": "Syria Jordan", "Israel": "Syria Jordan",
    "Palestine": "Syria Jordan", "Jordan": "Syria Jordan",
    "Saudi Arabia": "Saudi Arabia", "Yemen": "Saudi Arabia", "Oman": "Saudi Arabia",
    "United Arab Emirates": "Saudi Arabia", "Qatar": "Saudi Arabia", "Bahrain": "Saudi Arabia",
    "Morocco": [("French West Africa", MOROCCAN_SOUTH), ("Algeria", None)],
    "Algeria": [("French West Africa", MOROCCAN_SOUTH), ("Algeria", None)],
    "Tunisia": "Algeria",
    "W. Sahara": "Rio del Oro",
    "Mauritania": "French West Africa", "Mali": "French West Africa",
    "Senegal": "French West Africa", "Gambia": "French West Africa",
    "Guinea-Bissau": "French West Africa", "Guinea": "French West Africa",
    "Sierra Leone": "French West Africa", "Liberia": "French West Africa",
    "Côte d'Ivoire": "French West Africa", "Burkina Faso": "French West Africa",
    "Ghana": "French West Africa", "Togo": "French West Africa", "Benin": "French West Africa",
    "Niger": "French Equatorial Africa", "Nigeria": "French Equatorial Africa",
    "Chad": "French Equatorial Africa", "Cameroon": "French Equatorial Africa",
    "Central African Rep.": "French Equatorial Africa", "Gabon": "French Equatorial Africa",
    "Congo": "French Equatorial Africa", "Eq. Guinea": "French Equatorial Africa",
    "São Tomé and Principe": "French Equatorial Africa",
    "Libya": "Libya",
    "Egypt": "Anglo Sudan Egypt", "Sudan": "Anglo Sudan Egypt", "S. Sudan": "Anglo Sudan Egypt",
    "Ethiopia": "Italian East Africa", "Eritrea": "Italian East Africa",
    "Djibouti": "Italian East Africa", "Somalia": "Italian East Africa",
    "Somaliland": "Italian East Africa",
    "Dem. Rep. Congo": "Congo", "Rwanda": "Congo", "Burundi": "Congo",
    "Angola": [("Congo", CABINDA), ("Angola", None)],
    "Kenya": "Kenya-Rhodesia", "Uganda": "Kenya-Rhodesia", "Tanzania": "Kenya-Rhodesia",
    "Zambia": "Kenya-Rhodesia", "Zimbabwe": "Kenya-Rhodesia", "Malawi": "Kenya-Rhodesia",
    "Mozambique": "Mozambique",
    "South Africa": [("South Africa", box(10, -36, 35, -20)), (OFF, None)],
    "Namibia": "South Africa", "Botswana": "South Africa",
    "Lesotho": "South Africa", "eSwatini": "South Africa",
    "Madagascar": "Madagascar",
    # The Americas
    "United States of America": [("Alaska", ALASKA), ("Hawaiian Islands", HAWAII),
                                 ("West US", WEST_US), ("East US", box(-89, 20, -60, 50)),
                                 (OFF, None)],
    "Canada": [(OFF, pieces(box(-142, 62.5, -55, 90))), ("West Canada", WEST_CANADA),
               ("East Canada", None)],
    "Mexico": "Mexico",
    "Guatemala": "Panama", "Belize": "Panama", "El Salvador": "Panama",
    "Honduras": "Panama", "Nicaragua": "Panama", "Costa Rica": "Panama", "Panama": "Panama",
    "Cuba": "Cuba",
    "Colombia": "Columbia", "Venezuela": "Columbia",
    "Ecuador": [(OFF, pieces(box(-93, -3, -85, 3))), ("Columbia", None)],
    "Peru": "Peru", "Bolivia": "Peru",
    "Brazil": "Brazil", "Guyana": "Brazil", "Suriname": "Brazil",
    "Argentina": "Argentina-Chile", "Paraguay": "Argentina-Chile", "Uruguay": "Argentina-Chile",
    "Chile": [(OFF, pieces(box(-115, -40, -77, -20))), ("Argentina-Chile", None)],
}

# Water the outlines are too coarse to show, cut through the land: the board's canals and
# the straits between the Black Sea and the Mediterranean (longitude, latitude lines).
WATERWAYS = [
    [(32.3, 31.35), (32.32, 30.6), (32.55, 29.9)],         # Suez
    [(-79.92, 9.4), (-79.7, 9.1), (-79.55, 8.9)],           # Panama
    [(29.0, 41.25), (29.05, 41.05), (28.95, 40.95)],        # the Bosphorus
    [(26.05, 39.95), (26.4, 40.2), (26.7, 40.4)],           # the Dardanelles
]
WATERWAY_WIDTH = 0.1  # degrees each side

# Too small for the outlines: a disc at the real place (longitude, latitude).
DISCS = {"Wake Island": (166.63, 19.3), "Midway": (-177.37, 28.21)}


# ----- the sea zones ------------------------------------------------------------------

# Each zone: boxes (west, south, east, north) and polygons in longitude/latitude. Zones
# earlier in the list win water that later ones also claim, so a big ocean zone can be
# written as a plain box around the smaller ones it surrounds. Longitudes may run past
# 180 (over the date line) or below -180.
Shape = tuple[float, float, float, float] | list[tuple[float, float]]

SEA: list[tuple[str, list[Shape]]] = [
    # Inland and enclosed seas first.
    ("Caspian Sea Zone", [(45, 36, 56, 48)]),
    ("Black Sea Zone", [(27.2, 40.9, 42, 48), (26.3, 40.1, 30.1, 41.2)]),
    ("Baltic Sea Zone", [(9.5, 53, 31, 66.5), (5.5, 53, 9.5, 57.6)]),
    ("Red Sea Zone", [[(30, 31), (30, 10), (41.56, -1.66), (58, -1.66), (61.6, 22),
                       (61.6, 26.5), (57, 31)]]),
    ("West Mediteranean Sea Zone", [[(-6, 33), (11.6, 33), (11.6, 37.4), (7.8, 38.5),
                                     (8.0, 41.0), (8.2, 43.0), (7.6, 44.5), (0, 44.5),
                                     (0, 42.5), (-6, 42.5)]]),
    ("East Mediteranean Sea Zone", [[(25, 30), (25, 34.5), (26.4, 35.2), (26.15, 37.5),
                                     (26.1, 40.1), (37, 40.1), (37, 30)]]),
    ("Central Mediteranean Sea Zone", [(7.5, 30, 26.5, 46)]),
    ("Karelia Sea Zone", [(31.5, 64, 58, 80), (30, 63.5, 45, 68)]),
    ("North Sea Zone", [(-12, 48.8, 9.5, 62), (-32, 62, 31.5, 75)]),
    # The Atlantic and the Americas.
    ("East Canada Sea Zone", [(-95, 47, -50, 66), (-67, 43, -50, 47), (-50, 47, -30, 62), (-30, 51, -12, 62)]),
    ("West Spain Sea Zone", [(-30, 35, -6, 51), (-6, 43, 0, 48.8), (-12, 28.5, -6, 35)]),
    ("West Panama Sea Zone", [[(-92.2, -3.4), (-76, -3.4), (-76, 7.2), (-77.5, 8.0),
                               (-79.0, 9.15), (-80.5, 8.8), (-82.5, 8.9), (-84.0, 10.2),
                               (-85.0, 12.0), (-86.5, 13.5), (-88.5, 14.6), (-91.0, 15.3),
                               (-92.2, 15.6)]]),
    ("Carribean Sea Zone", [(-86.7, 7, -60.5, 24.2), (-92, 8, -86.7, 18.0)]),
    ("Gulf of Mexico Sea Zone", [(-98, 18, -86.7, 24.2), (-98, 24.2, -89, 31)]),
    ("East US Sea Zone", [(-89, 24.2, -60, 47)]),
    ("North Atlantic Sea Zone", [(-60.5, 14, -30, 47), (-30, 20, -17.5, 35)]),
    ("Congo Sea Zone", [(2.7, -6.0, 15, 7), (-20, -12, 2.7, -2)]),
    ("West Africa Sea Zone", [(-35, -2, 2.7, 20), (-17.5, 28.5, -12, 35), (-17.5, 20, -10, 28.5)]),
    ("North Brazil Sea Zone", [(-60.5, -10, -35, 14)]),
    ("East Argentina Sea Zone", [(-70, -45, -40, -33.7), (-60, -33.7, -56, -32)]),
    ("South Brazil Sea Zone", [(-56, -33.7, -20, -10), (-35, -10, -20, -2)]),
    ("Angola Sea Zone", [(2.7, -33.5, 19, -6.0), (-5, -30, 2.7, -12), (5, -60, 18, -33.5),
                         (0, -50, 5, -30)]),
    ("South Atlantic Sea Zone", [(-40, -50, 0, -30), (-20, -30, -5, -12)]),
    ("Antartic Sea Zone", [(-40, -60, 5, -50)]),
    ("Peru Sea Zone", [[(-95, -35), (-70, -35), (-70, -3.4), (-82, -3.4), (-95, 0.3)]]),
    ("South Argentina Sea Zone", [(-90, -60, -40, -45), (-90, -45, -71, -35)]),
    # Africa and the Indian Ocean.
    ("South Africa Sea Zone", [(18, -60, 40, -33.5), (40, -33.5, 45.5, -25.2)]),
    ("Mozambique Sea Zone", [(19, -33.5, 44.5, -1.66), (44.5, -12, 47, -1.66)]),
    ("South East Madagascar Sea Zone", [(40, -60, 65, -26), (45.5, -26, 48, -24.5)]),
    ("West Compass Sea Zone", [(44.5, -26, 70, -4), (47, -4, 70, 10), (65, -38, 70, -26)]),
    ("Indian Ocean Sea Zone", [(58, -10, 92, 26)]),
    ("French Indo China Sea Zone", [(92, 6.5, 100, 22.5), (100, 0, 117, 23),
                                    (103.5, -3.5, 109, 0)]),
    ("East Indies Sea Zone", [(92, -10, 103.5, 6.5), (103.5, -11, 127.5, -6.8),
                              (103.5, -6.8, 119, -3.5)]),
    ("Borneo Sea Zone", [(109, -6.8, 131, 0), (117, 0, 131, 7), (127.5, -9, 131, -6.8)]),
    ("South Australia Sea Zone", [(105, -60, 160, -36), (118, -38, 160, -31)]),
    ("West Australia Sea Zone", [(105, -36, 118, -10), (118, -22, 125, -11)]),
    ("East Compass Sea Zone", [(70, -38, 105, -10)]),
    ("South Compass Sea Zone", [(65, -60, 105, -38)]),
    ("North Australia Sea Zone", [(125, -31, 160, -9), (118, -31, 125, -22)]),
    # The Pacific.
    ("Kwangtung Sea Zone", [(108.5, 17, 117, 24), (117, 20, 122, 41)]),
    ("Philippines Sea Zone", [(117, 7, 132, 20), (122, 20, 124, 27.5)]),
    ("Okinawa Sea Zone", [(124, 20, 135, 29)]),
    ("New Guinea Sea Zone", [(131, -9, 152, 0)]),
    ("Caroline Islands Sea Zone", [(131, 0, 173, 12), (132, 12, 150, 21)]),
    ("Solomon Islands Sea Zone", [(152, -25, 175, 0), (173, 0, 178, 12)]),
    ("Soviet Far East Sea Zone", [(135, 44, 165, 62), (130.5, 42.3, 135, 44),
                                  (165, 60, 190, 67)]),
    ("Japan Sea Zone", [(122, 29, 150, 44), (122, 27.5, 124, 29), (127, 33, 142, 50)]),
    ("Wake Island Sea Zone", [(135, 12, 178, 25), (135, 25, 150, 29)]),
    ("North Pacific Sea Zone", [(150, 25, 180, 50)]),
    ("Alaska Sea Zone", [(160, 50, 204, 67)]),
    ("West Canada Sea Zone", [(204, 50, 240, 62)]),
    ("Mexico Sea Zone", [(235, 0.3, 267.8, 32.5), (265, -1.5, 267.8, 0.3)]),
    ("West US Sea Zone", [(225, 25, 250, 50)]),
    ("Midway Sea Zone", [(180, 25, 225, 50)]),
    ("Hawaii Sea Zone", [(178, 0.3, 235, 25)]),
    ("South Pacific Sea Zone", [(175, -25, 240, 0.3)]),
    ("New Zealand Sea Zone", [(160, -60, 270, -50), (160, -50, 225, -25), (265, -50, 270, -35)]),
    ("East Pacific Sea Zone", [(225, -50, 265, 0.3)]),
]

# Water not on the board: what the zones above leave of the frame (the Arctic, inland
# lakes are land already in Natural Earth's countries).

# Where a zone's or a territory's label goes when the largest clear spot is not where a
# player looks for it (longitude, latitude).
ANCHORS: dict[str, tuple[float, float]] = {
    "Hawaiian Islands": (-157, 20.5), "Midway": (-177.37, 28.21),
    "Wake Island": (166.63, 19.3), "Gibraltar": (-5.35, 36.3),
}

# Which side of the wrap an area is drawn on (its label): longitude of its home, where the
# area's own position does not say (zones whose water runs across the picture's edge).
HOMES: dict[str, float] = {
    "Gulf of Mexico Sea Zone": 268.0, "Panama": -82.0, "West Panama Sea Zone": -80.0,
}


# ----- geometry helpers -----------------------------------------------------------------

def decode(topo: dict[str, Any]) -> dict[str, Geometry]:
    """Natural Earth countries from world-atlas TopoJSON: name -> (Multi)Polygon."""
    scale, translate = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs: list[list[tuple[float, float]]] = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * scale[0] + translate[0], y * scale[1] + translate[1]))
        arcs.append(points)

    def ring(indexes: Sequence[int]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for i in indexes:
            points = arcs[i] if i >= 0 else arcs[~i][::-1]
            out.extend(points if not out else points[1:])
        lons = [x for x, _ in out]
        if max(lons) - min(lons) > 270:  # a ring across the date line: keep it whole
            out = [(x + 360 if x < 0 else x, y) for x, y in out]
        return out

    def polygon(rings: Sequence[Sequence[int]]) -> Polygon:
        return Polygon(ring(rings[0]), [ring(r) for r in rings[1:]])

    countries: dict[str, Geometry] = {}
    for g in topo["objects"]["countries"]["geometries"]:
        name = g["properties"]["name"]
        if g["type"] == "Polygon":
            geom = polygon(g["arcs"])
        elif g["type"] == "MultiPolygon":
            geom = MultiPolygon([polygon(p) for p in g["arcs"]])
        else:
            continue
        countries[name] = shapely.make_valid(geom)
    return countries


def parts(geom: Geometry) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    return [g for sub in getattr(geom, "geoms", []) for g in parts(sub)]


def shift(geom: Geometry, dx: float) -> Geometry:
    return shapely.affinity.translate(geom, xoff=dx)


def fold(geom: Geometry) -> Geometry:
    """The same places with every longitude in [-180, 180)."""
    out = [geom.intersection(box(-180, -90, 180, 90))]
    for k in (-2, -1, 1, 2):
        piece = geom.intersection(box(-180 + 360 * k, -90, 180 + 360 * k, 90))
        if not piece.is_empty:
            out.append(shift(piece, -360 * k))
    return unary_union(out)


def shape(s: Shape) -> Geometry:
    return box(*s) if isinstance(s, tuple) else Polygon(s)


def home_of(geom: Geometry) -> float:
    biggest = max(parts(geom), key=lambda p: p.area)
    lon = biggest.representative_point().x
    return lon + 360 if lon < WEST else lon


def placed(geom: Geometry, home: float) -> Geometry:
    """Each piece moved by whole turns to lie nearest the area's home longitude."""
    out = []
    for p in parts(geom):
        lon = p.representative_point().x
        k = round((home - lon) / 360)
        out.append(shift(p, 360 * k) if k else p)
    return unary_union(out)


def miller(lat: float) -> float:
    return 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * math.radians(lat)))


SCALE = UNITS / (2 * math.pi)
TOP = miller(NORTH)
HEIGHT = round((TOP - miller(SOUTH)) * SCALE)


def project(geom: Geometry) -> Geometry:
    def xy(coords: Any) -> Any:
        lon, lat = coords[:, 0], coords[:, 1]
        import numpy as np
        lat = np.clip(lat, -89, 89)
        x = (lon - WEST) / 360 * UNITS
        y = (TOP - 1.25 * np.log(np.tan(np.pi / 4 + 0.4 * np.radians(lat)))) * SCALE
        return np.column_stack([x, y])
    return shapely.transform(geom, xy)


# ----- building ---------------------------------------------------------------------------

def land_areas(countries: dict[str, Geometry]) -> tuple[dict[str, Geometry], Geometry]:
    areas: dict[str, list[Geometry]] = {}
    off: list[Geometry] = []
    for country, geom in countries.items():
        rule = LAND.get(country, OFF)
        cuts: list[Cut] = [(rule, None)] if isinstance(rule, str) else list(rule)
        left = geom
        for area, region in cuts:
            if left.is_empty:
                break
            if region is None:
                taken = left
            elif isinstance(region, tuple) and region[0] == PIECE:
                taken = unary_union([p for p in parts(left)
                                     if region[1].contains(p.representative_point())])
            else:
                taken = left.intersection(region)
            if taken.is_empty:
                continue
            left = left.difference(taken)
            (off if area == OFF else areas.setdefault(area, [])).append(taken)
    for area, (lon, lat) in DISCS.items():
        areas[area] = [Point(lon, lat).buffer(ISLAND_RADIUS, 16)]
    merged = {a: unary_union(g) for a, g in areas.items()}
    return merged, unary_union(off)


def sea_zones(land: Geometry) -> dict[str, Geometry]:
    zones: dict[str, Geometry] = {}
    taken: Geometry = Polygon()
    for zone, shapes in SEA:
        geom = fold(unary_union([shape(s) for s in shapes])).difference(taken)
        taken = taken.union(geom)
        zones[zone] = geom
    return zones


def touching(a: Geometry, b: Geometry, gap: float = 0.02) -> bool:
    """Do two areas meet (within `gap` degrees), across the picture's edge too?"""
    grown = a.buffer(gap)
    return any(grown.intersects(shift(b, 360 * k)) for k in (-1, 0, 1))


def check(board: dict[str, Any], physical: dict[str, Geometry]) -> list[str]:
    """The board's borders the outlines do not show, and borders they show that the board
    does not have (land with land, land with sea, sea with sea)."""
    report = []
    borders = {frozenset(b) for b in board["borders"]}
    names = sorted(physical)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            meet = touching(physical[a], physical[b])
            if frozenset((a, b)) in borders and not meet:
                report.append(f"missing: {a} - {b}")
            elif meet and frozenset((a, b)) not in borders:
                report.append(f"extra:   {a} - {b}")
    return report


def polygons(geom: Geometry) -> list[list[list[int]]]:
    """Each polygon as [outer ring, hole, ...], each ring delta-encoded integer units."""
    out = []
    for p in parts(geom):
        rings = []
        for ring in [p.exterior, *p.interiors]:
            flat: list[int] = []
            px = py = 0
            coords = [(round(x), round(y)) for x, y in ring.coords[:-1]]
            dedup = [c for i, c in enumerate(coords) if i == 0 or c != coords[i - 1]]
            if len(dedup) < 3:
                continue
            for x, y in dedup:
                flat += [x - px, y - py]
                px, py = x, y
            rings.append(flat)
        if rings:
            out.append(rings)
    return out


def anchor(geom: Geometry) -> tuple[int, int]:
    biggest = max(parts(geom), key=lambda p: p.area)
    line = shapely.maximum_inscribed_circle(biggest, 2.0)
    x, y = line.coords[0]
    return round(x), round(y)


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("countries", help="world-atlas countries-50m.json")
    parser.add_argument("--preview", help="also draw the result to this PNG")
    args = parser.parse_args(list(argv) if argv is not None else None)
    board = json.loads(BOARD.read_text())
    countries = decode(json.loads(Path(args.countries).read_text()))
    missing = [c for c in LAND if c not in countries]
    if missing:
        sys.exit(f"not in the data: {missing}")
    land, off_land = land_areas(countries)
    cut = unary_union([LineString(w).buffer(WATERWAY_WIDTH) for w in WATERWAYS])
    land = {a: shapely.make_valid(g.difference(cut)) for a, g in land.items()}
    all_land = unary_union([*land.values(), off_land])
    seas = sea_zones(all_land)
    frame = box(WEST, SOUTH, WEST + 360, NORTH)
    water = fold(frame).difference(all_land)
    shown = fold(frame)
    physical = {**{a: g.intersection(shown) for a, g in land.items()},
                **{z: g.intersection(water) for z, g in seas.items()}}
    expected = set(board["land"]) | set(board["sea"])
    assert set(physical) == expected, expected ^ set(physical)
    for line in check(board, physical):
        print(line)
    off_sea = water.difference(unary_union(list(seas.values())))

    # Each area on its side of the wrap, the whole picture projected and simplified.
    homes = {a: HOMES.get(a, home_of(g)) for a, g in physical.items()}
    drawn = {a: placed(g, homes[a]) for a, g in land.items()}
    drawn.update({z: placed(g, homes[z]) for z, g in seas.items()})
    window = box(WEST - 360, SOUTH, WEST + 720, NORTH)
    projected = {a: project(g.intersection(window)) for a, g in drawn.items()}
    off = {"land": project(placed(off_land, 0).intersection(window)),
           "sea": project(placed(off_sea, 0).intersection(window))}
    names = sorted(land) + ["off-board land"]
    cover = shapely.coverage_simplify(
        [projected[a] for a in sorted(land)] + [off["land"]], TOLERANCE)
    for name, geom in zip(names, cover, strict=True):
        if name in land:
            projected[name] = shapely.make_valid(geom)
        else:
            off["land"] = shapely.make_valid(geom)
    for z in seas:
        projected[z] = shapely.make_valid(projected[z].simplify(TOLERANCE))
    anchors = {}
    for a in physical:
        if a in ANCHORS:
            lon, lat = ANCHORS[a]
            lon += 360 * round((homes[a] - lon) / 360)
            p = project(Point(lon, lat))
            anchors[a] = (round(p.x), round(p.y))
        else:
            ocean = projected[a] if a in land else project(
                placed(physical[a], homes[a]).intersection(window))
            anchors[a] = anchor(ocean)
    data = {
        "about": "The A&A board's areas on Natural Earth 1:50m outlines (public domain), "
                 "derived by tools/aa_map/derive.py: Miller projection, left edge 87 W, "
                 "78 N to 58 S; integer units, rings delta-encoded.",
        "width": UNITS, "height": HEIGHT,
        "projection": {"west": WEST, "north": NORTH, "south": SOUTH},
        "areas": {a: {"polygons": polygons(projected[a]), "anchor": anchors[a],
                      "sea": a in seas} for a in sorted(physical)},
        "off_board": {"land": polygons(off["land"]), "sea": polygons(off["sea"])},
    }
    OUT.write_text(json.dumps(data, separators=(",", ":")))
    print(f"wrote {OUT} ({OUT.stat().st_size // 1024} KiB)")
    if args.preview:
        preview(data, args.preview)


def preview(data: dict[str, Any], path: str) -> None:
    """A plain drawing of the data, for looking at while editing the tables above."""
    from PIL import Image, ImageDraw

    scale = 3200 / data["width"]
    image = Image.new("RGB", (3200, round(data["height"] * scale)), (250, 250, 250))
    draw = ImageDraw.Draw(image)

    def rings(polys: list[list[list[int]]], fill: tuple[int, int, int], outline: Any) -> None:
        for rings_ in polys:
            for n, flat in enumerate(rings_):
                pts, x, y = [], 0, 0
                for i in range(0, len(flat), 2):
                    x, y = x + flat[i], y + flat[i + 1]
                    pts.append((x * scale, y * scale))
                for dx in (-3200, 0, 3200):
                    draw.polygon([(px + dx, py) for px, py in pts],
                                 fill=fill if n == 0 else (250, 250, 250), outline=outline)

    import random
    rings(data["off_board"]["sea"], (235, 240, 245), None)
    for name, area in data["areas"].items():
        if area["sea"]:
            r = random.Random(name)
            rings(area["polygons"], (150 + r.randint(0, 60), 190 + r.randint(0, 40), 235),
                  (120, 150, 190))
    rings(data["off_board"]["land"], (200, 200, 200), None)
    for name, area in data["areas"].items():
        if not area["sea"]:
            r = random.Random(name)
            rings(area["polygons"], (r.randint(120, 240), r.randint(120, 220),
                                     r.randint(90, 170)), (40, 40, 40))
    for name, area in data["areas"].items():
        x, y = area["anchor"]
        draw.text((x * scale, y * scale), name.replace(" Sea Zone", " SZ"), fill=(0, 0, 0),
                  anchor="mm")
    image.save(path)


if __name__ == "__main__":
    main()
