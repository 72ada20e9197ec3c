//! OpenAPI links of the stateful chains: what a response's id feeds next
//! (customer → beneficiary, quote → accept → transaction → read...), so
//! stateful testers and readers can follow them.
//!
//! A link into a path or query parameter carries the expression. A link
//! into a request body says in words which field takes the id: the
//! specification allows an object with expressions there, but
//! openapi-generator's parser refuses any `requestBody` that is not a
//! string, and a generator that refuses the document is worse.

use serde_json::json;
use utoipa::openapi::extensions::Extensions;
use utoipa::openapi::link::Link;
use utoipa::openapi::{OpenApi, RefOr};

/// The id of the answered resource.
const ID: &str = "$response.body#/id";
/// The id of the application a fork or a snapshot load made.
const FORKED: &str = "$response.body#/application/id";

/// `(from operationId, status, link name, to operationId, parameters and their expressions, the body field
/// that takes the id)`.
type Chain = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
    Option<&'static str>,
);

pub fn chains() -> Vec<Chain> {
    vec![
        ("createCustomer", "201", "GetCustomer", "getCustomer", &[("id", ID)], None),
        ("createCustomer", "201", "ApproveCustomer", "approveCustomer", &[("id", ID)], None),
        ("createCustomer", "201", "StartKybVerification", "startKybVerification", &[], Some("customer_id")),
        ("createCustomer", "201", "ListBeneficiaries", "listBeneficiaries", &[("customer_id", ID)], None),
        ("createCustomer", "201", "ListCustomerAccounts", "listCustomerAccounts", &[("customer_id", ID)], None),
        ("createParticipant", "201", "GetParticipant", "getParticipant", &[("id", ID)], None),
        ("createCounterparty", "201", "GetCounterparty", "getCounterparty", &[("id", ID)], None),
        ("createBeneficiary", "201", "GetBeneficiary", "getBeneficiary", &[("id", ID)], None),
        ("createTransactionQuote", "201", "GetTransactionQuote", "getTransactionQuote", &[("id", ID)], None),
        ("createTransactionQuote", "201", "AcceptTransactionQuote", "acceptTransactionQuote", &[("id", ID)], None),
        ("acceptTransactionQuote", "200", "CreateTransaction", "createTransaction", &[], Some("quote_id")),
        ("createTransaction", "201", "GetTransaction", "getTransaction", &[("id", ID)], None),
        ("createLegacyQuote", "201", "AcceptLegacyQuote", "acceptLegacyQuote", &[("id", ID)], None),
        ("createCorridorQuote", "201", "AcceptLegacyQuote", "acceptLegacyQuote", &[("id", ID)], None),
        ("acceptLegacyQuote", "200", "CreatePayment", "createPayment", &[], Some("quote_id")),
        ("createPayment", "201", "GetPayment", "getPayment", &[("id", ID)], None),
        ("createPayment", "201", "FundPayment", "fundPayment", &[("id", ID)], None),
        ("createTransfer", "201", "GetTransfer", "getTransfer", &[("id", ID)], None),
        ("createPayin", "201", "GetTransfer", "getTransfer", &[("id", ID)], None),
        ("createPayout", "201", "GetTransfer", "getTransfer", &[("id", ID)], None),
        ("createBridge", "201", "GetTransfer", "getTransfer", &[("id", ID)], None),
        ("createSwap", "201", "GetSwap", "getSwap", &[("id", "$response.body#/fx_id")], None),
        ("createAccount", "201", "GetAccount", "getAccount", &[("id", ID)], None),
        ("createWebhook", "201", "GetWebhook", "getWebhook", &[("id", ID)], None),
        ("createWebhook", "201", "ListWebhookDeliveries", "listWebhookDeliveries", &[("id", ID)], None),
        ("createApplication", "201", "GetApplication", "getApplication", &[("id", ID)], None),
        ("createApplication", "201", "CreateApiKey", "createApiKey", &[("id", ID)], None),
        ("createApiKey", "201", "RevokeApiKey", "revokeApiKey", &[("id", "$request.path.id"), ("key_id", ID)], None),
        ("createLegacyQuote", "201", "GetLegacyQuote", "getLegacyQuote", &[("id", ID)], None),
        ("createCorridorQuote", "201", "GetLegacyQuote", "getLegacyQuote", &[("id", ID)], None),
        ("createTransaction", "201", "CompleteTransaction", "completeTransaction", &[("id", ID)], None),
        ("createTransaction", "201", "FailTransaction", "failTransaction", &[("id", ID)], None),
        ("createFaultRule", "201", "DeleteFaultRule", "deleteFaultRule", &[("id", ID)], None),
        ("forkApplication", "201", "GetSnapshot", "getSnapshot", &[("application_id", FORKED)], None),
        ("forkApplication", "201", "GetReview", "getReview", &[("application_id", FORKED)], None),
    ]
}

pub fn add(api: &mut OpenApi) {
    for (from, status, name, to, parameters, body) in chains() {
        let Some(op) = super::find_operation(api, from) else { continue };
        let Some(RefOr::T(response)) = op.responses.responses.get_mut(status) else { continue };
        // utoipa 5.5 serialises `Link`'s own fields in snake case
        // (`operation_id`), which no tool reads; its extensions are
        // flattened as given, so the fields travel there under their names.
        let mut fields = vec![("operationId", json!(to))];
        if !parameters.is_empty() {
            fields.push(("parameters", parameters.iter().map(|(p, e)| (p.to_string(), json!(e))).collect()));
        }
        if let Some(field) = body {
            fields.push(("description", json!(format!("Send this answer's `id` as `{field}` in the body of `{to}`."))));
        }
        let mut link = Link::default();
        link.extensions = Some(Extensions::from_iter(fields));
        response.links.insert(name.to_owned(), link.into());
    }
}
