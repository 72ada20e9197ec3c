-- Adding a fault rule counts the rules of its application and of its
-- partner (the bounds of `faults`), in the write that adds it.
CREATE INDEX fault_rules_by_application ON fault_rules (application_id);
