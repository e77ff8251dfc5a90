"""The artillery grid (WWIFY rules).

The table is divided into 2 ft squares numbered row by row from the top-left
(on a 10 x 4 ft table: ``1 2 3 4 5 / 6 7 8 9 10``); each is split into four 1 ft
quarters numbered ``1 2 / 3 4``. Other table sizes keep 1 ft squares: edge squares
are clipped to the table and every 2 ft square with any area on the table is numbered.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import shapely
from shapely.geometry import Polygon

from .units import EPS, FOOT

Point = tuple[float, float]
BIG = 2 * FOOT
SMALL = FOOT
_REL = 1e-9


def _count(length: float, size: float) -> int:
    return max(1, math.ceil(length / size - _REL))


class ArtilleryGrid:
    def __init__(self, width_mm: float, height_mm: float) -> None:
        if width_mm <= 0 or height_mm <= 0:
            raise ValueError("table dimensions must be positive")
        self.width = float(width_mm)
        self.height = float(height_mm)
        self.cols = _count(self.width, BIG)  # 2 ft columns
        self.rows = _count(self.height, BIG)
        self.small_cols = _count(self.width, SMALL)
        self.small_rows = _count(self.height, SMALL)

    @property
    def big_count(self) -> int:
        return self.cols * self.rows

    # -- numbering ----------------------------------------------------------------
    def _small_cell(self, big: int, quarter: int) -> tuple[int, int]:
        if not 1 <= big <= self.big_count:
            raise ValueError(f"big square {big} not on this table (1..{self.big_count})")
        if quarter not in (1, 2, 3, 4):
            raise ValueError(f"quarter must be 1..4, got {quarter}")
        row, col = divmod(big - 1, self.cols)
        dr, dc = divmod(quarter - 1, 2)
        return 2 * col + dc, 2 * row + dr

    def has_square(self, big: int, quarter: int) -> bool:
        """True if that 1 ft quarter has any area on the table."""
        c, r = self._small_cell(big, quarter)
        return c < self.small_cols and r < self.small_rows

    def square(self, big: int, quarter: int) -> Polygon:
        """The 1 ft quarter as a polygon, clipped to the table."""
        c, r = self._small_cell(big, quarter)
        if c >= self.small_cols or r >= self.small_rows:
            raise ValueError(f"square {self.label(big, quarter)} lies off the table")
        x0, y0 = c * SMALL, r * SMALL
        return shapely.box(x0, y0, min(x0 + SMALL, self.width), min(y0 + SMALL, self.height))

    def big_square(self, big: int) -> Polygon:
        """The whole 2 ft square, clipped to the table."""
        c, r = self._small_cell(big, 1)
        x0, y0 = c * SMALL, r * SMALL
        return shapely.box(x0, y0, min(x0 + BIG, self.width), min(y0 + BIG, self.height))

    def locate(self, point: Point) -> tuple[int, int]:
        """(big, quarter) containing the point. Points on a shared edge belong to the
        square to the right / below; the table's own far edges to the last squares."""
        x, y = float(point[0]), float(point[1])
        if not (-EPS <= x <= self.width + EPS and -EPS <= y <= self.height + EPS):
            raise ValueError(f"point {point} is off the table")
        c = min(max(int(math.floor(x / SMALL)), 0), self.small_cols - 1)
        r = min(max(int(math.floor(y / SMALL)), 0), self.small_rows - 1)
        big = (r // 2) * self.cols + (c // 2) + 1
        quarter = (r % 2) * 2 + (c % 2) + 1
        return big, quarter

    def squares(self) -> Iterator[tuple[int, int, Polygon]]:
        """Every (big, quarter, polygon) with area on the table, in numbering order."""
        for big in range(1, self.big_count + 1):
            for quarter in (1, 2, 3, 4):
                if self.has_square(big, quarter):
                    yield big, quarter, self.square(big, quarter)

    @staticmethod
    def label(big: int, quarter: int) -> str:
        return f"{big}/{quarter}"

    @staticmethod
    def parse(label: str) -> tuple[int, int]:
        """Inverse of :meth:`label`: "7/2" -> (7, 2)."""
        big, _, quarter = label.partition("/")
        return int(big), int(quarter)

    def center(self, big: int, quarter: int) -> Point:
        """Centre of the (clipped) quarter."""
        c = self.square(big, quarter).centroid
        return float(c.x), float(c.y)
