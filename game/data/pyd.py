"""Pydantic models validated against a :class:`~game.data.yamlio.Doc`, with errors
turned into one-line :class:`DataError` messages naming file, line and field."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails

from .errors import DataError, field_name
from .yamlio import Doc

M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """Base of every data model: unknown fields are errors (they are usually typos), and
    no number is infinite or not a number (``.inf`` and ``.nan`` in YAML): no length,
    angle or count on a table can be."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


#: the most dice of one roll, and the most faces of one die, a ruleset may ask for
MAX_DICE, MAX_FACES = 20, 100


def _dice(spec: str) -> str:
    from game.core.dice import die_faces, parse_spec

    try:
        count, kind = parse_spec(spec)
    except ValueError:
        raise ValueError(f"{spec!r} is not dice; write them like d6, 3d6 or 2dAv (or d + a die the ruleset names)") from None
    faces = len(die_faces(kind))
    if not (1 <= count <= MAX_DICE and 2 <= faces <= MAX_FACES):
        raise ValueError(f"{spec!r}: a roll is 1 to {MAX_DICE} dice of 2 to {MAX_FACES} faces")
    return spec


#: dice written in a data file ('d10', '2dAv'), checked when the file is read
DiceSpec = Annotated[str, AfterValidator(_dice)]


def _explain(err: ErrorDetails) -> str:
    kind = err.get("type", "")
    msg = err.get("msg", "invalid value")
    inp = err.get("input")
    if kind == "extra_forbidden":
        return "unknown field; remove it or check its spelling"
    if kind == "missing":
        return "required field is missing"
    if kind == "string_pattern_mismatch" and str(err.get("ctx", {}).get("pattern", "")).startswith("^#"):
        return f"got {inp!r}; write a colour as #rrggbb, for example #b5452f"
    if kind.startswith("literal_error"):
        exp = err.get("ctx", {}).get("expected", "")
        return f"got {inp!r}; expected one of {exp}"
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, ") :]
    if inp is not None and not isinstance(inp, (dict, list)) and kind not in ("value_error",):
        return f"{msg} (got {inp!r})"
    return msg


def validate_model(model: type[M], doc: Doc, loc_prefix: tuple = ()) -> M:
    data = doc.data
    for part in loc_prefix:
        data = data[part]
    return validate_part(model, doc, loc_prefix, data)


def validate_part(model: type[M], doc: Doc, loc_prefix: tuple, data: Any) -> M:
    """``data``, the part of ``doc`` at ``loc_prefix`` (a map's settings), against
    ``model``: its errors name their place in the file."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        found = []
        for one in e.errors():
            loc = loc_prefix + tuple(p for p in one["loc"] if not _is_union_tag(p))
            found.append(DataError(doc.path, _explain(one), doc.line(loc), field_name(loc)))
        first = found[0]
        if len(found) > 1:
            n = len(found) - 1
            first = DataError(first.file, first.message + f" (and {n} more problem{'s' if n > 1 else ''})", first.line, first.field)
            first.others = found[1:]
        raise first from None


def _is_union_tag(part: Any) -> bool:
    # pydantic puts the tried type of a union member into loc, e.g. 'list[tuple[float, float]]'
    return isinstance(part, str) and ("[" in part or part in {"function-after", "function-before"})
