// Python started from a memory snapshot (phone_site/build.py, _worker): Pyodide's own start (the runtime, then
// Python's start and Pyodide's bootstrap in WebAssembly) took 0.8-1.4 s of a phone app's start; restoring the memory
// it ends with takes a fraction of that. The snapshot is this browser's own, made by web/snapshot.js for this very
// Pyodide (SNAPSHOT: a hash of its files) after a start that had none, and kept in Cache Storage beside the site's.
const SNAPSHOTS = "__SNAPSHOTS__";  // the Cache Storage cache holding it: not the site's, which a new version replaces
const SNAPSHOT = "__SNAPSHOT__";  // its key, beside this worker's address
const MAKE_AFTER_MS = 5000;  // after a start with none, the snapshot is made once the app is up
const snapshotUrl = () => new URL(SNAPSHOT, self.location.href).href;

// The snapshot kept for this Pyodide (bytes), or null.
self.keptSnapshot = async function () {
  try {
    const kept = await (await caches.open(SNAPSHOTS)).match(snapshotUrl());
    return kept ? new Uint8Array(await kept.arrayBuffer()) : null;
  } catch {
    return null;  // no Cache Storage (a private window may refuse it): Python starts as without one
  }
};

// Pyodide started from the snapshot `kept` (a promise of keptSnapshot's), or from scratch when there is none or it
// can't be restored (damaged, another Pyodide's: it is then forgotten); after a start from scratch, a snapshot is
// made for the next one. `options` are loadPyodide's.
self.startPython = async function (loadPyodide, kept, options) {
  const snapshot = await kept;
  if (snapshot) {
    try {
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      // Python seeded its random numbers before the snapshot was made: restored as it is, every start would draw
      // the same ones (the dice's seeds, the seat order).
      pyodide.runPython("import random\nrandom.seed()");
      self.postMessage({ perfMark: "python from snapshot", t: performance.timeOrigin + performance.now() });
      return pyodide;
    } catch (error) {
      console.warn("Python's memory snapshot could not be restored; starting without it:", error);
      await caches.open(SNAPSHOTS).then((cache) => cache.delete(snapshotUrl())).catch(() => {});
    }
  }
  const pyodide = await loadPyodide(options);
  if (typeof Worker !== "undefined" && typeof caches !== "undefined") {
    setTimeout(() => {
      const maker = new Worker(new URL("snapshot.js", self.location.href), { type: "module" });
      maker.onmessage = (event) => {
        console.log("Python's memory snapshot", event.data);
        maker.terminate();
      };
      maker.postMessage({ pyodideUrl: new URL(self.pyodideUrl, self.location.href).href, cacheName: SNAPSHOTS,
                          key: snapshotUrl() });
    }, MAKE_AFTER_MS);
  }
  return pyodide;
};
