"""Data errors that name the file, the line, the field and what was expected."""

from __future__ import annotations


class DataError(Exception):
    def __init__(self, file: str, message: str, line: int | None = None, field: str = "") -> None:
        self.file = str(file)
        self.line = line
        self.field = field
        self.message = message
        super().__init__(self.one_line())

    def one_line(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        field = f" {self.field}:" if self.field else ""
        return f"{where}:{field} {self.message}"


def field_name(loc: tuple) -> str:
    """('terrain', 3, 'polygon') -> 'terrain[3].polygon'"""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out
