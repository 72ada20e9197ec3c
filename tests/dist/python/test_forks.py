"""Forks per test with the plugin: the session's template application
(`payctl_template`) seeded from pytest.ini's `payctl_template`
(fixtures/onboarding.json, run as fixtures), a fork of it per test through
`payctl_fork`, deleted with `payctl_app`'s application as each test ends,
and a snapshot of it saved and made into another template."""

import json

import payctl_testing

LEFT_BEHIND = []


def customers(app):
    answer = app.request("GET", "/v1/customers")
    assert answer.status == 200, answer
    return answer.body["data"]


def test_the_template_holds_the_fixture_files_world(payctl_template):
    assert [(c["legal_name"], c["kyb_status"]) for c in customers(payctl_template)] == [
        ("Acme Trading LLC", "approved")
    ]
    assert payctl_template.ids == {}


def test_a_fork_reads_like_the_template_and_lives_apart(payctl_fork, payctl_template, payctl_app):
    fork = payctl_fork()
    LEFT_BEHIND.extend([fork, payctl_app])
    assert fork.forked_from == payctl_template.id
    assert fork.id != payctl_template.id and fork.api_key.startswith("sk_test_")
    original = customers(payctl_template)[0]
    copy = customers(fork)[0]
    assert copy["id"] == fork.ids[original["id"]] != original["id"]
    assert (copy["legal_name"], copy["kyb_status"]) == (original["legal_name"], original["kyb_status"])
    created = fork.request(
        "POST",
        "/v1/customers",
        {
            "type": "business",
            "legal_name": "Only In The Fork LLC",
            "email": "fork@example.com",
            "country": "AE",
            "verification_level": "standard",
            "tax_id": "TRN-1",
        },
    )
    assert created.status == 201, created
    before = payctl_template.clock()["offset_seconds"]
    fork.advance_clock(600)
    assert len(customers(fork)) == 2 and len(customers(payctl_template)) == 1
    assert payctl_template.clock()["offset_seconds"] == before
    # A fork of another application: payctl_app's, empty.
    assert customers(payctl_fork(payctl_app)) == []


def test_the_applications_of_earlier_tests_are_deleted(payctl_sandbox):
    assert len(LEFT_BEHIND) == 2
    token = payctl_sandbox.dashboard_token()
    for app in LEFT_BEHIND:
        assert app.request("GET", "/v1/customers").status == 401
        answer = payctl_testing.request(
            "GET", f"{payctl_sandbox.base_url}/v1/applications/{app.id}", headers={"Authorization": f"Bearer {token}"}
        )
        assert answer.status == 404, answer


def test_a_snapshot_makes_another_template(payctl_sandbox, payctl_template, tmp_path):
    document = payctl_template.snapshot()
    assert document["format"] == "payctl-snapshot/1"
    assert document["application"]["id"] == payctl_template.id
    path = tmp_path / "world.json"
    path.write_text(json.dumps(document))
    template = payctl_sandbox.new_template(path, name="from a file")
    try:
        assert template.name == "from a file"
        original = customers(payctl_template)[0]
        assert [c["id"] for c in customers(template)] == [template.ids[original["id"]]]
    finally:
        deleted = template.delete()
    assert deleted["id"] == template.id and deleted["deleted"]["customers"] == 1



def test_an_application_its_test_deleted_is_no_error_at_teardown(payctl_fork, payctl_app):
    fork = payctl_fork(payctl_app)
    assert fork.delete()["id"] == fork.id
    assert payctl_app.delete()["id"] == payctl_app.id
