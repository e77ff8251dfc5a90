"""Data errors that name the file, the line, the field and what was expected."""

from __future__ import annotations


class DataError(Exception):
    def __init__(self, file: str, message: str, line: int | None = None, field: str = "") -> None:
        self.file = str(file)
        self.line = line
        self.field = field
        self.message = message
        #: the file's further problems of the same pass (``validate`` prints them all)
        self.others: list[DataError] = []
        super().__init__(self.one_line())

    def all_lines(self) -> list[str]:
        return [self.one_line()] + [o.one_line() for o in self.others]

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
