// Compile the app archive's Python with Pyodide's own Python (run by Node.js at build time), so the browser imports
// bytecode made by the very interpreter that runs it instead of compiling every module at every start (Pyodide's
// own standard library ships as source too).
//     node compile.mjs PYODIDE_FOLDER STAGED_FOLDER PATH_IN_THE_BROWSER
// Each .py becomes a sourceless .pyc in its place, docstrings, asserts and column positions (PYTHONNODEBUGRANGES:
// a traceback keeps its lines, not its ^^^ marks) left out: the smallest download. They are "unchecked hash" pycs
// (PEP 552), valid whatever the files' times.
import { pathToFileURL } from "node:url";

const [pyodideFolder, staged, shownAs] = process.argv.slice(2);
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
process.exit(compiled ? 0 : 1);
