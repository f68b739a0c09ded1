"""pydantic's and the JSON reader's own refusals, in the phone's (or the command's) language.

A bad file or a bad field is refused by pydantic or :mod:`json` with an English sentence ("Input should be greater
than or equal to 0", "Expecting value"). These functions say the same in the current language, with the same
English words as the library where no translation applies, so a refusal reads in one language from start to end.
"""

from __future__ import annotations

import json
from typing import Any

from companion.i18n import N_, t, tn

NAME_MAX = 60
"""The longest name (a campaign's, a player's in the history) a screen takes and a file may hold, in characters;
the screens' name fields, the models and imports all use this one."""

# pydantic-core's error types (pydantic_core.ErrorType) that a file or a form can meet, by the English pydantic
# prints; the {placeholders} are the error's ``ctx``.
_MESSAGES: dict[str, str] = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "float_type": N_("Input should be a valid number"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "string_type": N_("Input should be a valid string"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "list_type": N_("Input should be a valid list"),
    "tuple_type": N_("Input should be a valid tuple"),
    "dict_type": N_("Input should be a valid dictionary"),
    "model_type": N_("Input should be a valid dictionary or instance of {class_name}"),
    "model_attributes_type": N_("Input should be a valid dictionary or object to extract fields from"),
    "literal_error": N_("Input should be {expected}"),
    "enum": N_("Input should be {expected}"),
    "greater_than": N_("Input should be greater than {gt}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than": N_("Input should be less than {lt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "string_pattern_mismatch": N_("String should match pattern '{pattern}'"),
    "datetime_type": N_("Input should be a valid datetime"),
    "datetime_parsing": N_("Input should be a valid datetime, {error}"),
    "datetime_from_date_parsing": N_("Input should be a valid datetime or date, {error}"),
    "union_tag_invalid": N_("Input tag '{tag}' found using {discriminator} does not match any of the expected "
                            "tags: {expected_tags}"),
    "union_tag_not_found": N_("Unable to extract tag using discriminator {discriminator}"),
}
# The messages whose number pydantic pluralises ("1 character", "2 characters"), with the ctx key of the number.
_COUNTED = {"string_too_short": "min_length", "string_too_long": "max_length", "too_short": "min_length",
            "too_long": "max_length"}
_FIELD_TYPES = {"List": N_("List"), "Tuple": N_("Tuple"), "Dictionary": N_("Dictionary"), "Set": N_("Set")}
# Our own validators' messages are translated where they are raised; pydantic only puts these words before them.
_OWN_PREFIXES = ("Value error, ", "Assertion failed, ")

_JSON_MESSAGES: dict[str, str] = {
    "Expecting value": N_("Expecting value"),
    "Expecting property name enclosed in double quotes": N_("Expecting property name enclosed in double quotes"),
    "Expecting ',' delimiter": N_("Expecting ',' delimiter"),
    "Expecting ':' delimiter": N_("Expecting ':' delimiter"),
    "Extra data": N_("Extra data"),
    "Unterminated string starting at": N_("Unterminated string starting at"),
    "Invalid \\uXXXX escape": N_("Invalid \\uXXXX escape"),
}


def _too_many_or_few(kind: str, ctx: dict[str, Any]) -> str:
    named = str(ctx.get("field_type"))
    field_type = t(_FIELD_TYPES[named]) if named in _FIELD_TYPES else named
    n = int(ctx[_COUNTED[kind]])
    actual = ctx.get("actual_length")
    if kind == "string_too_short":
        return tn("String should have at least {n} character", "String should have at least {n} characters", n)
    if kind == "string_too_long":
        return tn("String should have at most {n} character", "String should have at most {n} characters", n)
    if kind == "too_short":
        return tn("{field_type} should have at least {n} item after validation, not {actual_length}",
                  "{field_type} should have at least {n} items after validation, not {actual_length}", n,
                  field_type=field_type, actual_length=actual)
    return tn("{field_type} should have at most {n} item after validation, not {actual_length}",
              "{field_type} should have at most {n} items after validation, not {actual_length}", n,
              field_type=field_type, actual_length=actual)


def validation_message(error: Any) -> str:
    """One pydantic error (an item of ``ValidationError.errors()``) as a sentence in the current language.

    >>> validation_message({"type": "greater_than_equal", "ctx": {"ge": 0},
    ...                     "msg": "Input should be greater than or equal to 0"})
    'Input should be greater than or equal to 0'
    >>> validation_message({"type": "value_error", "msg": "Value error, at most 5 anglers"})
    'at most 5 anglers'
    """
    kind, ctx, english = error.get("type", ""), error.get("ctx") or {}, str(error.get("msg", ""))
    if english.startswith(_OWN_PREFIXES):
        return english.split(", ", 1)[1]
    try:
        if kind in _COUNTED:
            return _too_many_or_few(kind, ctx)
        if kind in _MESSAGES:
            return t(_MESSAGES[kind], **{k: str(v) for k, v in ctx.items()})
    except (KeyError, ValueError, TypeError):  # a ctx this pydantic version names otherwise: its own words
        pass
    return english


def json_problem(error: json.JSONDecodeError) -> str:
    """Why ``json.loads`` refused a text, and where, in the current language.

    >>> try:
    ...     json.loads('{"a": }')
    ... except json.JSONDecodeError as e:
    ...     json_problem(e)
    'Expecting value at line 1, column 7'
    """
    return t("{msg} at line {line}, column {col}", msg=json_reason(error), line=error.lineno, col=error.colno)


def json_reason(error: json.JSONDecodeError) -> str:
    """The reason alone (``error.msg``), translated where it is one of the reader's fixed sentences."""
    message = _JSON_MESSAGES.get(error.msg)
    return error.msg if message is None else t(message)


def field_path(loc: tuple[Any, ...], prefix: str = "") -> str:
    """Where a refused value sits, written as in the file: ``players[1].mounted[0].slot``.

    >>> field_path(("players", 1, "mounted", 0, "slot")), field_path(("log",), "games[2]")
    ('players[1].mounted[0].slot', 'games[2].log')
    """
    out = prefix
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out
