"""What ``scripts/build_phone_app`` writes (issue 24): a site whose Python packages all load from the site itself, two
Flutter clients (skwasm in Chromium, CanvasKit elsewhere: issue 38), a service worker listing a phone's files, and an
app archive with compiled catalogs and nothing server-only. The site is built once per test run
(``tests.support.phone_site.built_site``, shared with the browser test): every test here needs it, so they are all
marked slow (a whole-site build, about half a minute on 2 cores)."""

from __future__ import annotations

import base64
import gettext
import io
import json
import re
import subprocess
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

from companion.flet_fixes.web_files import NO_RIVE, RIVE_CDN
from companion.i18n import t, use_language
from phone_site.build import CACHE_PREFIX, CLIENTS, PAGE_WORDS, PINNED, _tar, canonical, precached, site_files
from tests.support.phone_site import built_site

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site() -> Path:
    out: Path = built_site().out
    return out


def _archive(site: Path) -> dict[str, bytes]:
    with tarfile.open(site / "app.tar.gz") as archive:
        return {m.name: archive.extractfile(m).read() for m in archive.getmembers() if m.isfile()}  # type: ignore[union-attr]


def test_every_pinned_package_is_installed_in_the_archive_and_none_is_left_to_micropip(site: Path) -> None:
    files = _archive(site)
    for name, version in PINNED.items():
        metadata = [path for path in files if path.startswith("__pypackages__/")
                    and path.endswith(".dist-info/METADATA") and canonical(path.split("/")[1].split("-")[0]) == name]
        assert len(metadata) == 1, name
        assert f"\nVersion: {version}\n" in files[metadata[0]].decode(), name
    lock: dict[str, Any] = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"] == {} and not list(site.rglob("*.whl"))
    assert "requirements.txt" not in files  # Flet's worker then loads no micropip


def test_the_archive_holds_bytecode_pyodide_s_python_made_and_no_source(site: Path) -> None:
    files = _archive(site)
    assert not [name for name in files if name.endswith(".py")]
    with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as stdlib:  # compiled by Pyodide's own Python
        magic = stdlib.read(next(n for n in stdlib.namelist() if n.endswith(".pyc")))[:4]
    assert files["companion/phone/app.pyc"][:4] == files["__pypackages__/pydantic/main.pyc"][:4] == magic
    # "unchecked hash" pycs (PEP 552, flags 0b01): valid whatever time unpacking gives the files
    assert int.from_bytes(files["main.pyc"][4:8], "little") == 1
    assert any(name.endswith("_pydantic_core.cpython-314-wasm32-emscripten.so") for name in files)


def test_two_clients_and_every_runtime_path_on_the_site(site: Path) -> None:
    assert all((site / name).is_file() for names in CLIENTS.values() for name in names)
    assert not list(site.glob("canvaskit/skwasm_heavy*")) and not (site / "canvaskit" / "chromium").exists()
    bootstrap = (site / "flutter_bootstrap.js").read_text()
    build = json.loads(re.search(r"_flutter\.buildConfig = (\{.*?\});", bootstrap).group(1))  # type: ignore[union-attr]
    assert [b["renderer"] for b in build["builds"]] == ["skwasm", "canvaskit"]  # Flutter's loader: the first it can
    load = bootstrap[bootstrap.index("_flutter.loader.load({"):]
    assert "serviceWorkerSettings" not in load  # Flutter's self-unregistering worker would replace ours
    page = (site / "index.html").read_text()
    for key in ("pyodideUrl", "canvasKitBaseUrl", "entrypointBaseUrl"):
        value = re.search(rf'flet\.{key} = "([^"]*)"', page)
        assert value and value.group(1).startswith("/"), key  # not a bare specifier, not another origin
    assert (site / "pyodide" / "pyodide.mjs").is_file() and (site / "canvaskit" / "canvaskit.wasm").is_file()


def test_the_service_worker_precaches_a_phone_s_files_in_a_cache_named_by_their_content(site: Path) -> None:
    worker = (site / "sw.js").read_text()
    files = json.loads(re.search(r"const CLIENTS = (\{.*?\});", worker, re.S).group(1))  # type: ignore[union-attr]
    assert files == {client: precached(site, client) for client in CLIENTS}
    skwasm, canvaskit = set(files["skwasm"]), set(files["canvaskit"])
    # every file but the other client's; issue 37: the CJK font too, so a phone offline draws Chinese
    assert skwasm | canvaskit == set(site_files(site)) and "fonts/NotoSansCJK-companion.woff2" in skwasm & canvaskit
    assert skwasm - canvaskit == set(CLIENTS["skwasm"]) and canvaskit - skwasm == set(CLIENTS["canvaskit"])
    page = (site / "index.html").read_text()  # Flutter's CJK fallback fonts are fetched as the bundled one
    assert 'flet.fontFallbackBaseUrl = "assets/fonts/"' in page and '"assets/fonts/notosanssc/"' in page
    assert 'new URL("fonts/NotoSansCJK-companion.woff2", document.baseURI)' in page
    assert re.search(rf'const CACHE = "{CACHE_PREFIX}[0-9a-f]{{16}}";', worker)
    manifest = json.loads((site / "manifest.json").read_text())
    assert (manifest["name"], manifest["short_name"], manifest["display"]) == (
        "Deep Regrets Companion", "Deep Regrets", "standalone")
    assert all((site / icon["src"]).is_file() for icon in manifest["icons"])


def test_the_client_asks_no_other_origin_for_its_rive_runtime(site: Path) -> None:
    """Issue 37 item 4: flet-web's client loaded the Rive runtime from a CDN at every start."""
    client = (site / "main.dart.js").read_text()
    assert "cdn.jsdelivr.net" not in client and json.dumps(NO_RIVE) in client
    # The skwasm client's strings are its imports' names, each answered by main.dart.mjs's proxy (run here in Node).
    strings = re.search(r'"": (new Proxy\(.*\)),\n', (site / "main.dart.mjs").read_text())
    assert strings, "main.dart.mjs gives no strings"
    asked = f"const s = {strings.group(1)}; console.log(JSON.stringify([s[{json.dumps(RIVE_CDN)}], s['Rive']]))"
    answers = subprocess.run(["node", "-e", asked], capture_output=True, text=True, check=True).stdout
    assert json.loads(answers) == [NO_RIVE, "Rive"]


# A browser as Flutter's loader (flutter.js) sees it, for the page's choice of client (web/client.js).
CHROME = {"vendor": "Google Inc.", "userAgent": "Chrome/140", "wasmGC": True, "webGL": True, "ownText": True}


@pytest.mark.parametrize(("browser", "client"), [
    ({}, "skwasm"),
    ({"vendor": "", "userAgent": "Edg/140"}, "skwasm"),  # Edge
    ({"vendor": "Apple Computer, Inc.", "userAgent": "Safari/605"}, "canvaskit"),  # Flutter allows skwasm in Blink
    ({"vendor": "", "userAgent": "Firefox/140"}, "canvaskit"),
    ({"wasmGC": False}, "canvaskit"),  # an older Chromium: no dart2wasm
    ({"webGL": False}, "canvaskit"),  # Flutter's loader skips skwasm without WebGL
    ({"ownText": False}, "canvaskit"),  # it would load skwasm_heavy, which the site leaves out
])
def test_the_page_runs_the_client_flutter_s_loader_would_pick_of_those_on_the_site(
        site: Path, browser: dict[str, Any], client: str) -> None:
    """Issue 38: skwasm draws a tap in about half CanvasKit's time in Chromium; a phone whose page picked a client
    the site lacks, or the service worker did not precache, would not start (offline)."""
    page = (site / "index.html").read_text()
    choice = re.search(r"flet\.webRenderer = \(\(\) => \{.*?\}\)\(\);", page, re.S)
    assert choice, "the page picks no client"
    seen = {**CHROME, **browser}
    run = f"""
        const seen = {json.dumps(seen)};
        const vm = require("vm");
        const context = {{
            flet: {{}}, Uint8Array, navigator: {{vendor: seen.vendor, userAgent: seen.userAgent}},
            WebAssembly: {{validate: () => seen.wasmGC}},
            document: {{createElement: () => ({{getContext: () => (seen.webGL ? {{}} : null)}})}},
            Intl: seen.ownText ? {{v8BreakIterator: function () {{}}, Segmenter: function () {{}}}} : {{}},
        }};
        if (seen.ownText) context.ImageDecoder = function () {{}};
        vm.runInNewContext({json.dumps(choice.group(0))}, context);
        console.log(context.flet.webRenderer);"""
    assert subprocess.run(["node", "-e", run], capture_output=True, text=True, check=True).stdout.strip() == client
    # The wasm GC probe and the browser tests are Flutter's own (flutter.js, in flutter_bootstrap.js).
    loader = (site / "flutter_bootstrap.js").read_text()
    probe = re.search(r"new Uint8Array\((\[[0-9, ]+\])\)", choice.group(0))
    assert probe and probe.group(1).replace(" ", "") in loader.replace(" ", "")
    assert 'navigator.vendor==="Google Inc."||navigator.userAgent.includes("Edg/")' in loader


def _untar_in_node(worker: Path, archive: Path, out: Path) -> dict[str, bytes]:
    """What the worker's own JavaScript (web/unpack.js, first in ``worker``) writes for the gzipped tar ``archive``,
    run in Node with a file system that records each file."""
    run = f"""
        const fs = require("fs"), zlib = require("zlib"), vm = require("vm");
        const context = {{self: {{}}, TextDecoder, Uint8Array, String, parseInt, Math, Error}};
        vm.runInNewContext(fs.readFileSync({json.dumps(str(worker))}, "utf8").split("self.pyodideUrl = null;")[0],
                           context);
        const written = {{}};
        const FS = {{mkdirTree: () => {{}}, writeFile: (path, data) => {{
            written[path] = Buffer.from(data).toString("base64"); }}}};
        const tar = new Uint8Array(zlib.gunzipSync(fs.readFileSync({json.dumps(str(archive))})));
        const count = context.self.untar(FS, tar, "/home/pyodide");
        fs.writeFileSync({json.dumps(str(out))}, JSON.stringify({{count, written}}));"""
    subprocess.run(["node", "-e", run], capture_output=True, text=True, check=True)
    result = json.loads(out.read_text())
    assert result["count"] == len(result["written"])
    return {path: base64.b64decode(data) for path, data in result["written"].items()}


def test_the_worker_unpacks_the_app_archive_in_javascript_file_for_file(site: Path, tmp_path: Path) -> None:
    """Issue 38 item 4: the worker's JavaScript (web/unpack.js, in the site's python-worker.js) unpacks the archive
    before Python runs, instead of Python's tarfile in WebAssembly (Flet's own download and unpack is skipped); run
    in Node on the site's archive, and on one with a name over 100 characters (a PAX header), it writes each file
    as Python's tarfile reads it."""
    worker = site / "python-worker.js"
    assert "self.untar(self.pyodide.FS, await archive" in worker.read_text()
    assert "if flet_js.unpacked:" in worker.read_text()
    files = _archive(site)
    assert len(files) > 500
    assert _untar_in_node(worker, site / "app.tar.gz", tmp_path / "site.json") == {
        f"/home/pyodide/{name}": data for name, data in files.items()}
    long_name = "/".join(["a_folder_named_at_length"] * 5) + "/module.pyc"
    (tmp_path / "staged" / long_name).parent.mkdir(parents=True)
    (tmp_path / "staged" / long_name).write_bytes(bytes(range(256)) * 3)
    (tmp_path / "staged" / "main.pyc").write_bytes(b"")
    _tar(tmp_path / "staged", tmp_path / "long.tar.gz")
    assert _untar_in_node(worker, tmp_path / "long.tar.gz", tmp_path / "long.json") == {
        f"/home/pyodide/{long_name}": bytes(range(256)) * 3, "/home/pyodide/main.pyc": b""}


def test_the_app_archive_has_compiled_catalogs_and_nothing_server_only(site: Path) -> None:
    files = _archive(site)
    assert "main.pyc" in files and "companion/phone/app.pyc" in files
    assert not [name for name in files if name.endswith((".po", ".pot"))]
    # the companion package whole and nothing else of the checkout: the build step lives outside it (phone_site)
    package = Path(__file__).resolve().parents[2] / "companion"
    shipped = {name for name in files if name.endswith(".pyc") and name != "main.pyc" and not name.startswith("__")}
    assert shipped == {"companion/" + p.relative_to(package).with_suffix(".pyc").as_posix()
                       for p in package.rglob("*.py")}
    italian = gettext.GNUTranslations(io.BytesIO(files["companion/_data/locale/it/LC_MESSAGES/messages.mo"]))
    with use_language("it"):
        for message in ("Madness", *PAGE_WORDS.values()):
            assert italian.gettext(message) == t(message) != message


def test_the_start_compiles_no_string_the_build_did_not_record(site: Path, tmp_path: Path) -> None:
    """Issue 38 item 4: the code the start's imports compile from strings (dataclasses' methods, string
    annotations) is recorded by the build with Pyodide's own Python (companion.phone.code_cache); run in Node with
    the site's Pyodide and archive, in main.py's order, the start to Home's modules compiles none itself."""
    with tarfile.open(site / "app.tar.gz") as archive:
        archive.extractall(tmp_path / "app", filter="data")
    start = """
import sys
sys.path[:0] = ["/app/__pypackages__", "/app"]
from companion.phone.code_cache import install
held = install("/app/code_cache.bin")
missed = []
sys.addaudithook(lambda event, args: event == "compile" and sys._getframe(1).f_code.co_name == "compile_"
                 and missed.append(args[0][:80]))
from companion.phone.boot import defer_validators
defer_validators()
import companion.phone.app, companion.app, companion.session, flet.app
import flet as ft
ft.Theme, ft.FilledButton, ft.TextField  # asked for by the app: their modules import then
import json
json.dumps({"held": held, "missed": [str(source) for source in missed]})
"""
    run = f"""
        const {{ loadPyodide }} = await import({json.dumps(str(site / "pyodide" / "pyodide.mjs"))});
        const pyodide = await loadPyodide({{ indexURL: {json.dumps(str(site / "pyodide") + "/")} }});
        pyodide.FS.mkdirTree("/app");
        pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, {{ root: {json.dumps(str(tmp_path / "app"))} }}, "/app");
        console.log(pyodide.runPython({json.dumps(start)}));"""
    done = subprocess.run(["node", "--input-type=module", "-e", run], capture_output=True, text=True, check=True)
    said = json.loads(done.stdout.strip().splitlines()[-1])
    assert said["held"] > 500  # recorded by this very Python (its magic number), for Flet's controls and the app's
    assert said["missed"] == []


# Runs the worker's snapshot code (web/snapshot.js, and web/restore.js as the site's python-worker.js holds it) in
# Node with the site's Pyodide: Cache Storage is a Map, a nested worker is only noted, and each step says in JSON
# what it saw.
_SNAPSHOT_RUN = """
const [site, maker] = process.argv.slice(2);
const fs = await import("fs");
const stored = new Map(), said = {marks: [], makers: [], steps: {}};
const key = (request) => String(request.url || request);
globalThis.self = globalThis;
globalThis.location = new URL("http://phone.test/");
globalThis.postMessage = (message) => message && message.perfMark ? said.marks.push(message.perfMark)
  : (said.made = message);
globalThis.caches = {open: async () => ({
  match: async (request) => stored.has(key(request)) ? new Response(stored.get(key(request))) : undefined,
  put: async (request, response) => stored.set(key(request), new Uint8Array(await response.arrayBuffer())),
  delete: async (request) => stored.delete(key(request)), keys: async () => [...stored.keys()]})};
globalThis.Worker = class { constructor(url) { said.makers.push(String(url)); } postMessage() {} };
globalThis.setTimeout = (then) => then();
self.pyodideUrl = site + "/pyodide/pyodide.mjs";
const worker = fs.readFileSync(site + "/python-worker.js", "utf8");
const prelude = worker.slice(worker.indexOf("// Python started from a memory snapshot"),
                             worker.indexOf("self.pyodideUrl = null;"));
(0, eval)(prelude);
const { loadPyodide } = await import(self.pyodideUrl);
const draw = "import random; random.random()";
const random = async (snapshot) =>  // a start: its first random number
  (await self.startPython(loadPyodide, Promise.resolve(snapshot), {})).runPython(draw);
const bare = async (snapshot) =>  // the snapshot restored by Pyodide alone: its first random number
  (await loadPyodide({_loadSnapshot: snapshot})).runPython(draw);
said.steps.scratch = await random(await self.keptSnapshot());  // none kept: from scratch, and a maker noted
eval(fs.readFileSync(maker, "utf8"));  // snapshot.js, as its worker runs it
const snapshotKey = new URL(worker.match(/const SNAPSHOT = "([^"]+)"/)[1], location).href;
await self.onmessage({data: {pyodideUrl: self.pyodideUrl, cacheName: "test", key: snapshotKey}});
said.steps.kept = stored.has(snapshotKey);
said.steps.restored = [await random(await self.keptSnapshot()), await random(await self.keptSnapshot())];
said.steps.bare = [await bare(await self.keptSnapshot()), await bare(await self.keptSnapshot())];
const damaged = stored.get(snapshotKey).slice(); damaged[0] ^= 0xff;
stored.set(snapshotKey, damaged);
said.steps.damaged = await random(await self.keptSnapshot());
said.steps.forgotten = !stored.has(snapshotKey);
console.log(JSON.stringify(said));
"""


def test_python_starts_from_the_browser_s_memory_snapshot_and_draws_its_own_random_numbers(
        site: Path, tmp_path: Path) -> None:
    """Issue 38 item 4: a start with no snapshot starts Python from scratch and has one made (web/snapshot.js, in a
    worker of its own); later starts restore it (marked "python from snapshot"), each drawing its own random numbers
    (restored by Pyodide alone, Python's seed is the snapshot's: the same draws every start); a damaged snapshot is
    not restored but forgotten, and Python starts from scratch. Run in Node with the site's Pyodide and worker."""
    (tmp_path / "run.mjs").write_text(_SNAPSHOT_RUN)
    done = subprocess.run(["node", str(tmp_path / "run.mjs"), str(site), str(site / "snapshot.js")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    said = json.loads(done.stdout.strip().splitlines()[-1])
    steps = said["steps"]
    assert said["makers"] and said["makers"][0].endswith("/snapshot.js")  # after the start from scratch
    assert said["made"].startswith("made: ") and steps["kept"]
    assert said["marks"].count("python from snapshot") == 2  # the two restores, not the others
    bare_a, bare_b = steps["bare"]
    assert bare_a == bare_b  # the snapshot's own seed: why a start from it reseeds
    restored_a, restored_b = steps["restored"]
    assert restored_a != restored_b
    assert steps["forgotten"] and isinstance(steps["damaged"], float)
