"""An npm registry of the built tarballs and nothing else, on loopback, so
that `npm install payctl` resolves the main package and its optional
platform packages the way it does from npmjs.com: one packument per
package (its package.json with `dist.tarball` and `dist.integrity`), and
npm choosing the platform package by its `os`, `cpu` and `libc` fields.
A package that was not built answers 404, as an unpublished one would.

    python3 registry.py DIST_DIR     # prints the registry's URL, then serves until stopped
"""

import base64
import glob
import hashlib
import http.server
import json
import os
import sys
import tarfile
import urllib.parse

dist = sys.argv[1]
packages = {}
for path in glob.glob(os.path.join(dist, "*.tgz")):
    with tarfile.open(path) as tarball:
        manifest = json.load(tarball.extractfile("package/package.json"))
    data = open(path, "rb").read()
    packages[manifest["name"]] = (manifest, os.path.basename(path), data)


class Registry(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        path = urllib.parse.unquote(self.path.split("?")[0]).lstrip("/")
        if path.startswith("-/tarballs/"):
            found = next((data for _, file, data in packages.values() if file == path[len("-/tarballs/"):]), None)
            return self.answer(200, data=found, kind="application/octet-stream") if found else self.answer(404)
        if path not in packages:
            return self.answer(404, data=b'{"error":"not found"}')
        manifest, file, data = packages[path]
        host = self.headers.get("Host")
        version = dict(manifest, dist={
            "tarball": f"http://{host}/-/tarballs/{file}",
            "integrity": "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode(),
            "shasum": hashlib.sha1(data).hexdigest(),
        })
        packument = {"name": manifest["name"], "dist-tags": {"latest": manifest["version"]},
                     "versions": {manifest["version"]: version}}
        self.answer(200, data=json.dumps(packument).encode())

    def answer(self, status, data=b"", kind="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Registry)
print(f"http://127.0.0.1:{server.server_address[1]}/", flush=True)
server.serve_forever()
