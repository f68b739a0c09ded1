"""The web client's files, compressed once and kept: a phone on Wi-Fi loads a third of the bytes.

Flet serves its Flutter client uncompressed (about 14 MB for a first load). This ASGI layer sits between the gate
and Flet: the first time a compressible file is asked for (or at start, see :func:`warm`) it takes Flet's
response, gzips it once, keeps the bytes in memory and in ``cache_dir``, and from then on answers from them.
Compressing on every request made the first screen slower than no compression at all.

It also adds ``Cache-Control``: a year for file names that carry a content hash, a revalidation (ETag, 304)
for the rest, puts the page script (:mod:`companion.flet_fixes.page_script`) into ``index.html``, leaves out of the
font manifest the fonts the app never draws with (Flutter downloads every listed font at start-up), takes the Rive
runtime's download out of the client (:func:`without_rive`), and answers Flutter's requests for a fallback font
(:func:`fallback_font`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import gzip
import hashlib
import json
import logging
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from companion.flet_fixes import ASGIApp, Message, Receive, Scope, Send
from companion.i18n import FONTS

COMPRESSIBLE = (".wasm", ".js", ".mjs", ".json", ".html", ".css", ".otf", ".ttf", ".txt", ".bin", ".svg")
_TEXT_TYPES = ("text/", "application/javascript", "application/json", "application/wasm", "font/", "image/svg")
_HASHED = re.compile(r"[.-][0-9a-f]{8,}\.[a-z0-9]+$")
YEAR = 365 * 24 * 3600
# What a first load in Chromium asks for (skwasm or canvaskit, the icon font): compressed at start.
FIRST_LOAD = ("/", "/flutter_bootstrap.js", "/flutter.js", "/main.dart.wasm", "/main.dart.mjs", "/main.dart.js",
              "/canvaskit/skwasm.wasm", "/canvaskit/skwasm.js", "/canvaskit/skwasm_heavy.wasm",
              "/canvaskit/skwasm_heavy.js", "/canvaskit/canvaskit.wasm", "/canvaskit/canvaskit.js",
              "/canvaskit/chromium/canvaskit.wasm", "/canvaskit/chromium/canvaskit.js",
              "/assets/fonts/MaterialIcons-Regular.otf", "/assets/FontManifest.json", "/assets/AssetManifest.bin.json",
              "/manifest.json", "/version.json")
FONT_MANIFEST = "/assets/FontManifest.json"
# The math fonts of Markdown's LaTeX and the Cupertino icons: the companion uses neither (0.85 MB unpacked).
UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
CLIENT, WASM_STRINGS = "/main.dart.js", "/main.dart.mjs"  # the dart2js client, the dart2wasm client's loader
# index.html (every route), the font manifest and the clients
CHANGED_HERE = ("/", FONT_MANIFEST, CLIENT, WASM_STRINGS)
# flet-web's client loads the Rive animation runtime from a CDN at every start (its Rive control's set-up), though
# the companion draws no Rive: the address is replaced by a script that says "no Rive here" at once, so nothing is
# fetched from another origin (a host's page on a LAN asked jsDelivr at each load) and the client goes on without it.
RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
NO_RIVE = "data:text/javascript,window.RiveNative=function(){return Promise.reject(null)};//"
# Text in a script the page's fonts lack (a Chinese name on an English phone) makes Flutter fetch a piece of a Noto
# font from ``fontFallbackBaseUrl`` + ``<family>/<version>/<piece>.woff2``; flet-web sets that to ``assets/fonts/``
# on the page's own origin, where no such file is. The CJK families are answered with the bundled CJK font (every
# piece with the same file, so a phone downloads it once); other scripts have no font here: a quick 404, not the page.
FALLBACK_FONTS = "/assets/fonts/"
CJK_FALLBACKS = ("notosanssc", "notosanstc", "notosanshk", "notosansjp", "notosanskr")
CJK_FONT_FILE = FONTS["zh_Hant"][1]
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Kept:
    """One response as it is kept: Flet's headers plus the gzipped body."""

    status: int
    headers: tuple[tuple[bytes, bytes], ...]
    body: bytes
    etag: bytes
    unpacked: bytes | None = None  # kept for the files changed here (the page, the font manifest) only


def cache_control(path: str, is_page: bool) -> bytes:
    """A year for hashed names, a revalidation for the rest, never a stored page.

    >>> cache_control("/assets/app.3f2a9c1d.js", False), cache_control("/main.dart.wasm", False)
    (b'public, max-age=31536000, immutable', b'no-cache')
    """
    if is_page:
        return b"no-cache"
    return f"public, max-age={YEAR}, immutable".encode() if _HASHED.search(path) else b"no-cache"


def _header(headers: Iterable[tuple[bytes, bytes]], name: bytes) -> bytes | None:
    return next((v for k, v in headers if k.lower() == name), None)


class WebFiles:
    """Compress-once layer around Flet's app (see the module's docstring)."""

    def __init__(self, app: ASGIApp, cache_dir: Path | None = None, page_script: str = "") -> None:
        self.app = app
        self.cache_dir = cache_dir
        self.page_script = page_script.encode()
        self._kept: dict[str, Kept] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        fallback = fallback_font(path)
        if fallback is not None:
            await _answer_fallback(fallback, send)
            return
        headers = dict((k.lower(), v) for k, v in scope.get("headers", []))
        gzip_ok = b"gzip" in headers.get(b"accept-encoding", b"")
        if not (self._compressible(path) and (gzip_ok or _key(path) in CHANGED_HERE)):
            await self.app(scope, receive, send)
            return
        kept = self._kept.get(_key(path)) or await self._keep(scope, receive)
        if kept is None:  # not something to keep (an error, a redirect): ask Flet again, as is
            await self.app(scope, receive, send)
            return
        await self._answer(kept, headers.get(b"if-none-match"), scope["method"] == "HEAD", send, gzip_ok)

    @staticmethod
    def _compressible(path: str) -> bool:
        name = path.rsplit("/", 1)[-1]
        return "." not in name or name.endswith(COMPRESSIBLE)  # no extension: a route, answered by index.html

    async def _keep(self, scope: Scope, receive: Receive) -> Kept | None:
        path = _key(scope["path"])
        async with self._locks.setdefault(path, asyncio.Lock()):
            if path in self._kept:
                return self._kept[path]
            status, headers, body = await _capture(self.app, scope, receive)
            content_type = (_header(headers, b"content-type") or b"").decode("latin-1")
            if status != 200 or not content_type.startswith(_TEXT_TYPES):
                return None
            is_page = content_type.startswith("text/html")
            if is_page and self.page_script:
                body = body.replace(b"</body>", self.page_script + b"</body>", 1)
            if path == FONT_MANIFEST:
                body = without_fonts(body, UNUSED_FONTS)
            if path in (CLIENT, WASM_STRINGS):
                body = _client_without_rive(body, without_rive if path == CLIENT else strings_without_rive)
            kept = await asyncio.to_thread(self._compress, path, headers, body, is_page)
            if path in CHANGED_HERE:  # a client that takes no gzip still needs them as changed
                kept = dataclasses.replace(kept, unpacked=body)
            self._kept[path] = kept
            return kept

    def _compress(self, path: str, headers: list[tuple[bytes, bytes]], body: bytes, is_page: bool) -> Kept:
        digest = hashlib.sha256(body).hexdigest()
        stored = self.cache_dir / f"{digest}.gz" if self.cache_dir else None
        if stored is not None and stored.is_file():
            packed = stored.read_bytes()
        else:
            packed = gzip.compress(body, compresslevel=6, mtime=0)  # 9: 5x the time for 0.3 % less
            if stored is not None:
                try:
                    stored.parent.mkdir(parents=True, exist_ok=True)
                    stored.write_bytes(packed)
                except OSError:  # a read-only data folder: keep it in memory only
                    log.info("could not keep %s compressed on disk", path)
        etag = f'"{digest[:32]}"'.encode()
        dropped = {b"content-length", b"content-encoding", b"etag", b"last-modified", b"cache-control",
                   b"access-control-allow-origin", b"vary"}
        kept_headers = (*((k, v) for k, v in headers if k.lower() not in dropped),
                        (b"content-encoding", b"gzip"), (b"vary", b"Accept-Encoding"), (b"etag", etag),
                        (b"cache-control", cache_control(path, is_page)))
        return Kept(200, kept_headers, packed, etag)

    async def _answer(self, kept: Kept, if_none_match: bytes | None, head: bool, send: Send, packed: bool) -> None:
        if if_none_match is not None and kept.etag in if_none_match:
            headers = [(k, v) for k, v in kept.headers if k in (b"etag", b"cache-control", b"vary")]
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        plain = None if packed else kept.unpacked
        body = kept.body if plain is None else plain
        headers = [(k, v) for k, v in kept.headers if plain is None or k != b"content-encoding"]
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": kept.status, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if head else body})

    async def warm(self, paths: Iterable[str] = FIRST_LOAD, host: str = "127.0.0.1") -> int:
        """Compress ``paths`` now, so the first phone doesn't wait for it; returns how many were kept."""
        for path in paths:
            scope = {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "query_string": b"",
                     "root_path": "", "scheme": "http", "server": (host, 80), "client": (host, 0),
                     "http_version": "1.1", "asgi": {"version": "3.0"},
                     "headers": [(b"host", host.encode()), (b"accept-encoding", b"gzip")]}
            try:
                await self._keep(scope, _no_body)
            except Exception:  # a file this Flet build lacks (no canvaskit variant): it is just not kept
                log.debug("not kept at start: %s", path, exc_info=True)
        return len(self._kept)


def without_fonts(manifest: bytes, prefixes: Iterable[str]) -> bytes:
    """Flutter's ``FontManifest.json`` without the families whose names start with one of ``prefixes``.

    >>> without_fonts(b'[{"family": "MaterialIcons"}, {"family": "packages/x/Y"}]', ["packages/x/"])
    b'[{"family": "MaterialIcons"}]'
    """
    families = json.loads(manifest)
    kept = [f for f in families if not str(f.get("family", "")).startswith(tuple(prefixes))]
    return json.dumps(kept).encode()


class NotTheClient(ValueError):
    """flet-web's client does not load Rive as :func:`without_rive` knows (another Flet version)."""


def without_rive(client: str) -> str:
    """flet-web's ``main.dart.js`` with :data:`NO_RIVE` for the Rive runtime's CDN address; :class:`NotTheClient`
    when the address is not in it exactly once.

    >>> without_rive('a="https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"') == f'a="{NO_RIVE}"'
    True
    """
    address = json.dumps(RIVE_CDN)
    if client.count(address) != 1:
        raise NotTheClient(f"flet-web's main.dart.js does not load Rive from {RIVE_CDN} as this app knows (Flet 1.0.x)")
    return client.replace(address, json.dumps(NO_RIVE))


def strings_without_rive(loader: str) -> str:
    """flet-web's ``main.dart.mjs`` (the dart2wasm client's loader) answering :data:`RIVE_CDN` with
    :data:`NO_RIVE`: that client's string constants are the names of its imports, given by a proxy in the loader;
    :class:`NotTheClient` when the proxy is not in it exactly once."""
    anchor = '"": new Proxy({}, { get(_, prop) { return prop; } }),'
    if loader.count(anchor) != 1:
        raise NotTheClient("flet-web's main.dart.mjs does not give its client's strings as this app knows (Flet 1.0.x)")
    answer = f"prop === {json.dumps(RIVE_CDN)} ? {json.dumps(NO_RIVE)} : prop"
    return loader.replace(anchor, anchor.replace("return prop;", f"return {answer};"))


def _client_without_rive(client: bytes, change: Callable[[str], str]) -> bytes:
    try:
        return change(client.decode()).encode()
    except (NotTheClient, UnicodeDecodeError):  # another client: served as it is (the app works; Rive is fetched)
        log.warning("the web client's Rive download could not be taken out", exc_info=True)
        return client


def fallback_font(path: str) -> str | None:
    """For a request of one of Flutter's fallback fonts: the bundled font's address for a CJK family, ``""`` for
    any other (none is shipped); None for every other path.

    >>> fallback_font("/assets/fonts/notosanssc/v37/k3kCo84.119.woff2"), fallback_font("/assets/fonts/x/a.woff2")
    ('/fonts/NotoSansCJK-companion.woff2', '')
    >>> fallback_font("/assets/fonts/MaterialIcons-Regular.otf") is None
    True
    """
    if not path.startswith(FALLBACK_FONTS) or "/" not in path.removeprefix(FALLBACK_FONTS):
        return None
    family = path.removeprefix(FALLBACK_FONTS).split("/", 1)[0]
    return "/" + CJK_FONT_FILE if family in CJK_FALLBACKS else ""


async def _answer_fallback(location: str, send: Send) -> None:
    """A redirect to the bundled font (one address, so the browser's cache holds it once), or a 404."""
    headers = [(b"location", location.encode()), (b"content-length", b"0")] if location else [
        (b"content-length", b"0")]
    await send({"type": "http.response.start", "status": 302 if location else 404, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


def _key(path: str) -> str:
    """Every route (a path without an extension) is answered by the same ``index.html``: keep it once.

    >>> _key("/table"), _key("/main.dart.wasm")
    ('/', '/main.dart.wasm')
    """
    return "/" if "." not in path.rsplit("/", 1)[-1] else path


async def _no_body() -> Message:
    return {"type": "http.request", "body": b"", "more_body": False}


async def _capture(app: ASGIApp, scope: Scope, receive: Receive) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """Run ``app`` for a plain GET (no conditional headers) and return its whole response."""
    headers = [(k, v) for k, v in scope.get("headers", [])
               if k.lower() not in (b"if-none-match", b"if-modified-since", b"range")]
    inner = {**scope, "method": "GET", "headers": headers}
    start: Message = {}
    chunks: list[bytes] = []

    async def collect(message: Message) -> None:
        if message["type"] == "http.response.start":
            start.update(message)
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(inner, receive, collect)
    return start.get("status", 500), list(start.get("headers", [])), b"".join(chunks)
