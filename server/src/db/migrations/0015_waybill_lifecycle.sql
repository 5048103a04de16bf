ALTER TABLE "awb_alerts" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "awb_alerts_waybill_code_key" ON "awb_alerts" USING btree ("air_waybill_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "awb_void_requests_open_key" ON "awb_void_requests" USING btree ("air_waybill_id") WHERE "awb_void_requests"."status" = 'requested';