#!/usr/bin/env bash
# The OpenAPI document as partners meet it: fetched from a running sandbox,
# then validated, linted and turned into clients by the tools they use, and
# exercised through two of those clients. Any tool that refuses the document,
# or generated code that does not compile or run, fails CI.
#
# Tools are pinned (requirements.txt, package-lock.json) and installed here,
# in .venv and node_modules (gitignored); out/ holds what one run generates.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$here"

step() { printf '\n== %s (at %ds)\n' "$*" "$SECONDS"; }

step "install the pinned tools"
if ! command -v java >/dev/null 2>&1; then
  # openapi-generator is a Java program; its PyPI package bundles the jar, not a runtime.
  apt-get update -qq && apt-get install -y -qq --no-install-recommends default-jre-headless >/dev/null
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
npm ci --silent --no-audit --no-fund
export PATH="$here/.venv/bin:$here/node_modules/.bin:$PATH"
rm -rf out && mkdir -p out

step "start a sandbox"
cargo build --quiet --bin payctl --manifest-path "$root/Cargo.toml"
"$root/target/debug/payctl" sandbox --in-memory --json --listen 127.0.0.1:0 >out/ready.json 2>out/sandbox.log &
sandbox=$!
trap 'kill "$sandbox" 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -s out/ready.json ] && break; sleep 0.1; done
ready() { python3 -c "import json,sys; print(json.load(open('out/ready.json'))[sys.argv[1]])" "$1"; }
base="$(ready base_url)"
key="$(ready test_api_key)"
curl -fsS "$base/v1/openapi.json" -o out/openapi.json
curl -fsS "$base/v1/openapi.yaml" -o out/openapi.yaml

step "openapi-spec-validator"
openapi-spec-validator --validation-errors all out/openapi.json out/openapi.yaml

step "redocly lint (recommended rules, warnings fail too)"
redocly lint --config redocly.yaml --max-problems 50 out/openapi.json

step "openapi-typescript, compiled with tsc --strict"
openapi-typescript out/openapi.json -o out/ts/api.d.ts
tsc -p tsconfig.json

step "openapi-python-client"
openapi-python-client generate --path out/openapi.json --config python-client.yaml --meta none \
  --output-path out/python/payments_client --fail-on-warning

step "openapi-generator: python and typescript-fetch (spec validation on)"
for generator in python typescript-fetch; do
  openapi-generator-cli generate --input-spec out/openapi.json --generator-name "$generator" \
    --output "out/generator-$generator" --additional-properties packageName=payments_generated >"out/generator-$generator.log"
done
python -c "import sys; sys.path.insert(0, 'out/generator-python'); import payments_generated.api, payments_generated.models"
tsc --strict --noEmit --target es2022 --lib es2022,dom --module commonjs out/generator-typescript-fetch/index.ts

step "real flows: the generated Python client, the generated TypeScript types"
PYTHONPATH=out/python python flow.py "$base" "$key"
node out/flow-js/flow.js "$base" "$key"

step "webhook deliveries verified with stripe.WebhookSignature.verify_header"
python webhook_signature.py "$base" "$key"

step "the API reference page: the embedded Redoc is the published one, and renders offline in headless Chromium"
redoc_version=2.5.4
(cd out && npm pack --silent "redoc@$redoc_version" >/dev/null && tar xzf "redoc-$redoc_version.tgz" package/bundles)
cmp out/package/bundles/redoc.standalone.js "$root/sandbox/assets/redoc/redoc.standalone.js"
cmp out/package/bundles/redoc.standalone.js.LICENSE.txt "$root/sandbox/assets/redoc/redoc.standalone.js.LICENSE.txt"
if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
# The flags keep Chromium from reaching for Google's hosts; the page itself
# asks only the sandbox, and the machine has no other network anyway.
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$here/out/chromium" --virtual-time-budget=20000 \
  --dump-dom "$base/reference" >out/reference.html 2>out/chromium.log
python - <<'PY'
import json, re
document = json.load(open("out/openapi.json"))
ids = {op["operationId"] for item in document["paths"].values() for op in item.values()}
page = open("out/reference.html").read()
rendered = set(re.findall(r'id="operation/([A-Za-z]+)"', page))
assert "Something went wrong" not in page, "Redoc reported an error"
assert rendered == ids, f"not rendered: {sorted(ids - rendered)}; unknown: {sorted(rendered - ids)}"
assert "Create a transaction" in page and "ErrorEnvelope" in page
print(f"reference page: {len(rendered)} operations rendered")
PY
step "done"
