"""The map's layout, computed once per board: the provinces as regions, where each city's name goes, and where
each province's name goes. Geometry only, from the cities' board positions (``pos``, millimetres, y downward);
no rules.

- **Regions**: the Voronoi cell of each city (every point of the map belongs to the nearest city), clipped to the
  land (the cities' convex hull widened by :data:`LAND_MARGIN`, inside the map's frame), merged per province, and
  per part for a province drawn in parts (Power and Glory's Preußen). Free cities (in no province) get a region of
  their own each.
- **City names**: each name takes the first of the positions around its city (above first, then the diagonals,
  the sides, below) where its box overlaps no other name, no city marker and as little as possible of the arc
  below a city where the houses stand; the most crowded cities choose first, then each name moves again to its
  best place given all the others while any name still overlaps (a few rounds).
- **Province names**: inside the province's region (each part's), where the box overlaps no city name, marker
  or other province name, preferring spots that cross few roads, near its cities' centre (outside the region,
  near it, only where no spot inside is clear).

Text boxes are estimated from each letter's width and the font size, at :data:`PX_PER_MM` (the map's scale
when it is about 450 px wide: a wider map only spreads the names further apart).
"""
from __future__ import annotations

import math
import weakref
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import MultiPoint, box
from shapely.geometry.polygon import orient

from ..board import Board

PX_PER_MM = 0.9          # the map's scale assumed for text boxes: a map about 450 px wide (the apps' are wider)
PAD = 32.0               # mm of margin around the outermost cities: the map's frame
LAND_MARGIN = 26.0       # mm the land reaches beyond the outermost cities
CITY_FONT = 11           # px
PROVINCE_FONT = 14       # px
CITY_MARKER = 15         # px: a city's marker
ROUTE_MARKER = 20        # px: a numbered route stop drawn on a city: the widest marker a city can carry
HOUSE_OFFSET = 14.0      # mm from the city centre to a house marker (on an arc below the city)
HOUSE_MARKER = 11        # px
#: A character's width in ems: narrow letters, wide ones (capitals, m, w, umlauts), the others. Measured in
#: Chromium on the map's fonts (plotly's sans-serif at 11 px, Georgia at 14 px) and rounded up: a name's box
#: is at most about 15 % wider than its text.
NARROW, WIDE = frozenset("iljtfrI.,;:'’ ()-|!"), frozenset("MWmwÖÜÄöüäBDGHNOQUCKSÆŒæœ@%")
NARROW_EM, WIDE_EM, OTHER_EM = 0.38, 0.92, 0.65
LINE_HEIGHT = 1.25       # a line's height, in ems
TEXT_PAD = 2             # px kept clear around every name (the browser's text lies up to 2 px off the estimate)
GRID = 4.0               # mm between the spots tried for a province name
ROAD_STEP = 2.0          # mm between the points of a road counted under a province name
LABEL_ROUNDS = 6         # rounds of moving the city names that still overlap
TOUCH = 0.01             # mm²: boxes sharing less than this only touch

#: Where a city's name may go, in order of preference (plotly's ``textposition``).
POSITIONS = ("top center", "top right", "top left", "middle right", "middle left", "bottom center",
             "bottom right", "bottom left")


@dataclass(frozen=True)
class Part:
    """One region to fill: a province (or one part of it, or a free city) and its shape."""

    province: str | None          # the province's id; None for a free city
    name: str                     # the province's name ("" for a free city)
    cities: tuple[str, ...]       # the cities' names
    shape: object                 # a shapely Polygon or MultiPolygon (mm, y downward)
    label: tuple[float, float] | None    # where the province's name goes (centre), None for a free city


@dataclass(frozen=True)
class MapLayout:
    """Everything about a board's map that does not change during a game."""

    frame: tuple[float, float, float, float]      # x0, y0, x1, y1 (mm): what the map shows
    land: object                                  # the land's shapely polygon
    parts: tuple[Part, ...]
    text_positions: tuple[str, ...]               # each city's name position (plotly textposition), city order
    city_label_boxes: tuple[tuple[float, float, float, float], ...]      # x0, y0, x1, y1 (mm), city order
    marker_boxes: tuple[tuple[float, float, float, float], ...]
    province_label_boxes: tuple[tuple[float, float, float, float], ...]  # of the parts with a label, parts order
    paths: tuple[str, ...]                        # an SVG path per part (for a plotly shape), parts order


_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def map_layout(board: Board) -> MapLayout:
    """The layout of ``board``'s map, computed on first use and kept as long as the board lives."""
    found = _CACHE.get(board)
    if found is None:
        found = _CACHE[board] = compute_layout(board)
    return found


def text_size(text: str, font: float) -> tuple[float, float]:
    """The estimated width and height (mm, at :data:`PX_PER_MM`) of ``text`` in a font of ``font`` px, with
    :data:`TEXT_PAD` around it."""
    ems = sum(NARROW_EM if c in NARROW else WIDE_EM if c in WIDE else OTHER_EM for c in text)
    return (ems * font + 2 * TEXT_PAD) / PX_PER_MM, (LINE_HEIGHT * font + 2 * TEXT_PAD) / PX_PER_MM


def label_box(x: float, y: float, position: str, w: float, h: float) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1; y downward) of a ``w`` × ``h`` label put at ``position`` around a marker at (x, y),
    as plotly puts a text beside a marker (reckoned with a numbered route stop's, the widest a city carries)."""
    gap = (ROUTE_MARKER / 2 + 1) / PX_PER_MM
    diag = gap * 0.75
    vertical, horizontal = position.split()
    if vertical == "middle":
        y0 = y - h / 2
        dx = gap
    else:
        d = diag if horizontal != "center" else gap
        y0 = y - d - h if vertical == "top" else y + d
        dx = diag
    if horizontal == "center":
        x0 = x - w / 2
    elif horizontal == "right":
        x0 = x + dx
    else:
        x0 = x - dx - w
    return (x0, y0, x0 + w, y0 + h)


def overlap(a, b) -> float:
    """The area (mm²) two boxes (x0, y0, x1, y1) share (up to :data:`TOUCH`, they only touch)."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


# -- the computation ------------------------------------------------------------------------------------------------

def compute_layout(board: Board) -> MapLayout:
    xs = [c.pos[0] for c in board.cities]
    ys = [c.pos[1] for c in board.cities]
    frame = (min(xs) - PAD, min(ys) - PAD, max(xs) + PAD, max(ys) + PAD)
    land = MultiPoint([c.pos for c in board.cities]).convex_hull.buffer(LAND_MARGIN, quad_segs=6)
    land = land.intersection(box(*frame))
    cells = _cells(board, land)
    parts = _parts(board, cells)

    r = (ROUTE_MARKER / 2 + 1) / PX_PER_MM
    markers = [(x - r, y - r, x + r, y + r) for x, y in zip(xs, ys)]
    hr = (HOUSE_MARKER / 2 + 1) / PX_PER_MM
    houses = [(x - HOUSE_OFFSET - hr, y + r * 0.5, x + HOUSE_OFFSET + hr, y + HOUSE_OFFSET + hr)
              for x, y in zip(xs, ys)]
    positions, labels = _city_labels(board, frame, markers, houses)
    roads = _road_points(board)

    placed, name_boxes = [], []
    for part in parts:
        if part.province is None:
            placed.append(part)
            continue
        centre = (sum(board.city(c).pos[0] for c in part.cities) / len(part.cities),
                  sum(board.city(c).pos[1] for c in part.cities) / len(part.cities))
        spot, b = _province_label(part, centre, frame, labels + markers, houses, name_boxes, roads)
        name_boxes.append(b)
        placed.append(Part(part.province, part.name, part.cities, part.shape, spot))
    paths = tuple(_path(p.shape) for p in placed)
    return MapLayout(frame, land, tuple(placed), tuple(positions), tuple(labels), tuple(markers), tuple(name_boxes),
                     paths)


def _cells(board: Board, land) -> list:
    """Each city's Voronoi cell within the land (cities at one position share the first one's cell)."""
    first: dict[tuple[float, float], int] = {}
    for c in board.cities:
        first.setdefault(tuple(c.pos), c.index)
    points = list(first)
    if len(points) == 1:
        shapes = [land]
    else:
        regions = shapely.voronoi_polygons(MultiPoint(points), extend_to=land, ordered=True)
        shapes = [g.intersection(land) for g in regions.geoms]
    cell = dict(zip(first.values(), shapes))
    return [cell.get(c.index, shapely.Polygon()) for c in board.cities]


def _parts(board: Board, cells: list) -> list[Part]:
    parts = []
    for p in board.provinces:
        for group in p.parts or (p.cities,):
            members = [board.city(c) for c in group]
            shape = shapely.union_all([cells[c.index] for c in members])
            parts.append(Part(p.id, p.name, tuple(c.name for c in members), shape, None))
    for c in board.cities:
        if c.province is None:
            parts.append(Part(None, "", (c.name,), cells[c.index], None))
    return parts


def _city_labels(board: Board, frame, markers, houses):
    """Each city's name position and box: greedily, the most crowded cities first, the first position in
    :data:`POSITIONS` that overlaps no name or marker (else the least overlap); then, while a name still
    overlaps, each city in turn moves its name to its best position given all the others (a few rounds)."""
    n = len(board.cities)
    sizes = [text_size(c.name, CITY_FONT) for c in board.cities]
    reach = 2.5 * max(w for w, _ in sizes)

    def crowd(i):
        p = board.cities[i].pos
        return sum(1 for c in board.cities if math.dist(p, c.pos) < reach)

    order = sorted(range(n), key=lambda i: (-crowd(i), i))
    positions: list[str | None] = [None] * n
    boxes: list = [None] * n

    def choose(i):
        x, y = board.cities[i].pos
        w, h = sizes[i]
        best = None
        for rank, position in enumerate(POSITIONS):
            b = label_box(x, y, position, w, h)
            hard = sum(overlap(b, o) for j, o in enumerate(boxes) if o is not None and j != i)
            hard += sum(overlap(b, m) for j, m in enumerate(markers) if j != i)
            hard += _outside(b, frame)
            soft = sum(overlap(b, hb) for hb in houses)
            cost = (1e6 if hard > TOUCH else 0) + 100 * hard + soft + 4 * rank
            if best is None or cost < best[0]:
                best = (cost, position, b)
        return best

    for i in order:
        _, positions[i], boxes[i] = choose(i)
    for _ in range(LABEL_ROUNDS):
        if all(choose(i)[0] < 1e6 for i in range(n)):
            break
        for i in order:
            _, positions[i], boxes[i] = choose(i)
    return positions, boxes


def _road_points(board: Board) -> np.ndarray:
    """Points every :data:`ROAD_STEP` mm along the roads (to count how much road a name would cover)."""
    points: list[tuple[float, float]] = []
    for a, b in board.roads:
        (ax, ay), (bx, by) = board.city(a).pos, board.city(b).pos
        k = max(1, int(math.dist((ax, ay), (bx, by)) / ROAD_STEP))
        points += [(ax + (bx - ax) * t / k, ay + (by - ay) * t / k) for t in range(k + 1)]
    return np.asarray(points, dtype=float).reshape(-1, 2)


def _outside(b, frame) -> float:
    """The area of box ``b`` outside the frame."""
    area = (b[2] - b[0]) * (b[3] - b[1])
    return area - overlap(b, frame)


def _province_label(part: Part, centre, frame, obstacles, houses, others, roads):
    """Where the province's name goes: the spot whose box overlaps the least of the names and markers (hard),
    then is inside the region (else the nearest it), overlaps the least outside the region and of the houses'
    arcs, crosses the fewest roads, and is the nearest the centre of its cities."""
    w, h = text_size(part.name, PROVINCE_FONT)
    shape = part.shape
    if shape.is_empty:
        return None, (0.0, 0.0, 0.0, 0.0)
    # spots inside the region, and around it (a name outside its region only where no spot inside is clear)
    x0, y0, x1, y1 = shape.bounds
    x0, y0 = max(x0 - w / 2, frame[0] + w / 2), max(y0 - h, frame[1] + h / 2)
    x1, y1 = min(x1 + w / 2, frame[2] - w / 2), min(y1 + h, frame[3] - h / 2)
    gx, gy = np.meshgrid(np.arange(x0, x1 + GRID / 2, GRID), np.arange(y0, y1 + GRID / 2, GRID))
    gx, gy = gx.ravel(), gy.ravel()
    p = shape.representative_point()
    gx, gy = np.append(gx, p.x), np.append(gy, p.y)

    def overlaps(boxes, bx0, by0, bx1, by1):
        if not len(boxes):
            return np.zeros(len(bx0))
        o = np.asarray(boxes, dtype=float)
        dx = np.minimum(bx1[:, None], o[None, :, 2]) - np.maximum(bx0[:, None], o[None, :, 0])
        dy = np.minimum(by1[:, None], o[None, :, 3]) - np.maximum(by0[:, None], o[None, :, 1])
        return (np.clip(dx, 0, None) * np.clip(dy, 0, None)).sum(axis=1)

    bx0, by0, bx1, by1 = gx - w / 2, gy - h / 2, gx + w / 2, gy + h / 2
    hard = overlaps(list(obstacles) + list(others), bx0, by0, bx1, by1)
    hard = np.where(hard > TOUCH, 1e6 + 100 * hard, 0)
    keep = hard == hard.min()           # the clear spots only, when there are some
    gx, gy, hard = gx[keep], gy[keep], hard[keep]
    bx0, by0, bx1, by1 = gx - w / 2, gy - h / 2, gx + w / 2, gy + h / 2

    away = shapely.distance(shapely.points(gx, gy), shape)
    near = roads[(roads[:, 0] > x0 - w) & (roads[:, 0] < x1 + w) & (roads[:, 1] > y0 - h) & (roads[:, 1] < y1 + h)]
    crossing = ROAD_STEP * ((near[None, :, 0] > bx0[:, None]) & (near[None, :, 0] < bx1[:, None])
                            & (near[None, :, 1] > by0[:, None]) & (near[None, :, 1] < by1[:, None])).sum(axis=1)
    cost = (hard + 0.5 * overlaps(houses, bx0, by0, bx1, by1) + np.where(away > 0, 2 * w * h + 20 * away, 0)
            + 4 * crossing + 2 * np.hypot(gx - centre[0], gy - centre[1]))
    # the part of the box outside the region (at most w × h): measured only where it can change the choice
    close = np.flatnonzero(cost <= cost.min() + w * h)
    boxes = shapely.box(bx0[close], by0[close], bx1[close], by1[close])
    total = cost[close] + w * h - shapely.area(shapely.intersection(boxes, shape))
    k = int(close[np.argmin(total)])
    return (float(gx[k]), float(gy[k])), (float(bx0[k]), float(by0[k]), float(bx1[k]), float(by1[k]))


def _path(shape) -> str:
    """An SVG path of a (multi)polygon, holes included (outer rings counter-clockwise, holes clockwise, so the
    non-zero fill leaves the holes empty)."""
    polygons = getattr(shape, "geoms", [shape])
    out = []
    for poly in polygons:
        if poly.is_empty or poly.geom_type != "Polygon":
            continue
        poly = orient(poly, 1.0)
        for ring in (poly.exterior, *poly.interiors):
            pts = list(ring.coords)[:-1]
            out.append("M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in pts) + "Z")
    return "".join(out)


__all__ = ["TOUCH", "MapLayout", "Part", "label_box", "map_layout", "overlap", "text_size"]
