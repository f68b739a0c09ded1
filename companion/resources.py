"""Where the shipped data and assets live, installed or in a checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent


def _root(installed: str, checkout: str) -> Path:
    # A wheel carries data/ and assets/ inside the package; a checkout (or an editable install) has them beside it.
    inside = _PACKAGE / installed
    return inside if inside.is_dir() else _CHECKOUT / checkout


def data_path(*parts: str) -> Path:
    """Path of a file under the project's ``data/`` folder.

    >>> data_path("rulesets", "anglers-guide.json").name
    'anglers-guide.json'
    """
    return _root("_data", "data").joinpath(*parts)


def assets_path(*parts: str) -> Path:
    """Path of a file under the project's ``assets/`` folder."""
    return _root("_assets", "assets").joinpath(*parts)
