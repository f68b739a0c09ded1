// The phone app's Python memory snapshot, made once for the site's Pyodide (phone_site/build.py, _worker; started
// by python-worker.js after a start that had none): Pyodide started bare in this worker of its own, its memory
// copied once Python's own start is done, and kept in the browser's Cache Storage. Later starts restore it instead
// of starting Python (issue 38). Nothing of the app or its data is in it: the app is unpacked and imported after.
self.onmessage = async (event) => {
  const { pyodideUrl, cacheName, key } = event.data;
  try {
    const { loadPyodide } = await import(pyodideUrl);
    const pyodide = await loadPyodide({ _makeSnapshot: true });
    const snapshot = pyodide.makeMemorySnapshot();
    const cache = await caches.open(cacheName);
    for (const old of await cache.keys()) await cache.delete(old);  // another Pyodide's
    await cache.put(key, new Response(snapshot));
    self.postMessage(`made: ${snapshot.length} bytes`);
  } catch (error) {
    self.postMessage(`not made: ${error}`);
  }
};
