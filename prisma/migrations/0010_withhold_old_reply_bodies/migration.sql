-- Hand-written, data only (numbered after 0009_invoices, which lands beside it). Until the release before this one, the delivery log stored up to 1,000 characters of every receiver's reply,
-- those of internal (non-public) targets included; since then such replies are never stored. Which stored
-- replies came from a non-public address cannot be told afterwards (names resolve differently over time), so
-- every reply stored before this migration is withheld; the log then says "response withheld" for them.
UPDATE "webhook_attempt" SET "response_body" = NULL WHERE "response_body" IS NOT NULL;
