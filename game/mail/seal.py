"""Sealing a game for play by e-mail: the game's password, the key made from it, and the
sealed text (see docs/play-by-email.md for what this protects and what it cannot).

The key is made from the game's password with scrypt, salted with the game's id, so the
same password gives a different key in every game; the password never travels in a turn
file. A sealed text is a Fernet token (AES-128 in CBC mode with an HMAC-SHA256 over the
whole token, from the ``cryptography`` package) of the gzipped JSON: without the key it
reads as noise, and any byte changed makes it refuse to open."""

from __future__ import annotations

import base64
import gzip
import io
import json
import secrets
from typing import Any

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

#: the password's letters: no 0/O, 1/I/L, 5/S, 2/Z, 8/B to misread over the telephone
ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
#: three groups of four: 25^12, about 56 bits, stretched by scrypt
GROUPS, GROUP = 3, 4
#: the largest sealed game opened (a whole long game is about 1 MB before gzip)
MAX_PLAIN = 50_000_000


class SealError(Exception):
    """A sealed text that does not open: the wrong password, or it was changed."""


def new_password() -> str:
    """A fresh password for a new game (not a rules roll: from the system's secrets)."""
    return "-".join("".join(secrets.choice(ALPHABET) for _ in range(GROUP)) for _ in range(GROUPS))


def tidy_password(typed: str) -> str:
    """What a player typed, as the password is written: capitals, groups joined by '-'
    (spaces, lower case and missing dashes forgiven)."""
    letters = "".join(ch for ch in typed.upper() if ch.isalnum())
    return "-".join(letters[i:i + GROUP] for i in range(0, len(letters), GROUP))


def key_for(password: str, game_id: str) -> bytes:
    """The game's key (a Fernet key) from its password, salted with the game's id."""
    kdf = Scrypt(salt=game_id.encode(), length=32, n=2**14, r=8, p=1)
    return base64.urlsafe_b64encode(kdf.derive(tidy_password(password).encode()))


def seal(key: bytes, doc: Any) -> str:
    return Fernet(key).encrypt(gzip.compress(json.dumps(doc, separators=(",", ":")).encode(), mtime=0)).decode("ascii")


def unseal(key: bytes, token: str) -> Any:
    try:
        packed = Fernet(key).decrypt(token.encode("ascii"))
    except (InvalidToken, UnicodeEncodeError, ValueError):
        raise SealError("it does not open with this game's key: the wrong password, or the file was changed") from None
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(packed)) as f:
            plain = f.read(MAX_PLAIN + 1)
        if len(plain) > MAX_PLAIN:
            raise SealError("it holds more than any game could")
        return json.loads(plain)
    except (OSError, EOFError, ValueError, RecursionError) as e:
        raise SealError(f"it opens but holds no readable game ({type(e).__name__})") from None
