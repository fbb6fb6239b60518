-- Where an event went (the dashboard's Events page) and "Redeliver failed since…" read deliveries by their event.
CREATE INDEX "webhook_delivery_event_pk_idx" ON "webhook_delivery"("event_pk");
