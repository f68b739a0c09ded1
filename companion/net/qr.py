"""The join link as a QR code: in the terminal for ``companion serve``, as a PNG for the Phones screen."""

from __future__ import annotations

import io

import segno


def terminal_qr(link: str) -> str:
    """``link`` as a QR code drawn with block characters (two rows a line), for a terminal."""
    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def png_base64(link: str, scale: int = 8) -> str:
    """``link`` as a PNG, base64-encoded (what ``ft.Image(src=...)`` takes), dark on light with a quiet zone."""
    data_uri = segno.make(link, error="m").png_data_uri(scale=scale, border=4)
    return data_uri.split(",", 1)[1]
