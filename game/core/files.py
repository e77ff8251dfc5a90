"""Reading a file the player may have handed over: the one mechanism behind every data
file and save the game reads. Only regular files (a pipe or a device could block or never
end), of a bounded size, and UTF-8 text; each refusal says why in words a reader of the
file can act on, and each reader wraps it in its own error (DataError, SaveError)."""

from __future__ import annotations

import stat
from pathlib import Path


class FileRefused(Exception):
    """Why a file was not read (``line``: where a byte that is not UTF-8 sits)."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


def read_text_file(path: str | Path, limit: int, what: str) -> str:
    """The UTF-8 text of the regular file ``path`` of at most ``limit`` bytes; ``what``
    names the kind of file in the reasons ("data file", "save")."""
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise FileRefused("no such file (cannot be read)") from None
    except OSError as e:
        raise FileRefused(f"cannot be read ({e.strerror or e})") from None
    if not stat.S_ISREG(st.st_mode):
        raise FileRefused(f"not a regular file (a folder, pipe or device); give the path of a {what}")
    if st.st_size > limit:
        raise FileRefused(f"the file is {st.st_size:,} bytes; a {what} of this game is at most {limit:,}")
    try:
        with p.open("rb") as f:
            raw = f.read(limit + 1)
    except OSError as e:
        raise FileRefused(f"cannot be read ({e.strerror or e})") from None
    if len(raw) > limit:
        raise FileRefused(f"the file is over {limit:,} bytes; a {what} of this game is at most {limit:,}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FileRefused(f"byte {e.start} is not UTF-8 text; it is not a {what} of this game, or was saved in another encoding",
                          raw[: e.start].count(b"\n") + 1) from None
