-- Deleting a row checks every row that may refer to it. Without an index
-- on the referring column, each deleted customer, beneficiary or event
-- scanned the whole referring table, every application's rows: deleting a
-- fork of 10,000 customers held the one writer for 4.6 s, and every other
-- application's writes waited.
CREATE INDEX quotes_customer ON quotes (customer_id);
CREATE INDEX transactions_beneficiary ON transactions (beneficiary_id);
CREATE INDEX transfers_customer ON transfers (customer_id);
CREATE INDEX transfers_beneficiary ON transfers (beneficiary_id);
CREATE INDEX payments_customer ON payments (customer_id);
CREATE INDEX accounts_customer ON accounts (customer_id);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
-- A fork, a snapshot and a deletion find one application's flow states,
-- ledger entries, rate overrides and customer markups by these, instead of
-- reading every application's.
CREATE INDEX flow_states_application ON flow_states (application_id);
CREATE INDEX ledger_entries_application ON ledger_entries (application_id);
CREATE INDEX rate_overrides_application ON rate_overrides (application_id);
CREATE INDEX pricing_markups_customer ON pricing_markups (customer_id);
