"""The pytest plugin as a CI author uses it: one sandbox for the session
(`payctl_sandbox`), and a TEST application per test (`payctl_app`) whose
data and clock are its own. Both clock tests create a customer with the same
e-mail address (unique per application: a shared application would answer
409) and each finds its clock moved by exactly its own advance."""

import os
from datetime import datetime, timedelta
from importlib.metadata import version

from packaging.version import Version

EMAIL = "owner@example.com"


def create_customer(app, legal_name):
    answer = app.request(
        "POST",
        "/v1/customers",
        {
            "type": "business",
            "legal_name": legal_name,
            "email": EMAIL,
            "country": "AE",
            "verification_level": "standard",
            "tax_id": "TRN-100200300",
        },
    )
    assert answer.status == 201, answer
    assert answer.body["kyb_status"] == "pending"
    return answer.body


def timestamp(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def assert_only(app, customer, status):
    got = app.request("GET", f"/v1/customers/{customer['id']}")
    assert got.status == 200, got
    assert got.body["kyb_status"] == status
    # Decided 60 s after creation on the application's own clock.
    assert timestamp(got.body["kyb_decided_at"]) - timestamp(customer["created_at"]) == timedelta(seconds=60)
    listed = app.request("GET", "/v1/customers")
    assert listed.status == 200, listed
    assert [c["id"] for c in listed.body["data"]] == [customer["id"]]


def assert_own_clock(app, clock, seconds, sandbox):
    assert clock["scope"] == "application"
    assert clock["application_id"] == app.id
    assert clock["offset_seconds"] == seconds
    assert clock["global_offset_seconds"] == 0
    # The session's shared TEST application has not moved either.
    assert sandbox.test_app.clock()["offset_seconds"] == 0


def test_the_session_sandbox(payctl_sandbox):
    assert payctl_sandbox.running
    assert payctl_sandbox.base_url.startswith("http://127.0.0.1:")
    assert payctl_sandbox.test_api_key.startswith("sk_test_")
    assert payctl_sandbox.live_api_key.startswith("sk_live_")
    assert payctl_sandbox.control_token.startswith("ctl_")
    assert payctl_sandbox.database == "memory"
    # Cargo.toml's version: the binary's, and the wheel's in PEP 440 form.
    assert payctl_sandbox.version == os.environ["PAYCTL_EXPECTED_VERSION"]
    assert version("payctl") == str(Version(os.environ["PAYCTL_EXPECTED_VERSION"]))
    answer = payctl_sandbox.test_app.request("GET", "/v1/customers")
    assert answer.status == 200, answer
    assert answer.body["data"] == []
    # pytest.ini's payctl_sandbox_args reached the sandbox.
    assert answer.headers["X-RateLimit-Limit"] == "1000"


def test_approval_on_its_own_clock(payctl_sandbox, payctl_app):
    assert payctl_app.id != payctl_sandbox.test_application_id
    customer = create_customer(payctl_app, "Own Clock Trading LLC")
    assert_own_clock(payctl_app, payctl_app.advance_clock(120), 120, payctl_sandbox)
    assert_only(payctl_app, customer, "approved")


def test_rejection_on_its_own_clock(payctl_sandbox, payctl_app):
    customer = create_customer(payctl_app, "Please REJECT Holdings")
    assert_own_clock(payctl_app, payctl_app.advance_clock(3600), 3600, payctl_sandbox)
    assert_only(payctl_app, customer, "rejected")


def test_clock(payctl_sandbox, payctl_app):  # the README's example, as it is there
    assert payctl_app.request("GET", "/v1/customers").status == 200
    payctl_app.advance_clock(3600)  # this test's application only
    assert payctl_app.clock()["offset_seconds"] == 3600
    assert payctl_sandbox.test_app.clock()["offset_seconds"] == 0
