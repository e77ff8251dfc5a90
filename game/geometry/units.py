"""Length units. The internal unit everywhere in the geometry module is the millimetre."""

from __future__ import annotations

INCH = 25.4
CM = 10.0
FOOT = 304.8
MM = 1.0

#: Tolerance (mm) for geometric comparisons.
EPS = 1e-6

UNITS: dict[str, float] = {"in": INCH, "cm": CM, "ft": FOOT, "mm": MM}


def _factor(unit: str) -> float:
    try:
        return UNITS[unit]
    except KeyError:
        raise ValueError(f"unknown length unit {unit!r}; expected one of {sorted(UNITS)}") from None


def to_mm(value: float, unit: str) -> float:
    """Convert ``value`` expressed in ``unit`` ("in", "cm", "ft", "mm") to millimetres."""
    return float(value) * _factor(unit)


def from_mm(value: float, unit: str) -> float:
    """Convert a length in millimetres to ``unit``."""
    return float(value) / _factor(unit)
