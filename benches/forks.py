"""Forks and snapshots of worlds of 100, 500, 1,000 and 10,000 customers and
as many transactions (with their ledger), against a release `payctl sandbox`,
in memory and on a file; then a 200-test pytest suite with a fork of a
seeded application per test against the same suite building its world
through the API in every test. Run by benches/forks.sh, which builds the
binary; prints Markdown tables (min, median, max of each figure). A
snapshot loads through the load's own 32 MiB body limit, so load is
measured where the document fits (10,000 and 10,000 is about 24 MiB).

    python3 benches/forks.py PAYCTL [SIZES] [RUNS]
    BASELINE=OTHER_PAYCTL python3 benches/forks.py PAYCTL [SIZES] [RUNS]   # before and after, in turn
    POSTGRES_URL=postgres://… python3 benches/forks.py PAYCTL [SIZES] [RUNS]   # on PostgreSQL too
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

BINARY = sys.argv[1]
SIZES = [int(n) for n in (sys.argv[2] if len(sys.argv) > 2 else "100,500,1000,10000").split(",")]
RUNS = int(sys.argv[3]) if len(sys.argv) > 3 else 5
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WALLET = "0x52908400098527886E0F7030069857D2E4169EE7"


def call(method, url, body=None, headers=None):
    # bytes go as they are: a saved snapshot is sent as saved, as `payctl sandbox snapshot load FILE` sends it
    data = body if isinstance(body, bytes) else None if body is None else json.dumps(body).encode()
    sent = {"Content-Type": "application/json", "Idempotency-Key": str(uuid.uuid4()), **(headers or {})}
    request = urllib.request.Request(url, data=data, headers=sent, method=method)
    try:
        with urllib.request.urlopen(request, timeout=600) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as answer:
        return answer.code, answer.read()


def ok(method, url, body=None, headers=None):
    status, raw = call(method, url, body, headers)
    if not 200 <= status < 300:
        raise SystemExit(f"{method} {url}: {status} {raw[:300]!r}")
    return json.loads(raw) if raw else None


# With POSTGRES_URL set (postgres://…, as `.ci/hosted/postgres.sh start` prints), each figure is also taken
# on PostgreSQL: a schema of its own per sandbox, dropped after.
POSTGRES_URL = os.environ.get("POSTGRES_URL")
STORAGES = ("memory", "file", "postgres") if POSTGRES_URL else ("memory", "file")


def storage_args(storage, directory, label="sandbox"):
    """The `payctl sandbox` arguments of a storage, made in `directory`."""
    if storage == "memory":
        return ["--in-memory"]
    if storage == "file":
        return ["--db", os.path.join(directory, f"{label}.db")]
    schema = f"bench_{os.path.basename(directory).replace('-', '_')}_{label}".lower()
    subprocess.run(["psql", "-q", POSTGRES_URL, "-c", f"CREATE SCHEMA {schema}"], check=True)
    separator = "&" if "?" in POSTGRES_URL else "?"
    url = f"{POSTGRES_URL}{separator}options=-csearch_path%3D{schema}"
    return ["--db", url, "--key-file", os.path.join(directory, f"{label}.key")]


def drop_schemas(directory):
    """Drops the schemas `storage_args` made for `directory`."""
    if POSTGRES_URL:
        prefix = f"bench_{os.path.basename(directory).replace('-', '_')}_".lower()
        subprocess.run(["psql", "-q", POSTGRES_URL, "-c", "SET client_min_messages = warning; "
                        "DO $$ DECLARE s text; BEGIN FOR s IN SELECT nspname FROM pg_namespace WHERE nspname LIKE "
                        f"'{prefix}%' LOOP EXECUTE format('DROP SCHEMA %I CASCADE', s); END LOOP; END $$"],
                       check=False)


class Sandbox:
    def __init__(self, storage, binary=None):
        self.process = subprocess.Popen(
            [binary or BINARY, "sandbox", "--json", "--listen", "127.0.0.1:0", "--rate-limit", "off", *storage],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.ready = json.loads(self.process.stdout.readline())
        self.base = self.ready["base_url"]
        self.key = {"X-API-Key": self.ready["test_api_key"]}
        self.control = {"Authorization": f"Bearer {self.ready['control_token']}"}

    def stop(self):
        self.process.terminate()
        self.process.wait()


def build_world(sb, n):
    """n customers and n transactions (USD into USDC, to one verified customer's beneficiary)."""
    base, key = sb.base, sb.key

    def customer(i):
        return ok("POST", f"{base}/v1/customers", {
            "type": "business", "legal_name": f"Bench {i} LLC", "email": f"bench-{i}@example.com",
            "country": "AE", "verification_level": "standard", "tax_id": f"TRN-{i}"}, key)["id"]

    with ThreadPoolExecutor(8) as pool:
        ids = list(pool.map(customer, range(n)))
    ok("POST", f"{base}/sandbox/customers/{ids[0]}/approve", None, key)
    beneficiary = ok("POST", f"{base}/v1/beneficiaries", {
        "customer_id": ids[0], "type": "business", "full_name": "Bench Payee", "country": "DE",
        "account": {"kind": "STABLECOIN_WALLET", "destination_asset": "USDC", "network": "ethereum",
                    "address": WALLET}}, key)["id"]

    def transaction(_):
        quote = ok("POST", f"{base}/v1/transactions/quote", {
            "corridor_id": "USD-USDC", "source_asset": "USD", "source_amount_minor": "10000",
            "destination_asset": "USDC", "destination_kind": "STABLECOIN"}, key)["id"]
        ok("POST", f"{base}/v1/transactions/quote/{quote}/accept", None, key)
        ok("POST", f"{base}/v1/transactions", {"quote_id": quote, "beneficiary_id": beneficiary}, key)

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(transaction, range(n)))


def timed(work):
    started = time.perf_counter()
    result = work()
    return (time.perf_counter() - started) * 1000, result


def spread(values):
    return f"{min(values):.1f} / {statistics.median(values):.1f} / {max(values):.1f}"


def forks_and_snapshots():
    rows = []
    for storage in STORAGES:
        for n in SIZES:
            directory = tempfile.mkdtemp(prefix="payctl-forks-")
            sb = Sandbox(storage_args(storage, directory))
            try:
                build_world(sb, n)
                app = {"application_id": sb.ready["test_application_id"]}
                fork_ms, save_ms, copied = [], [], None
                for _ in range(RUNS):
                    ms, forked = timed(lambda: ok("POST", f"{sb.base}/sandbox/fork", app, sb.control))
                    fork_ms.append(ms)
                    copied = sum(forked["copied"].values())
                    ok("DELETE", f"{sb.base}/sandbox/applications/{forked['application']['id']}", None, sb.control)
                    ms, _ = timed(lambda: call("GET", f"{sb.base}/sandbox/snapshot", None, sb.key))
                    save_ms.append(ms)
                _, raw = call("GET", f"{sb.base}/sandbox/snapshot", None, sb.key)
                load = "over 32 MiB"
                if len(raw) <= 32 * 1024 * 1024:
                    load_ms = []
                    for _ in range(RUNS):
                        ms, loaded = timed(lambda: ok("POST", f"{sb.base}/sandbox/snapshot", raw, sb.key))
                        load_ms.append(ms)
                        ok("DELETE", f"{sb.base}/sandbox/applications/{loaded['application']['id']}", None, sb.control)
                    load = spread(load_ms)
                rows.append((storage, n, copied, len(raw), spread(fork_ms), spread(save_ms), load))
            finally:
                sb.stop()
                drop_schemas(directory)
                subprocess.run(["rm", "-rf", directory], check=False)
            print(f"  {storage} {n}: done", file=sys.stderr)
    print("| storage | customers + transactions | rows copied | snapshot bytes | fork ms (min / median / max) "
          "| snapshot save ms | snapshot load ms |")
    print("|---|---|---|---|---|---|---|")
    for storage, n, copied, size, fork, save, load in rows:
        print(f"| {storage} | {n:,} + {n:,} | {copied:,} | {size:,} | {fork} | {save} | {load} |")


def figures(sb, raw):
    """One fork, one save and one load of sb's world (ms); the new applications deleted again."""
    app = {"application_id": sb.ready["test_application_id"]}
    fork_ms, forked = timed(lambda: ok("POST", f"{sb.base}/sandbox/fork", app, sb.control))
    ok("DELETE", f"{sb.base}/sandbox/applications/{forked['application']['id']}", None, sb.control)
    save_ms, _ = timed(lambda: call("GET", f"{sb.base}/sandbox/snapshot", None, sb.key))
    load_ms, loaded = timed(lambda: ok("POST", f"{sb.base}/sandbox/snapshot", raw, sb.key))
    ok("DELETE", f"{sb.base}/sandbox/applications/{loaded['application']['id']}", None, sb.control)
    return fork_ms, save_ms, load_ms


def compare(baseline):
    """This binary (A) against BASELINE (B): the same world in a sandbox of each, their figures taken in turn."""
    print("| storage | customers + transactions | binary | fork ms (min / median / max) | snapshot save ms "
          "| snapshot load ms |")
    print("|---|---|---|---|---|---|")
    for storage in STORAGES:
        for n in SIZES:
            directory = tempfile.mkdtemp(prefix="payctl-forks-")
            pair = []
            try:
                for label, binary in (("A", BINARY), ("B", baseline)):
                    sb = Sandbox(storage_args(storage, directory, label), binary)
                    pair.append((label, sb))
                    build_world(sb, n)
                raws = [call("GET", f"{sb.base}/sandbox/snapshot", None, sb.key)[1] for _, sb in pair]
                taken = {label: ([], [], []) for label, _ in pair}
                for _ in range(RUNS):
                    for (label, sb), raw in zip(pair, raws):
                        for values, ms in zip(taken[label], figures(sb, raw)):
                            values.append(ms)
                for label, (fork_ms, save_ms, load_ms) in taken.items():
                    print(f"| {storage} | {n:,} + {n:,} | {label} | {spread(fork_ms)} | {spread(save_ms)} "
                          f"| {spread(load_ms)} |", flush=True)
            finally:
                for _, sb in pair:
                    sb.stop()
                drop_schemas(directory)
                subprocess.run(["rm", "-rf", directory], check=False)


SUITE_FORKS = '''
import pytest

@pytest.mark.parametrize("n", range(200))
def test_on_a_fork(payctl_fork, n):
    world = payctl_fork()
    assert len(world.request("GET", "/v1/customers").body["data"]) == 1
'''

SUITE_API = '''
import pytest, uuid

WALLET = "0x52908400098527886E0F7030069857D2E4169EE7"

@pytest.mark.parametrize("n", range(200))
def test_through_the_api(payctl_app, n):
    app = payctl_app
    customer = app.request("POST", "/v1/customers", {"type": "business", "legal_name": "Acme Trading LLC",
        "email": "ops@acme.example", "country": "AE", "verification_level": "standard",
        "tax_id": "TRN-100200300"}).body["id"]
    assert app.request("POST", f"/sandbox/customers/{customer}/approve").status == 200
    assert app.request("POST", "/v1/beneficiaries", {"customer_id": customer, "type": "individual",
        "full_name": "Hans Muller", "country": "DE", "gov_id_ref": "ID-12345", "account": {"kind": "BANK_ACCOUNT",
        "destination_asset": "EUR", "iban": "DE89 3704 0044 0532 0130 00", "bank_name": "Commerzbank",
        "bank_country": "DE", "routing": "COBADEFFXXX"}}).status == 201
    assert app.request("POST", "/v1/accounts", {"type": "stablecoin", "currency": "USDC", "network": "ethereum",
        "wallet_mode": "mpc", "label": "Treasury"}).status == 201
    assert app.request("POST", "/v1/webhooks", {"url": "https://hooks.example.com/payments",
        "events": ["settlement.completed", "customer.kyb_approved"]}).status == 201
    assert len(app.request("GET", "/v1/customers").body["data"]) == 1
'''


def suites():
    times = {"fork per test": [], "world through the API per test": []}
    for _ in range(RUNS):
        for label, source in (("fork per test", SUITE_FORKS), ("world through the API per test", SUITE_API)):
            with tempfile.TemporaryDirectory(prefix="payctl-suite-") as project:
                with open(os.path.join(project, "test_suite.py"), "w") as f:
                    f.write(source)
                with open(os.path.join(project, "pytest.ini"), "w") as f:
                    f.write("[pytest]\npayctl_sandbox_args = --rate-limit off\n"
                            f"payctl_template = {ROOT}/fixtures/onboarding.json\n")
                env = {**os.environ, "PYTHONPATH": os.path.join(ROOT, "python"), "PAYCTL_BINARY_PATH": BINARY}
                ms, run = timed(lambda: subprocess.run(
                    [sys.executable, "-m", "pytest", "-q", "-p", "payctl_testing.plugin", "-p", "no:cacheprovider",
                     "--rootdir", project, project], env=env, capture_output=True))
                if run.returncode != 0:
                    raise SystemExit(f"{label}: {run.stdout.decode()[-2000:]}")
                times[label].append(ms / 1000)
    print("| 200-test pytest suite | seconds (min / median / max) |")
    print("|---|---|")
    for label, values in times.items():
        print(f"| {label} | {min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f} |")


if __name__ == "__main__":
    if os.environ.get("BASELINE"):
        compare(os.environ["BASELINE"])
        sys.exit(0)
    forks_and_snapshots()
    print()
    suites()
