"""The worked session of README "Use with coding agents": run against
`payctl mcp --sandbox` through the official client, printed as the README
shows it (`>` a tool call, `<` its result, `!` a tool error). Ids, times and
keys differ on every run and are printed as `<id>`, `<time>` and `<key>`.

Run it alone to print the session: python tests/mcp/session.py"""

import json
import re

import anyio

from conftest import session

CUSTOMER = {
    "type": "business",
    "legal_name": "Gulf Exports LLC",
    "email": "ops@gulf.example",
    "country": "AE",
    "verification_level": "standard",
    "tax_id": "TRN-100200301",
}


def steady(text):
    """The text with what changes from run to run replaced by placeholders."""
    text = re.sub(r"\b(payctl-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", "<id>", text)
    text = re.sub(r"\b(flt|wh|evt|tr)_[0-9a-zA-Z]+\b", r"\1_<id>", text)
    text = re.sub(r"http://127\.0\.0\.1:\d+", "http://127.0.0.1:<port>", text)
    return re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", "<time>", text)


async def transcript():
    lines = []

    async def tool(client, name, abridge=None, **arguments):
        lines.append(f"> {name} {json.dumps(arguments, separators=(',', ':'))}" if arguments else f"> {name}")
        result = await client.call_tool(name, arguments)
        answer = json.loads(result.content[0].text)
        shown = abridge(answer) if abridge and not result.is_error else answer
        mark = "!" if result.is_error else "<"
        lines.append(f"{mark} {json.dumps(shown, separators=(',', ':'))}")
        for block in result.content[1:]:
            lines.append(f"< {block.text}")
        return answer

    async with session("--sandbox") as client:
        await tool(client, "startDrill", lambda d: {"started_at": d["started_at"], "rules": len(d["rules"])}, body={})
        customer = await tool(client, "createCustomer", body=CUSTOMER)
        await tool(client, "approveCustomer", lambda c: {k: c[k] for k in ("id", "kyb_status")}, id=customer["id"])
        quote = {"corridor_id": "uae", "source_asset": "AED", "destination_asset": "EUR",
                 "source_amount_minor": "100000", "destination_kind": "BANK", "customer_id": customer["id"]}
        lost = await tool(client, "createTransactionQuote", body=quote)
        key = lost["idempotency_key"]
        limited = await tool(client, "createTransactionQuote", body=quote, idempotency_key=key)
        await tool(client, "explain_error", code=limited["error"]["code"])
        await anyio.sleep(2.2)
        lines.append("(2 s later, as Retry-After asks)")
        await tool(
            client,
            "createTransactionQuote",
            lambda q: {k: q[k] for k in ("id", "status", "source_amount_minor", "destination_amount_minor")},
            body=quote,
            idempotency_key=key,
        )
        await tool(
            client,
            "getReview",
            lambda r: {"verdict": r["verdict"], "checks": {c["id"]: c["status"] for c in r["checks"]}},
        )
    return steady("\n".join(lines) + "\n")


if __name__ == "__main__":
    print(anyio.run(transcript), end="")
