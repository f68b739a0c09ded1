// The phone app's service worker (written by scripts/build_phone_app): every file of one version of the site in
// one cache named by a hash of their content, answered cache-first. A new version installs beside the old one
// and waits; the page offers "A new version is ready" and reloads into it once the user says so. Until then the
// old cache stays whole, so a phone is always served one version, never half of each.
const CACHE = "__CACHE__";
// The files of each Flutter client's phone (phone_site/build.py, CLIENTS): the page names its client in this
// worker's address (sw.js?client=skwasm). A worker registered without one (by a page of a version before the two
// clients) keeps both.
const CLIENTS = __FILES__;
const CLIENT = new URL(self.location.href).searchParams.get("client");
const FILES = CLIENTS[CLIENT] || [...new Set(Object.values(CLIENTS).flat())].sort();

self.addEventListener("install", (event) => {
  // Every file or none: a file that fails to download fails the install, and the old version stays in charge.
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("__PREFIX__") && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "skipWaiting") self.skipWaiting();
  if (event.data === "version?" && event.ports[0]) event.ports[0].postMessage(CACHE);  // the page: same version?
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(request, { ignoreSearch: true });
    if (kept) return kept;
    if (request.mode === "navigate") {  // every route of the app is its one page
      const page = await cache.match("index.html");
      if (page) return page;
    }
    return fetch(request);
  }));
});
