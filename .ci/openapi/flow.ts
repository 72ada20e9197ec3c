// One real flow through the types openapi-typescript generated from the
// document: customer -> approve -> quote -> accept -> beneficiary ->
// transaction (with an Idempotency-Key, sent twice) -> read it back, against
// a running sandbox. Every request body, path and answer is checked by
// `tsc --strict` against the generated `paths`.
// Usage: node flow.js BASE_URL TEST_API_KEY

import type { paths } from "./out/ts/api";

declare const process: { argv: string[]; exitCode?: number };

type Json<T> = T extends { content: { "application/json": infer B } } ? B : never;
type Method = "get" | "post";
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Body<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody: infer R } ? Json<R> : Operation<P, M> extends { requestBody?: infer R } ? Json<R> | undefined : never;
type Answer<P extends keyof paths, M extends Method, S extends number> =
  Operation<P, M> extends { responses: infer R } ? (S extends keyof R ? Json<R[S]> : never) : never;

interface Call<P extends keyof paths, M extends Method> {
  path?: Record<string, string>;
  body?: Body<P, M>;
  headers?: Record<string, string>;
}

const [base, key] = process.argv.slice(2);

async function call<P extends keyof paths, M extends Method, S extends number>(
  method: M,
  path: P,
  status: S,
  options: Call<P, M> = {},
): Promise<{ body: Answer<P, M, S>; headers: Headers }> {
  let url = String(path);
  for (const [name, value] of Object.entries(options.path ?? {})) {
    url = url.replace(`{${name}}`, encodeURIComponent(value));
  }
  const headers: Record<string, string> = { "X-API-Key": key, ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(base + url, {
    method: method.toUpperCase(),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (response.status !== status) {
    throw new Error(`${method} ${url}: expected ${status}, got ${response.status}: ${text}`);
  }
  return { body: JSON.parse(text) as Answer<P, M, S>, headers: response.headers };
}

function check(condition: boolean, what: string, value: unknown): void {
  if (!condition) throw new Error(`${what}: ${JSON.stringify(value)}`);
}

async function main(): Promise<void> {
  const email = `finance-${Date.now()}@acme.example`;
  const { body: customer } = await call("post", "/v1/customers", 201, {
    body: {
      type: "business",
      legal_name: "Acme Trading LLC",
      email,
      country: "AE",
      verification_level: "standard",
      tax_id: "100234567800003",
    },
  });
  check(customer.kyb_status === "pending" && customer.email === email, "new customer", customer);
  const { body: approved } = await call("post", "/sandbox/customers/{id}/approve", 200, { path: { id: customer.id } });
  check(approved.kyb_status === "approved", "approved customer", approved);

  const { body: quote } = await call("post", "/v1/transactions/quote", 201, {
    body: {
      corridor_id: "uae",
      source_asset: "AED",
      source_amount_minor: "100000",
      destination_asset: "EUR",
      destination_kind: "BANK",
      customer_id: customer.id,
    },
  });
  check(quote.status === "CREATED", "new quote", quote);
  const { body: accepted } = await call("post", "/v1/transactions/quote/{id}/accept", 200, { path: { id: quote.id } });
  check(accepted.status === "ACCEPTED" && accepted.id === quote.id, "accepted quote", accepted);

  const { body: beneficiary } = await call("post", "/v1/beneficiaries", 201, {
    body: {
      customer_id: customer.id,
      type: "business",
      full_name: "Berliner Handel GmbH",
      country: "DE",
      account: {
        kind: "BANK_ACCOUNT",
        destination_asset: "EUR",
        iban: "DE89370400440532013000",
        bank_name: "Commerzbank",
        bank_country: "DE",
      },
    },
  });
  // The discriminated union narrows on `kind`: `iban` exists only on the bank shape.
  const account = beneficiary.account;
  check(account.kind === "BANK_ACCOUNT" && account.iban === "DE89370400440532013000", "bank account", account);

  const idempotencyKey = crypto.randomUUID();
  const request = {
    body: { quote_id: quote.id, beneficiary_id: beneficiary.id },
    headers: { "Idempotency-Key": idempotencyKey },
  };
  const { body: transaction } = await call("post", "/v1/transactions", 201, request);
  check(transaction.state === "PENDING", "new transaction", transaction);
  check(transaction.destination_amount_minor === quote.destination_amount_minor, "paid amount", transaction);
  const replay = await call("post", "/v1/transactions", 201, request);
  check(replay.headers.get("idempotent-replayed") === "true" && replay.body.id === transaction.id, "replay", replay.body);

  const { body: again } = await call("get", "/v1/transactions/{id}", 200, { path: { id: transaction.id } });
  check(again.id === transaction.id && again.quote_id === quote.id && again.beneficiary_id === beneficiary.id, "read back", again);
  const created: number = Date.parse(again.created_at);
  check(!Number.isNaN(created), "created_at is a date-time", again.created_at);
  console.log(`typescript types flow: transaction ${again.id} ${again.state}, ${again.destination_amount_minor} EUR minor`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
