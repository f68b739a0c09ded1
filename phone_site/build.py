"""Build the phone app: a static site that runs the companion in the browser (Pyodide), installable and offline.

The site is assembled from flet-web's prebuilt ``web/`` folder rather than with ``flet publish``: in Flet 1.0.5
``flet publish --no-cdn`` downloads Pyodide again (its cache check misses the bundled copy), writes a bare
``pyodideUrl`` the module worker cannot import, and keeps Flutter's self-unregistering service worker. Here:

- flet-web's two Flutter clients (:data:`CLIENTS`: skwasm with dart2wasm, CanvasKit's full variant with dart2js),
  the page running the one Flutter's loader would pick, its unused fonts left out of the font manifest;
- Pyodide from the installed flet-web, and the pinned wheels (:data:`PINNED`) from PyPI at build time, kept in
  ``.phone-wheels/``; the Emscripten wheels must match the ABI flet-web's lock names (:func:`check_wheels`);
- ``app.tar.gz``: ``main.py`` (the phone entry point), the ``companion`` package whole (no server-only module is
  imported in the browser; this build step and :mod:`phone_site.serve` live outside it) and its data, the message
  catalogs compiled to ``.mo`` (read with the standard library's gettext: no babel), and the pinned packages
  installed in ``__pypackages__``, all compiled to bytecode by Pyodide's own Python (``web/compile.mjs``, run by
  Node.js), with ``code_cache.bin``: the code those modules' imports compile from strings (dataclasses' methods,
  string annotations), recorded by the same Python. A start then neither installs packages
  with micropip nor compiles a module or a dataclass: the worker unpacks one archive in JavaScript (:func:`_worker`)
  and Python imports;
- the web manifest and icons of ``assets/``, and ``sw.js``: a cache-first service worker whose cache is named by a
  hash of the site's content, precaching the phone's client's files and the common ones (:func:`service_worker`).

Nothing in the site is fetched from another origin when it runs.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import FONTS, LANGUAGES, N_, t, use_language
from companion.resources import assets_path, data_path
from companion.views.language import KEY as LANGUAGE_KEY

CHECKOUT = Path(__file__).resolve().parents[1]
WEB_TEMPLATES = Path(__file__).resolve().parent / "web"
# The wheels the app needs in the browser, pinned. pydantic-core and msgpack are compiled (PEP 783 Emscripten
# wheels); the rest are pure Python. Server-only dependencies (uvicorn, psutil, flet-web, babel) stay out.
PINNED: dict[str, str] = {
    "flet": "1.0.5", "flet-charts": "1.0.5", "msgpack": "1.2.4", "repath": "0.9.0", "six": "1.17.0",
    "pydantic": "2.14.4", "pydantic-core": "2.50.5", "annotated-types": "0.8.0", "typing-extensions": "4.16.0",
    "typing-inspection": "0.4.5", "tinydb": "4.9.0", "platformdirs": "4.14.9", "filelock": "4.3.1",
    "segno": "1.6.6",
}
COMPILED = frozenset({"pydantic-core", "msgpack"})
# The packages whose every module is imported to record the code they compile (companion.phone.code_cache), and
# the archive's file holding it.
RECORDED = ("companion", "flet_charts")
CODE_CACHE = "code_cache.bin"
# flet-web's web/ files the phone app never loads: the skwasm variants for browsers without Chromium's image codecs
# and break iterators (the page picks CanvasKit there: :data:`CLIENTS`), the Chromium-only CanvasKit variant (the
# full one runs in every browser), debugging symbols, Flutter's stub service worker, and Pyodide's command-line and
# TypeScript files.
LEFT_OUT = re.compile(r"(^canvaskit/(skwasm_heavy|wimp|chromium/|experimental_webparagraph/)|\.symbols$|\.map$|"
                      r"^flutter_service_worker\.js$|^pyodide/(python|python\.bat|"
                      r"python\.exe|python_cli_entry\.mjs|.*\.d\.ts|pyodide\.js|package\.json|"
                      r"(micropip|packaging)-.*\.whl)$)")
# The site's two Flutter clients, by renderer, and the files only each needs. A phone runs one, the one Flutter's
# loader would pick (``web/client.js``, in the page): skwasm with the client compiled to WebAssembly (dart2wasm) in
# Chromium, where a table tap is drawn in about half the time (issue 38: CanvasKit's frame, Dart's work and the
# rasterisation on the page's thread, took 25-30 ms of a 50 ms tap); CanvasKit with the client compiled to
# JavaScript in every other browser (Flutter's loader allows skwasm in Chromium alone). The service worker
# precaches the common files and the phone's client's (``sw.js?client=…``).
CLIENTS: dict[str, tuple[str, ...]] = {
    "skwasm": ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.js", "canvaskit/skwasm.wasm"),
    "canvaskit": ("main.dart.js", "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm"),
}
# flet-web's plugin assets for controls the companion never shows (video and audio players, recorder, maps).
LEFT_OUT_ASSETS = ("assets/packages/media_kit/", "assets/packages/record_web/", "assets/packages/flutter_map/")
# Icons Flutter's own widgets (and Flet's client) draw from the icon font: back arrows on every platform, a
# dropdown's and an expansion tile's arrows, menus, a text field's clear and visibility, the error panel's copy.
FRAMEWORK_ICONS = (
    "arrow_back", "arrow_back_ios", "arrow_back_ios_new", "arrow_forward", "arrow_forward_ios", "arrow_drop_down",
    "arrow_drop_up", "arrow_upward", "expand_less", "expand_more", "keyboard_arrow_down", "keyboard_arrow_up",
    "keyboard_arrow_left", "keyboard_arrow_right", "chevron_left", "chevron_right", "navigate_before",
    "navigate_next", "first_page", "last_page", "unfold_more", "more_vert", "more_horiz", "menu", "close", "clear",
    "cancel", "check", "done", "error", "error_outline", "warning", "info", "info_outline", "content_copy", "copy",
    "calendar_today", "date_range", "access_time", "schedule", "keyboard", "visibility_off", "drag_handle")
ICON_STYLES = ("_baseline", "_outlined", "_rounded", "_sharp")
# Standard-library modules nothing in the app, its wheels or Pyodide's start-up imports (the REPL, debuggers,
# test runners, mail and FTP clients, process pools, profilers), left out of Pyodide's python_stdlib.zip.
STDLIB_LEFT_OUT = frozenset({
    "_pyrepl", "unittest", "pdb", "bdb", "doctest", "pydoc", "pydoc_data", "xmlrpc", "wsgiref", "imaplib",
    "poplib", "smtplib", "ftplib", "mailbox", "pickletools", "multiprocessing", "_pyio", "antigravity", "this",
    "__hello__", "__phello__", "tabnanny", "pyclbr", "profile", "cProfile", "pstats", "trace", "timeit", "zipapp",
    "modulefinder"})
# Parts of the pinned packages the app never imports: pydantic's copy of pydantic 1 (0.3 MB gzipped).
PACKAGES_LEFT_OUT = ("pydantic/v1/",)
# What an installed package keeps of its ``.dist-info``: what ``importlib.metadata`` reads (versions, entry points).
DIST_INFO_KEPT = frozenset({"METADATA", "entry_points.txt"})
CACHE_PREFIX = "deep-regrets-"
# The Cache Storage cache keeping the browser's memory snapshot of Python (web/restore.js): not the site's, which the
# service worker replaces with each version, while the snapshot serves as long as Pyodide is the same.
SNAPSHOTS = "companion-python"
CJK_FONT = FONTS["zh_Hant"][1]  # the UI font of a Chinese phone, and every phone's fallback for CJK text
# What the page itself says (outside the Python app: web/shell.html), by key: the service worker's banner, that the
# site is all cached, and that the browser is offline. Each language's words are written into the page at build
# time; the page shows the app's language.
PAGE_WORDS = {"update": N_("A new version is ready"), "reload": N_("Reload"),
              "offline-ready": N_("Ready to work offline"), "offline": N_("Offline")}


class BuildError(Exception):
    """The site can't be built; the message says what to change."""


@dataclass(frozen=True)
class Runtime:
    """The Pyodide runtime flet-web ships: its version, Python and the ABI its compiled wheels must have."""

    pyodide: str
    python: str  # "3.14.2"
    abi: str  # "2026_0"
    folder: Path

    @property
    def python_tag(self) -> str:
        major, minor = self.python.split(".")[:2]
        return f"cp{major}{minor}"

    @property
    def platform_tag(self) -> str:
        return f"pyemscripten_{self.abi}_wasm32"


def flet_web_folder() -> Path:
    import flet_web

    return Path(flet_web.__file__).resolve().parent / "web"


def read_runtime(pyodide_folder: Path) -> Runtime:
    """The runtime in ``pyodide_folder`` (flet-web's ``web/pyodide``), from its ``pyodide-lock.json``."""
    info = json.loads((pyodide_folder / "pyodide-lock.json").read_text())["info"]
    version = json.loads((pyodide_folder / "package.json").read_text())["version"]
    return Runtime(pyodide=version, python=info["python"], abi=info["abi_version"], folder=pyodide_folder)


def canonical(name: str) -> str:
    """``Pydantic_Core`` → ``pydantic-core`` (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_tags(file_name: str) -> tuple[str, str, str, str, str]:
    """``name, version, python, abi, platform`` of a wheel's file name (no build tag in the wheels pinned here).

    >>> wheel_tags("msgpack-1.2.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl")
    ('msgpack', '1.2.4', 'cp314', 'cp314', 'pyemscripten_2026_0_wasm32')
    """
    parts = file_name.removesuffix(".whl").split("-")
    if len(parts) != 5:
        raise BuildError(f"{file_name}: not a wheel file name (name-version-python-abi-platform.whl)")
    name, version, python, abi, platform = parts
    return canonical(name), version, python, abi, platform


def check_wheels(wheels: list[Path], runtime: Runtime) -> None:
    """Refuse any wheel the runtime can't load: a compiled one for another Python or Pyodide ABI, or a pure one
    that isn't pure; say which and what it needs."""
    for wheel in wheels:
        name, _version, python, abi, platform = wheel_tags(wheel.name)
        if name in COMPILED:
            if platform != runtime.platform_tag or python != runtime.python_tag:
                raise BuildError(
                    f"{wheel.name} is built for {platform} ({python}), but the Pyodide {runtime.pyodide} of the "
                    f"installed flet-web runs Python {runtime.python} with ABI {runtime.abi}: it needs a "
                    f"{name} wheel tagged {runtime.python_tag}-{runtime.platform_tag}. Pin a {name} version that "
                    f"has one (phone_site/build.py, PINNED), or install the flet-web whose Pyodide matches.")
        elif platform != "any" or abi != "none":
            raise BuildError(f"{wheel.name} is not a pure-Python wheel, but {name} is pinned as one")


def fetch_wheels(runtime: Runtime, cache: Path) -> list[Path]:
    """The pinned wheels, from ``cache`` or downloaded into it from PyPI (``pip download``)."""
    cache.mkdir(parents=True, exist_ok=True)
    found: list[Path] = []
    for name, version in PINNED.items():
        wheel = _cached(cache, name, version, runtime)
        if wheel is None:
            platform = (["--platform", runtime.platform_tag, "--python-version", runtime.python.rsplit(".", 1)[0],
                         "--implementation", "cp", "--abi", runtime.python_tag] if name in COMPILED else [])
            command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                       "--dest", str(cache), *platform, f"{name}=={version}"]
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            wheel = _cached(cache, name, version, runtime)
            if wheel is None:
                wanted = runtime.platform_tag if name in COMPILED else "any platform"
                raise BuildError(f"could not download {name}=={version} for {wanted}:\n{done.stderr.strip()[-800:]}")
        found.append(wheel)
    return found


def _cached(cache: Path, name: str, version: str, runtime: Runtime) -> Path | None:
    for wheel in sorted(cache.glob("*.whl")):
        got, got_version, python, _abi, platform = wheel_tags(wheel.name)
        if got == name and got_version == version and (
                platform == runtime.platform_tag and python == runtime.python_tag if name in COMPILED
                else platform == "any"):
            return wheel
    return None


def _emscripten_environment(runtime: Runtime) -> dict[str, str]:
    return {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
            "platform_machine": "wasm32", "implementation_name": "cpython", "platform_python_implementation":
            "CPython", "python_version": runtime.python.rsplit(".", 1)[0], "python_full_version": runtime.python,
            "extra": ""}


def check_depends(wheels: list[Path], runtime: Runtime) -> None:
    """Refuse a wheel that needs, in the browser, a package not pinned (it would be missing from the site)."""
    from packaging.requirements import Requirement

    environment = _emscripten_environment(runtime)
    for wheel in wheels:
        name, version, *_ = wheel_tags(wheel.name)
        with zipfile.ZipFile(wheel) as archive:
            metadata = next(f for f in archive.namelist() if f.endswith(".dist-info/METADATA"))
            requires = [line.split(":", 1)[1].strip() for line in archive.read(metadata).decode().splitlines()
                        if line.startswith("Requires-Dist:")]
        for text in requires:
            requirement = Requirement(text)
            needed = canonical(requirement.name)
            if (requirement.marker is None or requirement.marker.evaluate(environment)) and needed not in PINNED:
                raise BuildError(f"{name} {version} needs {needed} in the browser, which is not pinned "
                                 f"(phone_site/build.py, PINNED)")


def write_lock(site_pyodide: Path, runtime: Runtime) -> None:
    """The site's ``pyodide-lock.json``: flet-web's, listing no package (the app's are in its archive, installed
    already: nothing is loaded with micropip)."""
    lock = json.loads((runtime.folder / "pyodide-lock.json").read_text())
    lock["packages"] = {}
    (site_pyodide / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))


def compiled_catalogs() -> dict[str, bytes]:
    """Each language's ``.mo``, compiled from its ``.po`` (fuzzy entries left out, as the served app does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled = {}
    for language in LANGUAGES:
        po = data_path("locale", language, "LC_MESSAGES", "messages.po")
        if po.is_file():
            with po.open("rb") as source:
                catalog = read_po(source, locale=language)
            out = io.BytesIO()
            write_mo(out, catalog)
            compiled[f"locale/{language}/LC_MESSAGES/messages.mo"] = out.getvalue()
    return compiled


def _unpack(wheel: Path, packages: Path) -> None:
    """Install ``wheel`` into ``packages`` as micropip would, keeping of its metadata only what
    ``importlib.metadata`` reads (its version, its entry points), without type stubs or a client extension's Dart
    source (``flutter/``, for ``flet build``)."""
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            top, _, rest = name.partition("/")
            if (top.endswith(".data") or top == "flutter" or name.endswith(".pyi") or name.startswith(PACKAGES_LEFT_OUT)
                    or (top.endswith(".dist-info") and rest not in DIST_INFO_KEPT)):
                continue
            archive.extract(name, packages)


def _node() -> str:
    """The Node.js that runs Pyodide's own Python at build time (:func:`_compile`)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is needed to compile the app's Python with Pyodide's own interpreter: install it "
                         "(Debian: apt-get install nodejs; version 20 or newer)")
    return node


def _compile(staged: Path, runtime: Runtime, shown_as: str, code_cache: bool = False) -> None:
    """Compile the Python under ``staged`` (found at ``shown_as`` in the browser) with the runtime's own
    interpreter (``web/compile.mjs``, by Node.js); with ``code_cache``, then write :data:`CODE_CACHE` there: the
    code the app's imports compile from strings, recorded by the same interpreter
    (:mod:`companion.phone.code_cache`)."""
    recorded = [str(staged / CODE_CACHE), json.dumps({"packages": list(RECORDED), "names": flet_names_used()})]
    done = subprocess.run([_node(), str(WEB_TEMPLATES / "compile.mjs"), str(runtime.folder), str(staged), shown_as,
                           *(recorded if code_cache else [])], capture_output=True, text=True, check=False)
    if done.returncode != 0 or (code_cache and not (staged / CODE_CACHE).is_file()):
        raise BuildError(f"compiling the app's Python with Pyodide failed:\n{(done.stdout + done.stderr)[-1500:]}")


def _tar(staged: Path, target: Path) -> None:
    """``staged`` as a gzipped tar, the same bytes for the same files (sorted, no times, no owners)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for path in sorted(staged.rglob("*")):
            if path.is_file():
                info = tarfile.TarInfo(path.relative_to(staged).as_posix())
                info.size, info.mtime, info.mode = path.stat().st_size, 0, 0o644
                with path.open("rb") as data:
                    archive.addfile(info, data)
    target.write_bytes(gzip.compress(buffer.getvalue(), compresslevel=9, mtime=0))


def app_archive(target: Path, wheels: list[Path], runtime: Runtime) -> None:
    """``app.tar.gz``: ``main.py`` (the phone entry point), the ``companion`` package, its data with the catalogs
    compiled, and the pinned packages installed in ``__pypackages__`` (which Flet's worker puts on ``sys.path``),
    all compiled to bytecode (:func:`_compile`)."""
    package = CHECKOUT / "companion"
    with tempfile.TemporaryDirectory(prefix="companion-archive-") as folder:
        staged = Path(folder)
        (staged / "main.py").write_text(MAIN)
        for path in sorted(package.rglob("*.py")):
            _write(staged / "companion" / path.relative_to(package).as_posix(), path.read_bytes())
        for path in sorted(data_path().rglob("*")):
            relative = path.relative_to(data_path()).as_posix()
            if path.is_file() and not relative.endswith((".po", ".pot")):
                _write(staged / "companion" / "_data" / relative, path.read_bytes())
        for name, data in compiled_catalogs().items():
            _write(staged / "companion" / "_data" / name, data)
        for wheel in wheels:
            _unpack(wheel, staged / "__pypackages__")
        _compile(staged, runtime, "/home/pyodide", code_cache=True)
        _tar(staged, target)


def flet_names_used() -> list[str]:
    """The Flet names the app's code asks for (``ft.NAME``), as :func:`companion.phone.code_cache.record` takes
    them: Flet imports a control's module when its name is first asked for."""
    return [f"flet:{name}" for name in sorted(_named_in_code(r"\bft\.([A-Za-z_][A-Za-z0-9_]*)"))]


def _named_in_code(pattern: str) -> set[str]:
    """What ``pattern``'s group matches anywhere in the app's code (``companion/``)."""
    return {name for path in (CHECKOUT / "companion").rglob("*.py") for name in re.findall(pattern, path.read_text())}


# The archive's entry point, marking its start (companion.phone.marks) once the archive is unpacked and once the
# app's module is imported; the code the imports would compile is the build's (companion.phone.code_cache), and
# pydantic's validators are built after Home (companion.phone.boot).
MAIN = f"""import os

from companion.phone.marks import mark

mark("archive unpacked")
from companion.phone.code_cache import install

install(os.path.join(os.path.dirname(__file__), "{CODE_CACHE}"))
from companion.phone.boot import defer_validators

defer_validators()
from companion.phone.app import run

mark("entry imported")
run()
"""


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _copy_client(web: Path, out: Path) -> None:
    for path in sorted(web.rglob("*")):
        relative = path.relative_to(web).as_posix()
        if path.is_file() and not LEFT_OUT.search(relative) and not relative.startswith(LEFT_OUT_ASSETS):
            target = out / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)


def _copy_assets(out: Path) -> None:
    """The app's own icons, favicon and fonts (the Chinese subset and its licence) over flet-web's."""
    for name in ("favicon.png", "icons", "fonts"):
        source = assets_path(name)
        if source.is_dir():
            shutil.copytree(source, out / name, dirs_exist_ok=True)
        else:
            shutil.copyfile(source, out / name)
    (out / "fonts" / "common-hant.txt").unlink(missing_ok=True)  # the subset's input, not a font
    manifest = json.loads(assets_path("manifest.json").read_text())
    manifest.update({"id": "./", "start_url": "./", "scope": "./"})
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False))


def _fonts(out: Path) -> None:
    """The font manifest as flet-web serves it (its bundled Roboto added), without the fonts the app never draws
    with (Flutter downloads every listed font at start-up)."""
    from flet_web import patch_font_manifest_json

    from companion.flet_fixes.web_files import UNUSED_FONTS, without_fonts

    fonts = out / "assets" / "FontManifest.json"
    patch_font_manifest_json(str(fonts))
    fonts.write_bytes(without_fonts(fonts.read_bytes(), UNUSED_FONTS))
    for prefix in UNUSED_FONTS:
        shutil.rmtree(out / "assets" / prefix, ignore_errors=True)


def _stdlib(site_pyodide: Path, runtime: Runtime) -> None:
    """Pyodide's standard library without :data:`STDLIB_LEFT_OUT`, compiled (it ships as source: Pyodide's own
    start-up compiled every module it imports, each time)."""
    path = site_pyodide / "python_stdlib.zip"
    with tempfile.TemporaryDirectory(prefix="companion-stdlib-") as folder:
        staged = Path(folder)
        with zipfile.ZipFile(path) as source:
            source.extractall(staged, [entry for entry in source.namelist()
                                       if entry.split("/")[0].removesuffix(".py") not in STDLIB_LEFT_OUT])
        _compile(staged, runtime, f"/lib/python{runtime.python_tag.removeprefix('cp')}.zip")
        kept = io.BytesIO()
        with zipfile.ZipFile(kept, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for file in sorted(staged.rglob("*")):
                if file.is_file():
                    out.writestr(zipfile.ZipInfo(file.relative_to(staged).as_posix()), file.read_bytes(),
                                 compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    path.write_bytes(kept.getvalue())


def icons_used() -> set[str]:
    """The Material icons the app can draw: every ``Icons.NAME`` in its code, and :data:`FRAMEWORK_ICONS`."""
    named = set(FRAMEWORK_ICONS) | {name.lower() for name in _named_in_code(r"\bIcons\.([A-Z][A-Z0-9_]*)")}
    return {name.removesuffix(style) for name in named for style in ICON_STYLES if name.endswith(style)} | named


def _subset_icons(out: Path) -> None:
    """The Material icon font (1.3 MB: every icon in four styles) cut down to :func:`icons_used`, each in every
    style; the code points stay those Flet's client asks for."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    path = out / "assets" / "fonts" / "MaterialIcons-Regular.otf"
    font = TTFont(str(path))
    wanted = icons_used()
    keep = [code for code, glyph in font.getBestCmap().items()
            if glyph.endswith(ICON_STYLES) and glyph.rsplit("_", 1)[0] in wanted]
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=keep)
    subsetter.subset(font)
    font.save(str(path))


def _no_rive(out: Path) -> None:
    """The client without its Rive runtime download (:func:`companion.flet_fixes.web_files.without_rive`)."""
    from companion.flet_fixes.web_files import NotTheClient, without_rive

    path = out / "main.dart.js"
    try:
        path.write_text(without_rive(path.read_text()))
    except NotTheClient as problem:
        raise BuildError(str(problem)) from None


def _no_rive_wasm(out: Path) -> None:
    """The skwasm client (dart2wasm) without its Rive runtime download
    (:func:`companion.flet_fixes.web_files.strings_without_rive`)."""
    from companion.flet_fixes.web_files import RIVE_CDN, NotTheClient, strings_without_rive

    path = out / "main.dart.mjs"
    try:
        if RIVE_CDN.encode() not in (out / "main.dart.wasm").read_bytes():
            raise NotTheClient(f"flet-web's main.dart.wasm does not load Rive from {RIVE_CDN} (Flet 1.0.x)")
        path.write_text(strings_without_rive(path.read_text()))
    except NotTheClient as problem:
        raise BuildError(str(problem)) from None


def _worker(out: Path) -> None:
    """Flet's Python worker fetching and gunzipping the app archive while Pyodide starts, and unpacking it in
    JavaScript (``web/unpack.js``: the browser's gunzip and a tar reader, instead of Python's tarfile in
    WebAssembly) as soon as Pyodide is ready, and marking that moment (``bench.phone_app``'s start profile; the page
    turns the message into a ``performance.mark``, as the app's own: companion.phone.marks). Pyodide starts from
    the browser's memory snapshot of it when one is kept (``web/restore.js``; ``web/snapshot.js`` makes it, keyed
    by :func:`snapshot_key`). Python's fetch is imported only when Flet's download runs."""
    path = out / "python-worker.js"
    text = path.read_text()
    start = "const pyodideModule = await import(self.pyodideUrl);"
    load = "self.pyodide = await loadPyodide({"
    anchor = 'self.pyodide.registerJsModule("flet_js", flet_js);'
    download = 'if "script" not in py_args:'
    fetcher = "from pyodide.http import pyfetch"  # only the download uses it (25-40 ms of imports)
    if any(text.count(known) != 1 for known in (start, load, anchor, download, fetcher)):
        raise BuildError("flet-web's python-worker.js does not start Pyodide as this build knows (Flet 1.0.x)")
    ready = 'self.postMessage({perfMark: "pyodide ready", t: performance.timeOrigin + performance.now()});'
    fetch = ("const archive = self.fetchApp((self.flet_js.args && self.flet_js.args.app_package_url) || "
             "self.appPackageUrl);\n        archive.catch(() => {});  // its failure is thrown where it is awaited\n"
             "        const snapshot = self.keptSnapshot();")
    unpack = "self.flet_js.unpacked = self.untar(self.pyodide.FS, await archive, self.pyodide.FS.cwd()) > 0;"
    text = text.replace(start, f"{fetch}\n        {start}")
    text = text.replace(load, "self.pyodide = await self.startPython(loadPyodide, snapshot, {")
    text = text.replace(anchor, "\n        ".join([anchor, ready, unpack]))
    indent = text[text.rindex("\n", 0, text.index(download)) + 1:text.index(download)]
    text = text.replace(f"\n{indent}{fetcher}", "")
    branch = f"if flet_js.unpacked:\n{indent}    pass\n{indent}el{download}\n{indent}    {fetcher}"
    text = text.replace(download, branch)
    restore = (WEB_TEMPLATES / "restore.js").read_text().replace("__SNAPSHOTS__", SNAPSHOTS)
    restore = restore.replace("__SNAPSHOT__", f"python-snapshot-{snapshot_key(out / 'pyodide')}")
    path.write_text("\n".join([(WEB_TEMPLATES / "unpack.js").read_text(), restore, text]))
    shutil.copyfile(WEB_TEMPLATES / "snapshot.js", out / "snapshot.js")


def snapshot_key(pyodide: Path) -> str:
    """What a memory snapshot of Python depends on: the hash of the site's Pyodide (its runtime, its loader and its
    standard library), so a snapshot made by another Pyodide is never restored (``web/restore.js``)."""
    return _digest(pyodide, sorted(path.name for path in pyodide.iterdir()))


def _digest(folder: Path, names: list[str]) -> str:
    """A short hash of the files ``names`` under ``folder``: their names and contents."""
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0" + hashlib.sha256((folder / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def _bootstrap(out: Path) -> None:
    """The two clients of :data:`CLIENTS` (CanvasKit's full variant), and no Flutter service worker (ours is
    registered by the page)."""
    path = out / "flutter_bootstrap.js"
    text = path.read_text()
    config = re.search(r"_flutter\.buildConfig = (\{.*?\});\n", text)
    if config is None or "serviceWorkerSettings" not in text:
        raise BuildError("flet-web's flutter_bootstrap.js is not the one this build knows (Flet 1.0.x)")
    build = json.loads(config.group(1))
    build["builds"] = [b for b in build["builds"] if b.get("renderer") in CLIENTS]
    if sorted(b["renderer"] for b in build["builds"]) != sorted(CLIENTS):
        raise BuildError(f"flet-web's flutter_bootstrap.js does not build the clients {sorted(CLIENTS)}")
    text = text.replace(config.group(0), f"_flutter.buildConfig = {json.dumps(build)};\n")
    text = re.sub(r"\n\s*serviceWorkerSettings: \{.*?\},\n", "\n", text, count=1, flags=re.S)
    text = text.replace("var flutterConfig = {", 'var flutterConfig = {\n    canvasKitVariant: "full",', 1)
    path.write_text(text)


def _page(out: Path, base: str) -> None:
    """``index.html``: the app's names, the runtime's paths under ``base``, the service worker with its "A new
    version is ready" banner and the page's words about working offline (:data:`PAGE_WORDS`, in the app's
    language), Flutter's CJK fallback fonts fetched as the bundled one, Python started as the page loads
    (``prestart.html``), the button that turns on screen reader support
    (:mod:`companion.flet_fixes.screen_reader`), and the refusal of a picked file by its size before it is read
    (:mod:`companion.flet_fixes.picked_files`)."""
    from companion.flet_fixes import picked_files
    from companion.flet_fixes.screen_reader import page_script as screen_reader_script
    from companion.flet_fixes.web_files import CJK_FALLBACKS, FALLBACK_FONTS
    from companion.store.limits import MAX_IMPORT_BYTES, TOO_LARGE

    path = out / "index.html"
    words = {}
    for language in LANGUAGES:
        with use_language(language):
            words[language] = {key: t(message) for key, message in PAGE_WORDS.items()}
    config = "\n".join([
        "flet.pyodide = true;", 'flet.pythonModuleName = "main";', "flet.micropipIncludePre = false;",
        'flet.appPackageUrl = "app.tar.gz";', f'flet.pyodideUrl = "{base}pyodide/pyodide.mjs";',
        f'flet.canvasKitBaseUrl = "{base}canvaskit/";', f'flet.fontFallbackBaseUrl = "{FALLBACK_FONTS.lstrip("/")}";',
        "flet.noCdn = true;", (WEB_TEMPLATES / "client.js").read_text().strip(), 'flet.routeUrlStrategy = "path";',
        f'flet.entrypointBaseUrl = "{base}";', f'flet.assetBase = "{base}";'])
    fallbacks = [FALLBACK_FONTS.lstrip("/") + family + "/" for family in CJK_FALLBACKS]  # as the config's address
    shell = (WEB_TEMPLATES / "shell.html").read_text().replace("__WORDS__", json.dumps(words, ensure_ascii=False))
    shell = shell.replace("__FALLBACKS__", json.dumps(fallbacks)).replace("__CJK_FONT__", json.dumps(CJK_FONT))
    shell = shell.replace("__LANGUAGE_KEY__", json.dumps(LANGUAGE_KEY))
    text = path.read_text()
    text = re.sub(r'<base href="[^"]*">', f'<base href="{base}">', text, count=1)
    text = text.replace("<!-- fletAppConfig -->", f"<script>\n{config}\n</script>\n{shell}")
    python = '<script src="python.js"></script>'
    if python not in text:
        raise BuildError("flet-web's index.html does not load python.js as this build knows (Flet 1.0.x)")
    text = text.replace(python, python + "\n" + (WEB_TEMPLATES / "prestart.html").read_text())
    text = re.sub(r"<title>.*?</title>", "<title>Deep Regrets Companion</title>", text, count=1)
    text = text.replace('content="Flet"', 'content="Deep Regrets"').replace(
        'content="Flet application."', 'content="Bookkeeping for the Deep Regrets board game table"')
    text = text.replace('<link rel="manifest" href="manifest.json">',
                        '<link rel="manifest" href="manifest.json">\n  <meta name="theme-color" content="#0B1D24">')
    text = text.replace("</body>", screen_reader_script() + picked_files.page_script(MAX_IMPORT_BYTES, TOO_LARGE)
                        + "</body>", 1)
    path.write_text(text)


def site_files(out: Path) -> list[str]:
    """Every file of the site but the service worker, relative, sorted."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.name != "sw.js")


def precached(out: Path, client: str) -> list[str]:
    """The files the service worker caches when it installs for a phone running ``client`` (:data:`CLIENTS`): every
    file of the site but the other client's (the CJK font too, issue 37: a phone offline draws a Chinese name, or
    switches to Chinese, with it)."""
    others = {name for other, names in CLIENTS.items() if other != client for name in names}
    return [name for name in site_files(out) if name not in others]


def service_worker(out: Path) -> str:
    """Write ``sw.js`` precaching the site (:func:`precached`, for the client the page names in the worker's
    address) in a cache named by the hash of every file of it; returns the cache name."""
    cache = CACHE_PREFIX + _digest(out, site_files(out))
    worker = (WEB_TEMPLATES / "sw.js").read_text()
    worker = worker.replace("__CACHE__", cache).replace("__PREFIX__", CACHE_PREFIX).replace(
        "__FILES__", json.dumps({client: precached(out, client) for client in CLIENTS}, indent=0))
    (out / "sw.js").write_text(worker)
    return cache


@dataclass(frozen=True)
class Built:
    """What a build wrote: where, the service worker's cache name, the site's bytes raw and gzipped."""

    out: Path
    cache: str
    raw_bytes: int
    gzip_bytes: int


def site_size(out: Path) -> tuple[int, int]:
    """The site's bytes, raw and each file gzipped (what a host serving it compressed sends)."""
    raw = packed = 0
    for path in out.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, compresslevel=6))
    return raw, packed


def build(out: Path, base: str = "/", wheel_cache: Path | None = None) -> Built:
    """Write the phone app's static site to ``out`` (emptied first), served at ``base`` (``"/"``, or
    ``"/repository/"`` on GitHub Pages)."""
    if not base.startswith("/") or not base.endswith("/"):
        raise BuildError(f"--base must start and end with '/': {base!r}")
    _node()  # before anything is downloaded and the old site wiped: a build that can't be done leaves it as it was
    web = flet_web_folder()
    runtime = read_runtime(web / "pyodide")
    wheels = fetch_wheels(runtime, wheel_cache or Path(os.environ.get("COMPANION_WHEELS", CHECKOUT / ".phone-wheels")))
    check_wheels(wheels, runtime)
    check_depends(wheels, runtime)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    _copy_client(web, out)
    write_lock(out / "pyodide", runtime)
    _stdlib(out / "pyodide", runtime)
    app_archive(out / "app.tar.gz", wheels, runtime)
    _copy_assets(out)
    _fonts(out)
    _subset_icons(out)
    _no_rive(out)
    _no_rive_wasm(out)
    _bootstrap(out)
    _worker(out)
    _page(out, base)
    cache = service_worker(out)
    raw, packed = site_size(out)
    return Built(out, cache, raw, packed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/build_phone_app", description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", default=str(CHECKOUT / "dist" / "phone"), help="default: dist/phone/")
    parser.add_argument("--base", default="/", help="the path the site is served at, e.g. /deep-regrets/")
    args = parser.parse_args(argv)
    try:
        built = build(Path(args.out), args.base)
    except BuildError as problem:
        print(f"build_phone_app: {problem}", file=sys.stderr)
        return 2
    print(f"{built.out}: {built.raw_bytes / 1e6:.1f} MB, {built.gzip_bytes / 1e6:.1f} MB gzipped; "
          f"service worker cache {built.cache}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
