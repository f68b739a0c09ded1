"""The one page a browser without a pass sees: type the room code (or open the QR code's link).

Drawn in the language :func:`companion.i18n.t` is in (the gate pins the browser's ``Accept-Language``); the
messages are plain ``t("...")`` calls, outside the f-strings, so ``pybabel extract`` finds them.
"""

from __future__ import annotations

import json
from html import escape

from companion.i18n import language, t

_STYLE = """
body{font-family:system-ui,sans-serif;background:#0b1d2a;color:#e6eef3;margin:0;display:flex;
min-height:100vh;align-items:center;justify-content:center}
main{max-width:22rem;padding:1.5rem}h1{font-size:1.4rem}
input{font-size:1.6rem;letter-spacing:.3rem;text-transform:uppercase;width:100%;box-sizing:border-box;padding:.5rem}
button{font-size:1.2rem;margin-top:1rem;width:100%;padding:.7rem}.problem{color:#ffb4a9}.hint{opacity:.8}
"""


def join_page(problem: str = "", wait_seconds: int = 0) -> str:
    """The join form, with ``problem`` (why the last code was refused) above it; while the address must wait
    after too many wrong codes the form says for how long instead of failing silently."""
    if wait_seconds:
        problem = t("Too many wrong codes from this device. Try again in {seconds} s.", seconds=wait_seconds)
    problem_line = f'<p class="problem" role="alert">{escape(problem)}</p>' if problem else ""
    title = escape(t("Join the table"))
    hint = escape(t("Type the room code shown on the host's screen, or scan its QR code."))
    label, join = escape(t("Room code")), escape(t("Join"))
    return f"""<!doctype html><html lang="{_lang()}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>{title}</title>
<style>{_STYLE}</style></head><body><main>
<h1>{title}</h1>
<p class="hint">{hint}</p>
{problem_line}
<form method="post" action="/join">
<label for="code">{label}</label>
<input id="code" name="code" autocomplete="off" autocapitalize="characters" maxlength="14" required autofocus>
<button type="submit">{join}</button>
</form></main></body></html>"""


def joined_page(target: str = "/") -> str:
    """Shown once the pass is set: it opens ``target`` from this origin, so the SameSite=Strict cookie goes along
    (a redirect would still count as the QR scanner's cross-site navigation)."""
    joined, opening = escape(t("Joined")), escape(t("Open the table"))
    return f"""<!doctype html><html lang="{_lang()}"><head><meta charset="utf-8">
<title>{joined}</title><script>location.replace({json.dumps(target)});</script>
<noscript><meta http-equiv="refresh" content="0;url={escape(target)}"></noscript></head>
<body><p><a href="{escape(target)}">{opening}</a></p></body></html>"""


def _lang() -> str:
    return language().replace("_", "-")
