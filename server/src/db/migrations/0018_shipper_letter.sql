ALTER TABLE "air_waybills" ADD COLUMN "sli_barcode" text;--> statement-breakpoint
ALTER TABLE "air_waybills" ADD COLUMN "sli_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "air_waybills" ADD COLUMN "sli_accepted" boolean;--> statement-breakpoint
ALTER TABLE "air_waybills" ADD COLUMN "sli_answered_at" timestamp with time zone;