// Which of the site's two Flutter clients this browser runs (phone_site/build.py, CLIENTS): skwasm where Flutter's
// loader would pick it (a Chromium with WebAssembly GC and WebGL), and with it the skwasm variant the site has (for
// image codecs and break iterators of the browser's own); CanvasKit everywhere else. The tests mirror Flutter 3.x's
// flutter.js. The page names the same client to the service worker, which precaches its files alone.
flet.webRenderer = (() => {
  const blink = navigator.vendor === "Google Inc." || navigator.userAgent.includes("Edg/");
  const wasmGC = WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0]));
  const canvas = document.createElement("canvas");
  const webGL = !!(canvas.getContext("webgl2") || canvas.getContext("webgl"));
  const ownText = typeof ImageDecoder !== "undefined" && typeof Intl.v8BreakIterator !== "undefined" &&
    typeof Intl.Segmenter !== "undefined";
  return blink && wasmGC && webGL && ownText ? "skwasm" : "canvaskit";
})();
