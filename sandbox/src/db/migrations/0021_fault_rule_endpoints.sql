-- A per-endpoint delivery rule counts each webhook endpoint's deliveries
-- apart (its `skip`, `times` and draws apply at every endpoint): its
-- counters at each endpoint it has matched, written in the write that
-- decides the delivery. The rule's own `matched` and `hits` are the totals.
CREATE TABLE fault_rule_endpoints (
    id          INTEGER PRIMARY KEY,
    rule_id     INTEGER NOT NULL REFERENCES fault_rules(id) ON DELETE CASCADE,
    endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    matched     INTEGER NOT NULL,
    hits        INTEGER NOT NULL,
    UNIQUE (rule_id, endpoint_id)
) STRICT;
CREATE INDEX fault_rule_endpoints_endpoint ON fault_rule_endpoints (endpoint_id);
