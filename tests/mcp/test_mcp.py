"""`payctl mcp` through the official Python MCP client, as a coding agent
meets it: initialize over stdio, the tools (one per operation of the route
table, each schema valid JSON Schema), a money flow, a fault, a drill and the
review, malformed input, a LIVE key, and the server's own sandbox."""

import json
import re
import urllib.error
from pathlib import Path

import anyio
import pytest
from jsonschema import Draft202012Validator

from conftest import ROOT, call, fails, get, session, text


def run(test):
    """Runs an async test body (the client is asynchronous)."""
    anyio.run(test)


def tools_list_size(tools):
    """The characters of tools/list's `tools`, compact JSON as sent."""
    dumped = [tool.model_dump(by_alias=True, exclude_none=True, mode="json") for tool in tools]
    return len(json.dumps(dumped, separators=(",", ":")))


def test_initialize_then_one_tool_per_operation_each_with_a_valid_schema(tmp_path):
    ready = tmp_path / "ready.json"

    async def body():
        async with session("--sandbox", "--ready-file", str(ready)) as client:
            info = client.initialize_result
            assert info.server_info.name == "payctl"
            assert "explain_error" in info.instructions and "idempotency_key" in info.instructions
            line = json.loads(ready.read_text())
            document = get(f"{line['base_url']}/v1/openapi.json")
            operations = {
                op["operationId"]: (method, path)
                for path, item in document["paths"].items()
                for method, op in item.items()
            }
            tools = (await client.list_tools()).tools
            names = [tool.name for tool in tools]
            assert len(names) == len(set(names))
            missing = set(operations) - set(names)
            assert not missing, f"operations without a tool: {sorted(missing)}"
            assert set(names) - set(operations) == {"explain_error"}
            for tool in tools:
                Draft202012Validator.check_schema(tool.input_schema)
                assert tool.input_schema["type"] == "object", tool.name
                assert tool.description, tool.name
            section = readme().split("\n## Use with coding agents\n")[1].split("\n## ")[0]
            unlisted = [name for name in names if f"`{name}`" not in section]
            assert not unlisted, f"README's tools by group lacks {unlisted}"
            by_name = {tool.name: tool for tool in tools}
            create = by_name["createCustomer"]
            assert create.input_schema["properties"]["body"]["$ref"] == "#/$defs/CreateCustomer"
            assert "idempotency_key" in create.input_schema["properties"]
            assert by_name["listCustomers"].annotations.read_only_hint is True
            assert by_name["deleteWebhook"].annotations.destructive_hint is True
            # Arguments are checked against the schema as an agent's client would.
            Draft202012Validator(by_name["getCustomer"].input_schema).validate({"id": "x"})
            size = tools_list_size(tools)
            print(f"tools/list: {len(tools)} tools, {size} characters")
            # About 34,000 tokens: what an agent reads before its first call. Raised from 130,000 when the
            # sandbox's 97th operation (deleteSandboxApplication, the clean-up of forks) came, and to
            # 137,000 when createFaultRule's body became one exact shape per fault kind (an agent's
            # rule is then checked before it is sent); a tool added after it must make room by
            # shortening descriptions, not by raising this again unasked.
            assert size < 137_000, f"tools/list grew to {size} characters"
            documented = re.search(r"tools/list`\s+of\s+all\s+(\d+)\s+tools\s+is\s+([\d,]+)\s+characters", readme())
            assert documented, "README states the size of tools/list"
            assert int(documented.group(1)) == len(tools)
            stated = int(documented.group(2).replace(",", ""))
            assert abs(stated - size) <= size * 0.05, f"README says {stated} characters, tools/list is {size}"
            # A group of tools only: smaller, and stated too.
        async with session("--sandbox", "--tools", "customers,quotes,transactions,sandbox,errors") as client:
            few = (await client.list_tools()).tools
            assert {"createCustomer", "startDrill", "explain_error"} <= {t.name for t in few}
            assert "createApplication" not in {t.name for t in few}
            size = tools_list_size(few)
            print(f"tools/list with five groups: {len(few)} tools, {size} characters")
            documented = re.search(r"five\s+groups,\s+(\d+)\s+tools\s+and\s+([\d,]+)\s+characters", readme())
            assert documented and int(documented.group(1)) == len(few)
            stated = int(documented.group(2).replace(",", ""))
            assert abs(stated - size) <= size * 0.05, f"README says {stated} characters, tools/list is {size}"

    run(body)


def readme():
    return (ROOT / "README.md").read_text()


async def verified_customer(client, name="Gulf Exports LLC"):
    customer = await call(
        client,
        "createCustomer",
        body={
            "type": "business",
            "legal_name": name,
            "email": f"ops-{name.split()[0].lower()}@example.com",
            "country": "AE",
            "verification_level": "standard",
            "tax_id": "TRN-100200301",
        },
    )
    approved = await call(client, "approveCustomer", id=customer["id"])
    assert approved["kyb_status"] == "approved"
    return customer


def test_a_customer_approved_quoted_and_paid():
    async def body():
        async with session("--sandbox") as client:
            created = await client.call_tool(
                "createCustomer",
                {"body": {"type": "business", "legal_name": "Acme", "email": "a@example.com", "country": "AE",
                          "verification_level": "standard", "tax_id": "T-1"}},
            )
            assert not created.is_error
            customer = text(created)
            assert customer["kyb_status"] == "pending"
            # The key the tool made comes back, and sent again replays the create.
            key = json.loads(created.content[1].text)["idempotency_key"]
            again = await call(client, "createCustomer", idempotency_key=key, body={
                "type": "business", "legal_name": "Acme", "email": "a@example.com", "country": "AE",
                "verification_level": "standard", "tax_id": "T-1"})
            assert again["id"] == customer["id"]
            assert (await call(client, "approveCustomer", id=customer["id"]))["kyb_status"] == "approved"
            beneficiary = await call(client, "createBeneficiary", body={
                "customer_id": customer["id"], "type": "individual", "full_name": "Hans Muller", "country": "DE",
                "gov_id_ref": "ID-12345",
                "account": {"kind": "BANK_ACCOUNT", "destination_asset": "EUR", "iban": "DE89370400440532013000",
                            "bank_name": "Commerzbank", "bank_country": "DE", "routing": "COBADEFFXXX"}})
            quote = await call(client, "createTransactionQuote", body={
                "corridor_id": "uae", "source_asset": "AED", "destination_asset": "EUR",
                "source_amount_minor": "100000", "destination_kind": "BANK", "customer_id": customer["id"]})
            accepted = await call(client, "acceptTransactionQuote", id=quote["id"])
            assert accepted["status"] == "ACCEPTED"
            transaction = await call(client, "createTransaction",
                                     body={"quote_id": quote["id"], "beneficiary_id": beneficiary["id"]})
            await call(client, "advanceSandboxClock", body={"seconds": 31})
            read = await call(client, "getTransaction", id=transaction["id"])
            assert read["id"] == transaction["id"] and read["state"] == "COMPLETED", read
            page = await call(client, "listTransactions", limit=1)
            assert [t["id"] for t in page["data"]] == [transaction["id"]]
            # The IBAN stays the API's own masked form; nothing is added to a list.
            assert set(page) == {"data", "pagination"}

    run(body)


def test_a_fault_rule_is_hit_then_listed_with_its_count():
    async def body():
        async with session("--sandbox") as client:
            rule = await call(client, "createFaultRule", body={
                "match": {"operation_id": "listCustomers"}, "fault": {"kind": "error", "status": 503}, "times": 1})
            failed = await fails(client, "listCustomers")
            assert failed["status"] == 503
            assert failed["error"]["code"] == "SERVICE_UNAVAILABLE"
            assert rule["id"] in failed["error"]["message"]
            assert failed["error"]["correlation_id"]
            # Sent once, not retried: the next call is the one that succeeds.
            assert (await call(client, "listCustomers"))["data"] == []
            rules = await call(client, "listFaultRules")
            assert [(r["id"], r["hits"], r["spent"]) for r in rules["data"]] == [(rule["id"], 1, True)]
            await call(client, "deleteFaultRule", id=rule["id"])
            assert (await call(client, "listFaultRules"))["data"] == []

    run(body)


def test_a_drill_then_the_review_with_its_checks_and_evidence():
    async def body():
        async with session("--sandbox") as client:
            drill = await call(client, "startDrill", body={})
            assert len(drill["rules"]) == 15
            customer = await verified_customer(client)
            # The drill's rules meet these calls: answers lost, a 429, a 503; each is the tool's answer.
            outcomes = []
            for _ in range(6):
                result = await client.call_tool("listCustomers", {})
                outcomes.append(text(result).get("status") if result.is_error else 200)
            review = await call(client, "getReview")
            assert review["verdict"] in ("pass", "fail")
            checks = {check["id"]: check for check in review["checks"]}
            assert len(checks) == 12
            assert checks["IDEMPOTENCY_KEY_SENT"]["status"] == "pass", checks["IDEMPOTENCY_KEY_SENT"]
            for check in checks.values():
                assert check["status"] in ("pass", "fail", "not_exercised")
                assert check["advice"]
            assert any(c["evidence"] for c in checks.values())
            assert 429 in outcomes or 503 in outcomes, outcomes
            # The evidence's requests are in the request log, each injected fault named.
            logs = await call(client, "listRequestLogs", limit=20)
            assert set(logs) == {"data", "next_cursor"}
            faulted = [log for log in logs["data"] if log["fault"]]
            assert faulted and all(log["fault"]["kind"] in ("rate_limit", "error") for log in faulted), faulted
            await call(client, "stopDrill")
            assert customer["id"]

    run(body)


def test_malformed_input_is_a_tool_error_with_the_envelope_and_the_session_goes_on():
    async def body():
        async with session("--sandbox") as client:
            bad = await fails(client, "createCustomer", body={"legal_name": 5})
            assert bad["status"] == 400
            assert bad["error"]["code"] == "VAL_0001"
            assert bad["error"]["correlation_id"]
            assert bad["error"]["details"] and all({"field", "code", "message"} <= set(d) for d in bad["error"]["details"])
            assert bad["idempotency_key"]
            unknown = await fails(client, "getCustomer", idd="x")
            assert unknown["error"]["code"] == "VAL_0001" and unknown["error"]["correlation_id"] is None
            assert {(d["field"], d["code"]) for d in unknown["error"]["details"]} == {("id", "required"), ("idd", "unknown_field")}
            missing = await fails(client, "getCustomer", id="0191f1b2-0000-7000-8000-000000000000")
            assert missing["status"] == 404 and missing["error"]["code"] == "CNT_0001"
            explained = await call(client, "explain_error", code="cnt_0001")
            assert explained["status"] == 404 and explained["docs"]["resource"].startswith("payctl://spec/")
            assert (await fails(client, "explain_error", code="NOPE"))["error"]["message"]
            with pytest.raises(Exception):
                await client.call_tool("noSuchTool", {})
            # The session is still there.
            assert (await call(client, "listCustomers"))["data"] == []

    run(body)


def test_a_live_key_is_refused_for_a_create_unless_allowed(sandbox):
    async def body():
        live = ["--ready", sandbox["path"], "--api-key", sandbox["live_api_key"]]
        async with session(*live) as client:
            assert "LIVE" in client.initialize_result.instructions
            refused = await fails(client, "createCustomer", body={"legal_name": "Acme"})
            assert "refused" in refused["error"]["message"] and "--allow-live" in refused["error"]["message"]
            assert (await call(client, "listCustomers"))["data"] == []
        assert get(f"{sandbox['base_url']}/v1/customers", sandbox["live_api_key"])["data"] == []
        async with session(*live, "--allow-live") as client:
            created = await call(client, "createCustomer", body={
                "type": "business", "legal_name": "Acme", "email": "live@example.com", "country": "AE",
                "verification_level": "standard", "tax_id": "T-1"})
            assert created["id"]

    run(body)


def test_secrets_are_masked_in_every_result(sandbox):
    async def body():
        async with session("--ready", sandbox["path"]) as client:
            hook = await call(client, "createWebhook", body={"url": "https://example.com/hook", "events": ["settlement.completed"]})
            assert hook["secret"] == "***"
            rotated = await call(client, "rotateWebhookSecret", id=hook["id"])
            assert rotated["secret"] == "***"
            assert not re.search(r"whsec_[A-Za-z0-9]{40}", json.dumps(rotated)), rotated
            app = sandbox["test_application_id"]
            key = await call(client, "createApiKey", id=app, body={"name": "agent"})
            assert key["client_secret"] == "***"
            token = await call(client, "createToken", body={
                "grant_type": "password", "client_id": sandbox["client_id"], "username": sandbox["username"],
                "password": sandbox["password"]})
            assert token["access_token"] == "***" and token["refresh_token"] == "***"
            # The dashboard tools sign in with the ready line's demo user.
            apps = await call(client, "listApplications")
            assert app in [a["id"] for a in apps["data"]]

    run(body)


def test_resources_and_prompts():
    async def body():
        async with session("--sandbox") as client:
            resources = {r.uri: r for r in (await client.list_resources()).resources}
            document = json.loads((await client.read_resource("payctl://openapi.json")).contents[0].text)
            assert document["openapi"].startswith("3.1")
            spec = (await client.read_resource("payctl://spec/go-live-review")).contents[0].text
            assert spec.startswith("## Go-live review") and "IDEMPOTENCY_KEY_SENT" in spec
            assert "payctl://spec/idempotency" in resources
            fixture = json.loads((await client.read_resource("payctl://fixtures/onboarding.json")).contents[0].text)
            assert fixture["steps"]
            prompts = {p.name for p in (await client.list_prompts()).prompts}
            assert prompts == {"go_live_review", "reproduce_ticket"}
            go_live = await client.get_prompt("go_live_review", {"test_command": "npm test"})
            words = go_live.messages[0].content.text
            assert "startDrill" in words and "getReview" in words and "npm test" in words
            ticket = await client.get_prompt("reproduce_ticket", {"export": "ticket-123.json"})
            assert "payctl fixtures run" in ticket.messages[0].content.text

    run(body)


def test_the_server_starts_its_own_sandbox_and_stops_it_with_the_client(tmp_path):
    ready = tmp_path / "ready.json"
    errors = open(tmp_path / "stderr.log", "w+")

    async def body():
        async with session("--sandbox", "--ready-file", str(ready), errlog=errors) as client:
            line = json.loads(ready.read_text())
            assert get(f"{line['base_url']}/health")
            clock = await call(client, "getSandboxClock")
            assert clock["now"]
        return line

    line = anyio.run(body)
    # The client closed stdin: the server stopped its sandbox and removed the ready line before it exited.
    assert not ready.exists(), "the ready file outlived the session"
    with pytest.raises(urllib.error.URLError):
        get(f"{line['base_url']}/health")
    errors.seek(0)
    assert errors.read() == ""


def test_the_readme_session_is_what_a_real_session_prints():
    """README "Use with coding agents": its worked session, run again."""
    from session import transcript

    block = re.search(r"<!-- mcp-session -->\n```\n(.*?)```", readme(), re.S)
    assert block, "README has the worked session"
    got = anyio.run(transcript)
    assert got == block.group(1), f"the README's session is stale; a run now prints:\n{got}"


def test_the_profile_mode_uses_the_profiles_base_url_key_and_login(sandbox, tmp_path):
    import subprocess

    from conftest import PAYCTL

    env = {"PAYCTL_CONFIG_DIR": str(tmp_path / "config"), "PAYCTL_CREDENTIAL_STORE": "file"}
    run_payctl = lambda *args, **kw: subprocess.run(  # noqa: E731
        [PAYCTL, *args], env={**__import__("os").environ, **env}, capture_output=True, text=True, timeout=60, **kw)
    assert run_payctl("config", "init", "--from-ready", sandbox["path"]).returncode == 0

    async def body(expect_login):
        async with session(env=env) as client:
            assert sandbox["base_url"] in client.initialize_result.instructions
            clock = await call(client, "getSandboxClock")
            assert clock["now"]
            if expect_login:
                apps = await call(client, "listApplications")
                assert sandbox["test_application_id"] in [a["id"] for a in apps["data"]]
            else:
                # No login yet: the tool says how to get one, and the session goes on.
                refused = await fails(client, "listApplications")
                assert "payctl login" in refused["error"]["message"], refused
                assert (await call(client, "listCustomers"))["data"] == []

    anyio.run(body, False)
    login = run_payctl("login", "--username", sandbox["username"], "--password-stdin", input=sandbox["password"])
    assert login.returncode == 0, login.stderr
    anyio.run(body, True)


def test_an_unknown_group_of_tools_is_a_usage_error_naming_the_groups():
    import subprocess

    from conftest import PAYCTL

    out = subprocess.run([PAYCTL, "mcp", "--sandbox", "--tools", "nope"], capture_output=True, text=True,
                         stdin=subprocess.DEVNULL, timeout=60)
    assert out.returncode == 2, out
    assert "--tools nope" in out.stderr and "customers" in out.stderr and "errors" in out.stderr
