"""Pydantic models validated against a :class:`~game.data.yamlio.Doc`, with errors
turned into one-line :class:`DataError` messages naming file, line and field."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import ErrorDetails

from .errors import DataError, field_name
from .yamlio import Doc

M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """Base of every data model: unknown fields are errors (they are usually typos), and
    no number is infinite or not a number (``.inf`` and ``.nan`` in YAML): no length,
    angle or count on a table can be."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


def _explain(err: ErrorDetails) -> str:
    kind = err.get("type", "")
    msg = err.get("msg", "invalid value")
    inp = err.get("input")
    if kind == "extra_forbidden":
        return "unknown field; remove it or check its spelling"
    if kind == "missing":
        return "required field is missing"
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
    try:
        return model.model_validate(data)
    except ValidationError as e:
        errors = e.errors()
        first = errors[0]
        loc = loc_prefix + tuple(p for p in first["loc"] if not _is_union_tag(p))
        more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
        raise DataError(doc.path, _explain(first) + more, doc.line(loc), field_name(loc)) from None


def _is_union_tag(part: Any) -> bool:
    # pydantic puts the tried type of a union member into loc, e.g. 'list[tuple[float, float]]'
    return isinstance(part, str) and ("[" in part or part in {"function-after", "function-before"})
