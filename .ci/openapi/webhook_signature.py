"""Real webhook deliveries of the sandbox, verified with the `stripe` package.

The sandbox signs `X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`,
the construction of Stripe's `Stripe-Signature`, so a partner can verify it
with `stripe.WebhookSignature.verify_header`. This registers an endpoint on a
loopback receiver, triggers every event type, and checks that each delivery
verifies, and that a changed body, another secret and an old timestamp do not.
Usage: webhook_signature.py BASE_URL TEST_API_KEY
"""

import http.server
import json
import sys
import threading
import time
import urllib.request

import stripe

EVENTS = [
    "settlement.created",
    "settlement.completed",
    "settlement.failed",
    "customer.kyb_approved",
    "customer.kyb_rejected",
    "on_ramp.completed",
    "off_ramp.completed",
]


class Receiver(http.server.BaseHTTPRequestHandler):
    deliveries: list = []

    def do_POST(self):  # noqa: N802 (the handler's name is http.server's)
        body = self.rfile.read(int(self.headers["Content-Length"]))
        Receiver.deliveries.append((self.headers["X-Service-Signature"], self.headers["X-Service-Event"], body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


def call(base, key, method, path, body=None):
    request = urllib.request.Request(
        base + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"X-API-Key": key, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def refused(payload, header, secret):
    try:
        stripe.WebhookSignature.verify_header(payload, header, secret, tolerance=300)
    except stripe.SignatureVerificationError:
        return True
    return False


def main(base, key):
    server = http.server.HTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/hooks"
    endpoint = call(base, key, "POST", "/v1/webhooks", {"url": url, "events": EVENTS})
    secret = endpoint["secret"]
    for event in EVENTS:
        call(base, key, "POST", "/sandbox/events/trigger", {"event": event})
    deadline = time.time() + 30
    while len(Receiver.deliveries) < len(EVENTS) and time.time() < deadline:
        time.sleep(0.1)
    server.shutdown()
    assert sorted(e for _, e, _ in Receiver.deliveries) == sorted(EVENTS), Receiver.deliveries

    for header, event, body in Receiver.deliveries:
        payload = body.decode()
        # Raises SignatureVerificationError unless the signature and timestamp hold.
        assert stripe.WebhookSignature.verify_header(payload, header, secret, tolerance=300), event
        assert json.loads(payload)["event"] == event, payload
        assert refused(payload.replace('"', "'", 1), header, secret), f"{event}: a changed body verified"
        assert refused(payload, header, secret + "x"), f"{event}: another secret verified"
        t, v1 = (part.split("=", 1)[1] for part in header.split(","))
        stale = f"t={int(t) - 3600},v1={v1}"
        assert refused(payload, stale, secret), f"{event}: an hour-old timestamp verified"
    print(f"stripe.WebhookSignature.verify_header: {len(Receiver.deliveries)} deliveries verified, forgeries refused")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
