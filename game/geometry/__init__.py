"""Table geometry: units, terrain, measurement, line of sight, templates, artillery
grid, movement paths and collisions, cohesion. Pure Python + shapely/pymunk/numpy
(no pygame). Lengths are in millimetres; y points down; angles in degrees, 0 = +x,
90 = +y.
"""

from .cohesion import connected_within, each_within, groups, stragglers
from .collider import Collider, Collision
from .grid import ArtilleryGrid
from .los import (
    EFFECTS,
    Crossing,
    LosMatrix,
    LosResult,
    line_of_sight,
    los_matrix,
    los_pairs,
    naive_los_matrix,
)
from .measure import (
    distance,
    distances_from,
    edge_distance,
    furthest_to_nearest,
    in_contact,
    max_spread,
    nearest_pair,
    pairwise,
    within,
)
from .movement import PathEvent, PathTrace, trace_path
from .table import Table
from .templates import circle, cone, corridor, covered, rectangle
from .terrain import COVER_NAMES, HARD, NO_COVER, SOFT, TerrainFeature, TerrainType
from .units import CM, EPS, FOOT, INCH, UNITS, from_mm, to_mm

__all__ = [
    "ArtilleryGrid",
    "CM",
    "COVER_NAMES",
    "Collider",
    "Collision",
    "Crossing",
    "EFFECTS",
    "EPS",
    "FOOT",
    "HARD",
    "INCH",
    "LosMatrix",
    "LosResult",
    "NO_COVER",
    "PathEvent",
    "PathTrace",
    "SOFT",
    "Table",
    "TerrainFeature",
    "TerrainType",
    "UNITS",
    "circle",
    "cone",
    "connected_within",
    "corridor",
    "covered",
    "distance",
    "distances_from",
    "each_within",
    "edge_distance",
    "from_mm",
    "furthest_to_nearest",
    "groups",
    "in_contact",
    "line_of_sight",
    "los_matrix",
    "los_pairs",
    "max_spread",
    "naive_los_matrix",
    "nearest_pair",
    "pairwise",
    "rectangle",
    "stragglers",
    "to_mm",
    "trace_path",
    "within",
]
