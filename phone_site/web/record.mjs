// Record the code the app's imports compile from strings (companion.phone.code_cache) with Pyodide's own Python,
// run by Node.js at build time: record(), importing every module of the packages named and getting each name.
//     node record.mjs PYODIDE_FOLDER STAGED_FOLDER OUTPUT_FILE NAMES_JSON
// NAMES_JSON: {"packages": [...], "names": ["module:attribute", ...]}. Compiled without column positions, as the
// archive's modules (compile.mjs): a traceback through a dataclass's __init__ keeps its lines, not its ^^^ marks.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideFolder, staged, output, names] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideFolder}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideFolder}/`, env: { PYDANTIC_DISABLE_PLUGINS: "1", PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.mkdirTree("/staged");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: staged }, "/staged");
pyodide.globals.set("asked", pyodide.toPy(JSON.parse(names)));
const recorded = pyodide.runPython(`
import sys

sys.path[:0] = ["/staged/__pypackages__", "/staged"]
from companion.phone.boot import defer_validators  # imports no pydantic: calling it does
from companion.phone.code_cache import record

record(asked["packages"], asked["names"], first=defer_validators)  # as the start (main.py): no validator built
`);
writeFileSync(output, recorded.toJs());
