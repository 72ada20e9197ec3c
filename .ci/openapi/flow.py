"""One real flow through the client openapi-python-client generated from the document.

customer -> approve -> quote -> accept -> beneficiary -> transaction (with an
Idempotency-Key, sent twice) -> read it back, against a running sandbox.
Usage: flow.py BASE_URL TEST_API_KEY (the generated package on sys.path).
"""

import sys
import uuid

from payments_client import AuthenticatedClient
from payments_client.api.beneficiaries import create_beneficiary
from payments_client.api.customers import create_customer, get_customer
from payments_client.api.quotes import accept_transaction_quote, create_transaction_quote
from payments_client.api.sandbox import approve_customer
from payments_client.api.transactions import create_transaction, get_transaction
from payments_client.models import (
    AssetCode,
    Beneficiary,
    BankAccount,
    BeneficiaryType,
    Country,
    CreateBankAccount,
    CreateBankAccountKind,
    CreateBeneficiary,
    CreateCustomer,
    CreateTransaction,
    CreateTransactionQuote,
    Customer,
    CustomerType,
    DestinationKind,
    FiatCode,
    Transaction,
    TransactionQuote,
    VerificationLevel,
)


def expect(value, kind):
    """The generated functions answer the parsed body of any documented status."""
    if not isinstance(value, kind):
        raise SystemExit(f"expected {kind.__name__}, got {value!r}")
    return value


def main(base_url: str, key: str) -> None:
    client = AuthenticatedClient(base_url=base_url, token=key, prefix="", auth_header_name="X-API-Key")
    email = f"finance-{uuid.uuid4().hex[:12]}@acme.example"
    customer = expect(
        create_customer.sync(
            client=client,
            body=CreateCustomer(
                type_=CustomerType.BUSINESS,
                legal_name="Acme Trading LLC",
                email=email,
                country=Country.AE,
                verification_level=VerificationLevel.STANDARD,
                tax_id="100234567800003",
            ),
        ),
        Customer,
    )
    assert customer.kyb_status == "pending" and customer.email == email, customer
    approved = expect(approve_customer.sync(customer.id, client=client), Customer)
    assert approved.kyb_status == "approved" and approved.kyb_decided_at is not None, approved
    read = expect(get_customer.sync(customer.id, client=client), Customer)
    assert read.kyb_status == "approved" and read.created_at == customer.created_at, read

    quote = expect(
        create_transaction_quote.sync(
            client=client,
            body=CreateTransactionQuote(
                corridor_id="uae",
                source_asset=AssetCode.AED,
                source_amount_minor="100000",
                destination_asset=AssetCode.EUR,
                destination_kind=DestinationKind.BANK,
                customer_id=uuid.UUID(customer.id),
            ),
        ),
        TransactionQuote,
    )
    assert quote.status == "CREATED" and quote.expires_at > quote.created_at, quote
    accepted = expect(accept_transaction_quote.sync(quote.id, client=client), TransactionQuote)
    assert accepted.status == "ACCEPTED" and accepted.id == quote.id, accepted

    beneficiary = expect(
        create_beneficiary.sync(
            client=client,
            body=CreateBeneficiary(
                customer_id=uuid.UUID(customer.id),
                type_=BeneficiaryType.BUSINESS,
                full_name="Berliner Handel GmbH",
                country=Country.DE,
                account=CreateBankAccount(
                    kind=CreateBankAccountKind.BANK_ACCOUNT,
                    destination_asset=FiatCode.EUR,
                    iban="DE89 3704 0044 0532 0130 00",
                    bank_name="Commerzbank",
                    bank_country=Country.DE,
                ),
            ),
        ),
        Beneficiary,
    )
    # The discriminated union parsed the answer into the bank shape.
    account = expect(beneficiary.account, BankAccount)
    assert account.iban == "DE89370400440532013000", account

    key_value = str(uuid.uuid4())
    body = CreateTransaction(quote_id=quote.id, beneficiary_id=beneficiary.id)
    created = create_transaction.sync_detailed(client=client, body=body, idempotency_key=key_value)
    transaction = expect(created.parsed, Transaction)
    assert created.status_code == 201 and transaction.state == "PENDING", created
    assert transaction.destination_amount_minor == quote.destination_amount_minor, transaction
    replay = create_transaction.sync_detailed(client=client, body=body, idempotency_key=key_value)
    assert replay.headers.get("idempotent-replayed") == "true", replay.headers
    assert expect(replay.parsed, Transaction).id == transaction.id, replay

    again = expect(get_transaction.sync(transaction.id, client=client), Transaction)
    assert (again.id, again.quote_id, again.beneficiary_id) == (transaction.id, quote.id, beneficiary.id), again
    by_external = expect(get_transaction.sync(transaction.external_id, client=client), Transaction)
    assert by_external.id == transaction.id, by_external
    print(f"python client flow: transaction {transaction.id} {again.state}, {again.destination_amount_minor} EUR minor")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
