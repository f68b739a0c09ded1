"""The join link as a QR code: in the terminal for ``companion serve``, as a PNG for the Phones screen."""

from __future__ import annotations

import io

import segno


def terminal_qr(link: str) -> str:
    """``link`` as a QR code drawn with block characters (two rows a line), for a terminal."""
    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def png_bytes(link: str, scale: int = 8) -> bytes:
    """``link`` as a PNG (what ``ft.Image(src=...)`` takes), dark on light with a quiet zone.

    >>> png_bytes("http://192.168.1.2:8550/join?code=ABC234")[:4]
    b'\\x89PNG'
    """
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="png", scale=scale, border=4)
    return out.getvalue()
