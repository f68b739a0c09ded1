// The app archive unpacked by the worker's JavaScript before Python runs (phone_site/build.py, _worker): the
// browser's own gunzip (DecompressionStream) and a tar reader writing each file into Pyodide's file system. Flet's
// bootstrap did it in Python (tarfile, in WebAssembly): about 0.4-0.7 s for the archive's 700-odd files.
// The archive is the build's own (_tar: regular files, PAX or ustar headers); anything else is refused by name.
// The archive's tar bytes: fetched and gunzipped while Pyodide starts (both wait on other threads).
self.fetchApp = async function (url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`Failed to download app package: HTTP ${response.status} ${url}`);
  }
  return new Uint8Array(
    await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
};

// Write each regular file of the tar bytes `tar` under `folder`; returns how many were written.
self.untar = function (FS, tar, folder) {
  const text = new TextDecoder();
  const field = (at, length) => {
    const bytes = tar.subarray(at, at + length);
    const end = bytes.indexOf(0);
    return text.decode(end < 0 ? bytes : bytes.subarray(0, end));
  };
  const octal = (at, length) => parseInt(field(at, length).trim() || "0", 8);
  const made = new Set();  // folders made: mkdirTree tries (and fails on) every folder of a path
  let at = 0, written = 0, longName = null;
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const size = octal(at + 124, 12), type = String.fromCharCode(tar[at + 156] || 48);
    const body = tar.subarray(at + 512, at + 512 + size);
    if (type === "x") {  // a PAX header: its "path" names the next file
      for (const record of text.decode(body).split("\n")) {
        const pair = record.slice(record.indexOf(" ") + 1);
        if (pair.startsWith("path=")) longName = pair.slice(5);
      }
    } else if (type === "0") {
      const prefix = field(at + 345, 155);
      const name = longName ?? (prefix ? `${prefix}/${field(at, 100)}` : field(at, 100));
      if (name.startsWith("/") || name.split("/").includes("..")) {
        throw new Error(`app archive: ${name} is outside the app's folder`);
      }
      const path = `${folder}/${name}`;
      const parent = path.slice(0, path.lastIndexOf("/"));
      if (!made.has(parent)) {
        FS.mkdirTree(parent);
        made.add(parent);
      }
      FS.writeFile(path, body, { canOwn: true });  // the file is a view of `tar`: nothing copied, nothing written later
      written += 1;
      longName = null;
    } else if (type !== "5" && type !== "g") {
      throw new Error(`app archive: entry type ${type} is not a file or a folder`);
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return written;
};
