// Compile the app archive's Python with Pyodide's own Python (run by Node.js at build time), so the browser imports
// bytecode made by the very interpreter that runs it instead of compiling every module at every start (Pyodide's
// own standard library ships as source too).
//     node compile.mjs PYODIDE_FOLDER STAGED_FOLDER PATH_IN_THE_BROWSER [CODE_CACHE NAMES_JSON]
// Each .py becomes a sourceless .pyc in its place, docstrings, asserts and column positions (PYTHONNODEBUGRANGES:
// a traceback keeps its lines, not its ^^^ marks) left out: the smallest download. They are "unchecked hash" pycs
// (PEP 552), valid whatever the files' times.
// With CODE_CACHE, the same Python then records there the code the app's imports compile from strings
// (companion.phone.code_cache.record; NAMES_JSON: {"packages": [...], "names": ["module:attribute", ...]}, its
// arguments), as the start imports: after the validators are deferred (main.py).
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideFolder, staged, shownAs, codeCache, names] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideFolder}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideFolder}/`, env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.mkdirTree("/staged");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: staged }, "/staged");
const compiled = pyodide.runPython(`
import compileall, pathlib, py_compile

root = pathlib.Path("/staged")
compiled = compileall.compile_dir(root, quiet=1, legacy=True, optimize=2, stripdir=str(root),
                                  prependdir="${shownAs}", invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
for source in root.rglob("*.py"):
    source.unlink()
bool(compiled)
`);
if (compiled && codeCache) {
  pyodide.globals.set("asked", pyodide.toPy(JSON.parse(names)));
  writeFileSync(codeCache, pyodide.runPython(`
import sys

sys.path[:0] = ["/staged/__pypackages__", "/staged"]
from companion.phone.boot import defer_validators  # imports no pydantic: calling it does
from companion.phone.code_cache import record

record(asked["packages"], asked["names"], first=defer_validators)
`).toJs());
}
process.exit(compiled ? 0 : 1);
