// The playground's memory snapshot, made at site build time (see bundle.py).
//
//   node make_snapshot.mjs PYODIDE_DIR ORACLE_ZIP OUTPUT
//
// Starting CPython in WebAssembly and importing the oracle is most of the
// playground's load time.  This script does it once, in Node.js, with the
// same Pyodide files the site ships: it puts the oracle's zip where the page
// will put it again (ZIP_PATH, imported from the zip itself), imports every
// game's playground and answers each game's first question, then saves
// Pyodide's memory.  The page restores that memory instead of starting Python.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const ZIP_PATH = "/home/pyodide/oracle.zip";  // the page writes the zip here too (docs/javascripts/playground.js)
const [pyodideDir, oracleZip, output] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, _makeSnapshot: true });
pyodide.FS.writeFile(ZIP_PATH, new Uint8Array(readFileSync(oracleZip)));
pyodide.runPython(
  `import sys\nsys.path.insert(0, ${JSON.stringify(ZIP_PATH)})\n` +
  "from oracle.tools.site.playground import prepare, view_json\nprepare()\n"
);
writeFileSync(output, pyodide.makeMemorySnapshot());
