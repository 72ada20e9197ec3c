// End-to-end journeys of the sandbox console in a real browser: Playwright
// (playwright-core, no bundled browser) driving the system's Chromium,
// headless, against a real `payctl sandbox` started for the run.
//
// Environment: PAYCTL_BIN (the binary; default target/debug/payctl),
// CHROMIUM (default /usr/bin/chromium), ARTIFACTS (where a failing journey
// leaves its screenshot; default target/browser-artifacts). With SCREENSHOTS
// set to a directory, the last journey also saves a picture of every page
// it visits there (to look at the console without clicking through it).
//
// Run with `.ci/browser`, or `node --test --test-concurrency=1
// tests/browser/journeys.test.mjs` after `cargo build`.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const payctl = process.env.PAYCTL_BIN || path.join(root, "target/debug/payctl");
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const artifacts = process.env.ARTIFACTS || path.join(root, "target/browser-artifacts");
const STEP_MS = 15_000;
const JOURNEY_MS = 90_000;

let sandbox; // the child process
let ready; // its ready line
let browser;
let receiver; // webhook receiver
const received = []; // {path, headers, body}
// Every uncaught script error and console error, on any page of any journey.
const scriptErrors = [];
// What the demo partner's journeys created, for the scope journey to look for.
const created = { names: [], ids: [], urls: [] };

function startSandbox() {
  return new Promise((resolve, reject) => {
    const child = spawn(payctl, ["sandbox", "--in-memory", "--json", "--listen", "127.0.0.1:0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const timer = setTimeout(() => reject(new Error("the sandbox printed no ready line within 20 s")), 20_000);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited early with ${code}`));
    });
    child.stderr.on("data", () => {});
    readline.createInterface({ input: child.stdout }).once("line", (line) => {
      clearTimeout(timer);
      resolve({ child, line: JSON.parse(line) });
    });
  });
}

function startReceiver() {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        received.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("ok");
      });
    });
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

/** Calls the API with the ready line's TEST key; throws unless 2xx. */
async function api(method, apiPath, body, headers = {}) {
  const response = await fetch(ready.base_url + apiPath, {
    method,
    headers: {
      "X-API-Key": ready.test_api_key,
      "Idempotency-Key": randomUUID(),
      ...(body ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(STEP_MS),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${apiPath}: ${response.status} ${text}`);
  }
  return text ? JSON.parse(text) : null;
}

async function until(what, check, ms = STEP_MS) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A fresh browser context (no cookies) and page, watched for script errors
 * (a journey that visits pages it expects to be 404 says so). */
async function newPage({ expect404 = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  page.on("pageerror", (e) => scriptErrors.push(`${page.url()}: uncaught ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !(expect404 && /status of 404/.test(m.text()))) {
      scriptErrors.push(`${page.url()}: console error ${m.text()}`);
    }
  });
  page.on("dialog", (d) => d.accept());
  return page;
}

async function signIn(page, username, password) {
  await page.goto(ready.console_url);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/console\/overview$/);
}

/** The TEST application's card on the overview, and a link in it. */
async function openTestApp(page, link) {
  await page.goto(`${ready.console_url}/overview`);
  const card = page.locator("section.card", { hasText: ready.test_application_id });
  await card.getByRole("link", { name: link }).click();
}

/** Signed in as the demo user, one page of the TEST application, from its navigation. */
async function openAppPage(page, name) {
  await signIn(page, ready.username, ready.password);
  await openTestApp(page, "Request logs");
  await page.getByRole("navigation", { name: "Application" }).getByRole("link", { name }).click();
  await page.getByRole("heading", { name }).waitFor();
}

/** A journey: its own page; on failure a screenshot, whose path is printed. */
function journey(name, body, options = {}) {
  test(name, { timeout: JOURNEY_MS }, async () => {
    const page = await newPage(options);
    try {
      await body(page);
    } catch (error) {
      fs.mkdirSync(artifacts, { recursive: true });
      const file = path.join(artifacts, `${name.replace(/[^a-z0-9]+/gi, "-")}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      console.error(`journey "${name}" failed; screenshot: ${file}`);
      throw error;
    } finally {
      await page.context().close();
    }
  });
}

// The sandbox never outlives the suite, however it ends.
process.on("exit", () => sandbox?.exitCode === null && sandbox.kill("SIGKILL"));
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => process.exit(1));
}

before(async () => {
  ({ child: sandbox, line: ready } = await startSandbox());
  receiver = await startReceiver();
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    // Playwright gives every launch a fresh temporary profile (user data
    // directory) and removes it on close.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
    timeout: 30_000,
  });
});

after(async () => {
  await browser?.close().catch(() => {});
  receiver?.close();
  if (sandbox && sandbox.exitCode === null) {
    sandbox.kill("SIGTERM");
    const killer = setTimeout(() => sandbox.kill("SIGKILL"), 5_000);
    await new Promise((r) => sandbox.once("exit", r));
    clearTimeout(killer);
  }
});

journey("sign in and see a request just made", async (page) => {
  // By keyboard alone: the username field has focus, Tab moves on, Enter sends.
  await page.goto(ready.console_url);
  // Chromium moves focus to an `autofocus` field at its next rendering
  // update, which may come after "load": typing before it loses keys.
  await page.waitForFunction(() => document.activeElement?.name === "username");
  await page.keyboard.type(ready.username);
  assert.equal(await page.inputValue("input[name=username]"), ready.username);
  await page.keyboard.press("Tab");
  await page.keyboard.type(ready.password);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/console\/overview$/);
  // The first Tab reaches the skip link, which moves focus to the content.
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.textContent), "Skip to content");
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement.id), "main");
  await openTestApp(page, "Request logs");
  await page.getByRole("heading", { name: "Request logs" }).waitFor();
  // Made while the page is open: the live list shows it without a reload.
  const correlation = `journey-${randomUUID()}`;
  await api("GET", "/v1/customers?limit=3", null, { "X-Request-ID": correlation });
  const row = page.locator("#log-rows tr", { hasText: correlation });
  await row.waitFor();
  assert.match(await row.innerText(), /GET\s+\/v1\/customers\?limit=3\s+200/);
  await row.getByRole("link", { name: "/v1/customers" }).click();
  await page.getByRole("heading", { name: "GET /v1/customers" }).waitFor();
  const curl = await page.locator("#curl").innerText();
  assert.match(curl, /^curl -X GET '.*\/v1\/customers\?limit=3'/);
  assert.match(curl, /X-API-Key: \$PAYCTL_API_KEY/);
  assert.ok(!curl.includes(ready.test_api_key), "the key never appears");
  // The answer as the API gave it: a page of customers.
  assert.match(await page.locator("section", { hasText: "Answer" }).innerText(), /"data"/);
  assert.ok(!(await page.content()).includes(ready.test_api_key));
});

journey("open a delivery and redeliver it", async (page) => {
  await signIn(page, ready.username, ready.password);
  await openTestApp(page, "Webhooks");
  const url = `http://127.0.0.1:${receiver.address().port}/hooks/redeliver`;
  created.urls.push(url);
  await page.getByLabel("URL (https, or http on a loopback host)").fill(url);
  await page.getByLabel("settlement.created").check();
  await page.getByRole("button", { name: "Create endpoint" }).click();
  // The signing secret, shown this once.
  const secret = (await page.locator("#webhook-secret").innerText()).trim();
  assert.match(secret, /^whsec_[A-Za-z0-9]{40}$/);
  await page.getByRole("link", { name: "Go to the endpoint" }).click();
  assert.ok(!(await page.content()).includes(secret), "the secret is not shown again");

  await page.getByRole("navigation", { name: "Application" }).getByRole("link", { name: "Trigger" }).click();
  await page.getByLabel("Event").selectOption("settlement.created");
  await page.getByRole("button", { name: "Trigger event" }).click();
  await page.waitForURL(/\/deliveries\?event_id=evt_/);
  const row = page.locator("#delivery-rows tbody tr").first();
  await until("the delivery to succeed", async () => /succeeded/.test(await row.innerText()));
  await row.getByRole("link").first().click();
  await page.getByRole("heading", { name: "Delivery of settlement.created" }).waitFor();
  const firstAttempt = page.locator("#attempts tbody tr").first();
  assert.match(await firstAttempt.innerText(), /200/);
  const signature = (await firstAttempt.innerText()).match(/X-Service-Signature: (t=\d+,v1=[0-9a-f]{64})/)[1];
  const body = (await page.locator("#payload").innerText()).trim();
  const first = received.find((r) => r.path === "/hooks/redeliver");
  assert.equal(first.headers["x-service-signature"], signature, "the page shows the header that was sent");
  assert.equal(first.body, body, "the page shows the exact body");

  await page.getByRole("button", { name: "Redeliver" }).click();
  await page.getByText("Redelivery queued.").waitFor();
  await page.locator("#attempts tbody tr").nth(1).waitFor();
  assert.match(await page.locator("#attempts tbody tr").nth(1).innerText(), /^\s*2\b/);
  await until("the second request at the receiver", async () =>
    received.filter((r) => r.path === "/hooks/redeliver").length === 2);
  const again = received.filter((r) => r.path === "/hooks/redeliver")[1];
  assert.equal(again.body, body, "a redelivery sends the same bytes");
});

journey("approve a customer and watch the webhook appear", async (page) => {
  const url = `http://127.0.0.1:${receiver.address().port}/hooks/kyb`;
  created.urls.push(url);
  await api("POST", "/v1/webhooks", { url, events: ["customer.kyb_approved"] });
  const name = `Journey Approvals ${randomUUID().slice(0, 8)} LLC`;
  const customer = await api("POST", "/v1/customers", {
    type: "business", legal_name: name, email: `kyb-${randomUUID()}@example.com`, country: "AE",
    verification_level: "standard", tax_id: "TRN-42",
  });
  created.names.push(name);
  created.ids.push(customer.id);

  await signIn(page, ready.username, ready.password);
  await openTestApp(page, "Customers");
  const row = page.locator("#customer-rows tr", { hasText: name });
  assert.match(await row.innerText(), /pending/);
  await row.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("heading", { name }).waitFor();
  await page.getByText("Customer approved.").waitFor();
  const event = page.locator("ol.timeline").getByText("customer.kyb_approved");
  await event.waitFor();
  await page.locator("ol.timeline a", { hasText: "evt_" }).first().click();
  const delivery = page.locator("#delivery-rows tbody tr", { hasText: "customer.kyb_approved" });
  await until("the approval webhook to be delivered", async () =>
    (await delivery.count()) === 1 && /succeeded/.test(await delivery.innerText()));
  const hook = received.find((r) => r.path === "/hooks/kyb");
  assert.equal(JSON.parse(hook.body).customer_id, customer.id);
});

journey("complete a transaction and see its timeline", async (page) => {
  const customer = await api("POST", "/v1/customers", {
    type: "business", legal_name: "Journey Payouts LLC", email: `tx-${randomUUID()}@example.com`, country: "AE",
    verification_level: "standard", tax_id: "TRN-7",
  });
  // Money moves for verified customers only.
  await api("POST", `/sandbox/customers/${customer.id}/approve`);
  const beneficiary = await api("POST", "/v1/beneficiaries", {
    customer_id: customer.id, type: "business", full_name: "Journey Payouts LLC", country: "AE",
    account: { kind: "STABLECOIN_WALLET", destination_asset: "USDC", network: "ethereum",
      address: "0x52908400098527886E0F7030069857D2E4169EE7" },
  });
  const quote = await api("POST", "/v1/transactions/quote", {
    corridor_id: "USD-USDC", source_asset: "USD", source_amount_minor: "2500", destination_asset: "USDC",
    destination_kind: "STABLECOIN",
  });
  await api("POST", `/v1/transactions/quote/${quote.id}/accept`);
  const transaction = await api("POST", "/v1/transactions", { quote_id: quote.id, beneficiary_id: beneficiary.id });
  created.ids.push(transaction.id, transaction.external_id);

  await signIn(page, ready.username, ready.password);
  await openTestApp(page, "Money");
  await page.locator("#flows").getByRole("link", { name: transaction.external_id }).click();
  await page.getByRole("heading", { name: `transaction ${transaction.id}` }).waitFor();
  await page.getByRole("button", { name: "Complete" }).click();
  await page.getByText("Transaction completed.").waitFor();
  const timeline = page.locator("ol.timeline");
  const states = await timeline.locator(":scope > li > .badge").allInnerTexts();
  assert.equal(states[0], "PENDING");
  assert.equal(states.at(-1), "COMPLETED");
  const text = await timeline.innerText();
  assert.match(text, /settlement\.created/);
  assert.match(text, /settlement\.completed/);
  // The money moved: postings that sum to zero per asset.
  const amounts = await page.locator("h2:has-text('Ledger postings') + table tbody tr td.num").allInnerTexts();
  assert.ok(amounts.length >= 2, "postings are listed");
  const byAsset = {};
  for (const a of amounts) {
    const [, minor, asset] = a.match(/^(-?\d+) \(.* ([A-Z]+)\)$/);
    byAsset[asset] = (byAsset[asset] || 0n) + BigInt(minor);
  }
  for (const [asset, sum] of Object.entries(byAsset)) {
    assert.equal(sum, 0n, `postings in ${asset} balance`);
  }
});

journey("rehearse a lost answer from the Faults page", async (page) => {
  await openAppPage(page, "Faults");
  // The form shows the parameters of the chosen kind only.
  const kind = page.getByLabel("Kind");
  await kind.selectOption("latency");
  assert.ok(await page.locator("input[name=delay_ms]").isVisible(), "latency takes a delay");
  assert.ok(await page.locator("select[name=status]").isHidden(), "but no status");
  await kind.selectOption("duplicate");
  assert.ok(await page.locator("select[name=event]").isVisible(), "a delivery kind matches events");
  assert.ok(await page.locator("select[name=operation_id]").isHidden());
  await kind.selectOption("drop_response");
  assert.ok(await page.locator("input[name=delay_ms]").isHidden());
  await page.getByLabel("Operation").selectOption("createCustomer");
  await page.getByLabel("Times (at most; empty: no limit)").fill("1");
  await page.getByRole("button", { name: "Add rule" }).click();
  await page.getByText(/Fault rule flt_[0-9a-f]{32} added\./).waitFor();
  const rule = page.locator("#fault-rows tbody tr", { hasText: "createCustomer" });
  assert.match(await rule.innerText(), /drop_response[\s\S]*0 \/ 1/);

  // The partner's create is carried out, and its answer never arrives.
  const name = `Journey Lost Answer ${randomUUID().slice(0, 8)} LLC`;
  const lost = await fetch(`${ready.base_url}/v1/customers`, {
    method: "POST",
    headers: { "X-API-Key": ready.test_api_key, "Idempotency-Key": randomUUID(), "Content-Type": "application/json" },
    body: JSON.stringify({ type: "business", legal_name: name, email: `lost-${randomUUID()}@example.com`,
      country: "AE", verification_level: "standard", tax_id: "TRN-9" }),
    signal: AbortSignal.timeout(STEP_MS),
  }).then(() => "answered", (e) => e);
  assert.ok(lost instanceof Error, `no answer reaches the client (got ${lost})`);
  created.names.push(name);
  // The live counters show the hit without a reload.
  await until("the rule's hit to show", async () => /1 \/ 1[\s\S]*spent/.test(await rule.innerText()));

  // The request log marks it, and its page says what happened.
  await page.getByRole("navigation", { name: "Application" }).getByRole("link", { name: "Request logs" }).click();
  const row = page.locator("#log-rows tr", { hasText: "fault: drop_response" });
  await row.waitFor();
  assert.match(await row.innerText(), /POST\s+\/v1\/customers[\s\S]*201/);
  await row.getByRole("link", { name: "/v1/customers" }).click();
  await page.getByText(/injected drop_response: the request was handled and committed \(the handler answered 201\)/).waitFor();

  await page.getByRole("link", { name: "Fault rules of this application →" }).click();
  await page.locator("#fault-rows").getByRole("button", { name: "Remove" }).click();
  await page.getByText("Fault rule removed.").waitFor();
  await page.getByText("No fault rules apply to this application").waitFor();
});

journey("run a drill from the Go-live review page", async (page) => {
  await openAppPage(page, "Go-live review");
  // Before it starts, the page lists what a drill installs.
  const rules = page.locator("#drill table.drill-rules tbody tr");
  const planned = await rules.count();
  assert.ok(planned >= 10, `${planned} rules listed`);
  assert.match(await page.locator("#drill").innerText(), /drop_response[\s\S]*rate_limit 2 s Retry-After[\s\S]*forged_signature/);
  try {
    await page.getByRole("button", { name: "Start drill" }).click();
    await page.getByText(`Drill started: ${planned} fault rules in force.`).waitFor();
    assert.equal(await rules.count(), planned, "the running drill's rules, with their hits");

    // A create without an Idempotency-Key: the open check shows it without a reload, linked.
    const name = `Journey Review ${randomUUID().slice(0, 8)} LLC`;
    const made = await fetch(`${ready.base_url}/v1/customers`, {
      method: "POST",
      headers: { "X-API-Key": ready.test_api_key, "Content-Type": "application/json" },
      body: JSON.stringify({ type: "business", legal_name: name, email: `review-${randomUUID()}@example.com`,
        country: "AE", verification_level: "standard", tax_id: "TRN-8" }),
      signal: AbortSignal.timeout(STEP_MS),
    });
    assert.equal(made.status, 201);
    created.names.push(name);
    const check = page.locator("#check-IDEMPOTENCY_KEY_SENT");
    await until("the check to fail", async () => /fail[\s\S]*carried no Idempotency-Key/.test(await check.innerText()));
    assert.match(await page.locator("#review p.verdict").innerText(), /^fail 1 required check failed/i);
    await check.getByRole("link", { name: /^request / }).click();
    await page.getByRole("heading", { name: /POST \/v1\/customers/ }).waitFor();

    await page.goBack();
    await page.getByRole("button", { name: "End drill" }).click();
    await page.getByText("Drill ended: its fault rules are gone.").waitFor();
    await page.getByText("The last drill ran from").waitFor();
  } finally {
    // The other journeys meet no drill, whatever happened here.
    await api("DELETE", "/sandbox/drill");
  }
});

journey("sign in as another partner and see none of it", async (page) => {
  const username = `other-${randomUUID()}@example.com`;
  const made = await fetch(`${ready.base_url}/sandbox/users`, {
    method: "POST",
    headers: { Authorization: `Bearer ${ready.control_token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: "other-password-1" }),
  });
  assert.equal(made.status, 201);
  await signIn(page, username, "other-password-1");
  await page.getByLabel("Company name").fill("Other Partner Ltd");
  await page.getByLabel("Contact email").fill(`ops-${randomUUID()}@example.com`);
  await page.getByRole("button", { name: "Register partner" }).click();
  await page.getByText("Partner registered.").waitFor();
  await page.getByLabel("Name", { exact: true }).fill("Other TEST app");
  await page.getByRole("button", { name: "Create application" }).click();
  await page.getByText("Application created.").waitFor();

  const mine = [ready.partner_id, ready.test_application_id, ready.live_application_id, "Demo Partner",
    ...created.names, ...created.ids, ...created.urls];
  const pages = [`${ready.console_url}/overview`, `${ready.console_url}/pricing`];
  const otherApp = await page.locator("section.card p.mono").first().innerText();
  for (const area of ["logs", "webhooks", "deliveries", "money", "money?kind=payments", "money?kind=transfers",
    "accounts", "customers", "trigger", "faults", "review"]) {
    pages.push(`${ready.console_url}/apps/${otherApp.trim()}/${area}`);
  }
  for (const url of pages) {
    const response = await page.goto(url);
    assert.equal(response.status(), 200, url);
    const html = await page.content();
    for (const secret of mine) {
      assert.ok(!html.includes(secret), `${url} shows ${secret}`);
    }
  }
  // Guessing the other partner's ids in console URLs finds nothing.
  for (const area of ["logs", "customers", "money", `customers/${created.ids[0]}`,
    `money/transaction/${created.ids[1]}`]) {
    const response = await page.goto(`${ready.console_url}/apps/${ready.test_application_id}/${area}`);
    assert.equal(response.status(), 404, area);
    assert.ok(!(await page.content()).includes("Demo TEST"));
  }
}, { expect404: true });

journey("fork the TEST application, then download its snapshot", async (page) => {
  const name = `Journey Forked ${randomUUID().slice(0, 8)} LLC`;
  const customer = await api("POST", "/v1/customers", {
    type: "business", legal_name: name, email: `fork-${randomUUID()}@example.com`, country: "AE",
    verification_level: "standard", tax_id: "TRN-7",
  });
  created.names.push(name);
  created.ids.push(customer.id);

  await signIn(page, ready.username, ready.password);
  const card = page.locator("section.card", { hasText: ready.test_application_id });
  await card.getByLabel("Fork's name (optional)").fill("journey fork");
  await card.getByRole("button", { name: "Fork", exact: true }).click();
  await page.getByRole("heading", { name: "Fork created" }).waitFor();
  const forkId = (await page.locator("#fork-id").innerText()).trim();
  const secret = (await page.locator("#fork-key-secret").innerText()).trim();
  assert.match(secret, /^sk_test_/);
  assert.notEqual(forkId, ready.test_application_id);
  // The key shown works, and reads the copied customer under its new id.
  const copied = await (await fetch(`${ready.base_url}/v1/customers`, { headers: { "X-API-Key": secret } })).json();
  const copy = copied.data.find((c) => c.legal_name === name);
  assert.ok(copy && copy.id !== customer.id, JSON.stringify(copied));
  await page.getByRole("link", { name: "Open the fork" }).click();
  await page.locator("#customer-rows tr", { hasText: name }).waitFor();
  assert.ok(page.url().includes(`/apps/${forkId}/`), page.url());
  await page.goto(`${ready.console_url}/overview`);
  await page.locator("section.card", { hasText: forkId }).getByRole("heading", { name: "journey fork" }).waitFor();

  // Both downloads: the original's world, no secret in either, names only in the plain one.
  const download = async (link) => {
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.locator("section.card", { hasText: ready.test_application_id })
        .getByRole("link", { name: link, exact: true }).click(),
    ]);
    const text = fs.readFileSync(await file.path(), "utf8");
    for (const known of [ready.test_api_key, ready.live_api_key, ready.control_token, ready.password, secret]) {
      assert.ok(!text.includes(known), `${link} holds a secret`);
    }
    assert.doesNotMatch(text, /sk_test_|sk_live_|whsec_/);
    return [file.suggestedFilename(), JSON.parse(text)];
  };
  const [filename, snapshot] = await download("Download snapshot");
  assert.equal(filename, `snapshot-${ready.test_application_id}.json`);
  assert.equal(snapshot.format, "payctl-snapshot/1");
  assert.equal(snapshot.application.id, ready.test_application_id);
  assert.equal(snapshot.redacted, false);
  const legalName = snapshot.tables.customers.columns.indexOf("legal_name");
  assert.ok(snapshot.tables.customers.rows.some((row) => row[legalName] === name));
  const [, redacted] = await download("Download redacted snapshot");
  assert.equal(redacted.redacted, true);
  assert.equal(redacted.application.id, ready.test_application_id);
  assert.equal(redacted.tables.customers.rows.length, snapshot.tables.customers.rows.length);
  assert.ok(!JSON.stringify(redacted).includes(name));
});

journey("every page loads without script errors", async (page) => {
  await signIn(page, ready.username, ready.password);
  const app = `${ready.console_url}/apps/${ready.test_application_id}`;
  let shot = 0;
  const picture = async () => {
    if (process.env.SCREENSHOTS) {
      fs.mkdirSync(process.env.SCREENSHOTS, { recursive: true });
      const name = new URL(page.url()).pathname.split("/").slice(-2).join("-");
      await page.screenshot({ path: path.join(process.env.SCREENSHOTS, `${String(++shot).padStart(2, "0")}-${name}.png`), fullPage: true });
    }
  };
  // Fits a laptop screen: nothing wider than the window.
  const fits = async () => {
    const [content, window] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    assert.ok(content <= window, `${page.url()} is ${content} px wide in a ${window} px window`);
  };
  const visit = async (url) => {
    const response = await page.goto(url);
    assert.equal(response.status(), 200, url);
    await page.waitForLoadState("load");
    await fits();
    await picture();
  };
  for (const url of [`${ready.console_url}/overview`, `${ready.console_url}/pricing`,
    `${ready.console_url}/pricing?source_amount=10000&source_currency=AED&dest_currency=EUR`]) {
    await visit(url);
  }
  for (const area of ["logs", "webhooks", "deliveries", "money", "money?kind=payments", "money?kind=transfers",
    "money?kind=swaps", "accounts", "customers", "trigger", "faults", "review"]) {
    await visit(`${app}/${area}`);
  }
  // One of each detail page, reached by following the first link.
  for (const [list, link] of [["logs", "#log-rows tbody a"], ["webhooks", "main table tbody a"],
    ["deliveries", "#delivery-rows tbody a"], ["money", "#flows tbody a"], ["accounts", "#balances tbody a"],
    ["customers", "#customer-rows tbody a"]]) {
    await visit(`${app}/${list}`);
    await page.locator(link).first().click();
    await page.waitForLoadState("load");
    await fits();
    await picture();
    assert.ok(!/Not found|Something went wrong/.test(await page.title()), `${list}: ${page.url()}`);
  }
  // Live regions refresh at least once without an error.
  await visit(`${app}/logs`);
  // Said on the rows' clock (the application's sandbox clock), real time beside it.
  const live = page.locator("[data-live-status='log-rows']", { hasText: "updated" });
  await live.waitFor();
  assert.match(await live.innerText(),
    /^Live: updated at \d\d:\d\d:\d\d on the sandbox clock \(real time \d\d:\d\d:\d\d UTC\)\.$/);
  assert.match(await page.locator("[data-sandbox-clock]").innerText(), /sandbox clock, in UTC: now \d{4}-/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/sign-in/);
  assert.deepEqual(scriptErrors, [], "no uncaught script errors or console errors on any page of any journey");
});
