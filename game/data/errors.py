"""Data errors that name the file, the line, the field and what was expected."""

from __future__ import annotations


class DataError(Exception):
    def __init__(self, file: str, message: str, line: int | None = None, field: str = "") -> None:
        self.file = str(file)
        self.line = line
        self.field = one_line_text(field)
        #: one line, whatever text of the file it quotes (a name holding a line break)
        self.message = one_line_text(message)
        #: the file's further problems of the same pass (``validate`` prints them all)
        self.others: list[DataError] = []
        super().__init__(self.one_line())

    def all_lines(self) -> list[str]:
        return [self.one_line()] + [o.one_line() for o in self.others]

    def one_line(self) -> str:
        file = one_line_text(self.file)
        where = file if self.line is None else f"{file}:{self.line}"
        field = f" {self.field}:" if self.field else ""
        return f"{where}:{field} {self.message}"


#: control characters and line breaks (a newline, a tab, a NUL, U+2028) written as escapes
_ESCAPES = {c: repr(chr(c))[1:-1] for c in [*range(32), *range(127, 160), 0x2028, 0x2029]}


def one_line_text(text: str) -> str:
    """``text`` on one line: a value quoted from a file may hold line breaks and other
    control characters; they are written as escapes (\\n), so a refusal stays one line."""
    return text.translate(_ESCAPES)


def field_name(loc: tuple) -> str:
    """('terrain', 3, 'polygon') -> 'terrain[3].polygon'"""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out
