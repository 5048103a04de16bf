CREATE TABLE "awb_numbers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"serial" integer NOT NULL,
	"range_id" integer,
	"forwarder_id" integer,
	"status" text DEFAULT 'allocated' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "awb_prefixes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_prefixes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "awb_stock_ranges" ADD COLUMN "next_serial" integer;--> statement-breakpoint
UPDATE "awb_stock_ranges" SET "next_serial" = "first_serial";--> statement-breakpoint
ALTER TABLE "awb_stock_ranges" ALTER COLUMN "next_serial" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "awb_numbers" ADD CONSTRAINT "awb_numbers_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_numbers" ADD CONSTRAINT "awb_numbers_range_id_awb_stock_ranges_id_fk" FOREIGN KEY ("range_id") REFERENCES "public"."awb_stock_ranges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_numbers" ADD CONSTRAINT "awb_numbers_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_prefixes" ADD CONSTRAINT "awb_prefixes_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "awb_numbers_prefix_serial_key" ON "awb_numbers" USING btree ("prefix","serial");--> statement-breakpoint
CREATE INDEX "awb_numbers_range_idx" ON "awb_numbers" USING btree ("range_id");--> statement-breakpoint
CREATE UNIQUE INDEX "awb_prefixes_prefix_key" ON "awb_prefixes" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "awb_prefixes_airline_idx" ON "awb_prefixes" USING btree ("airline_id");--> statement-breakpoint
CREATE INDEX "awb_stock_ranges_prefix_idx" ON "awb_stock_ranges" USING btree ("prefix","first_serial");--> statement-breakpoint
CREATE INDEX "awb_stock_ranges_holder_idx" ON "awb_stock_ranges" USING btree ("holder_company_id","prefix");--> statement-breakpoint
ALTER TABLE "awb_stock_ranges" ADD CONSTRAINT "awb_stock_ranges_serials" CHECK ("awb_stock_ranges"."first_serial" >= 0 and "awb_stock_ranges"."last_serial" <= 9999999 and "awb_stock_ranges"."next_serial" between "awb_stock_ranges"."first_serial" and "awb_stock_ranges"."last_serial" + 1);--> statement-breakpoint
ALTER TABLE "awb_stock_ranges" ADD CONSTRAINT "awb_stock_ranges_holder" CHECK ("awb_stock_ranges"."holder_company_id" is null or "awb_stock_ranges"."location" is null);--> statement-breakpoint
INSERT INTO "awb_prefixes" ("airline_id", "prefix")
SELECT DISTINCT ON (s."awb_prefix") s."company_id", s."awb_prefix" FROM "airline_settings" s
WHERE s."awb_prefix" IS NOT NULL ORDER BY s."awb_prefix", s."company_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "awb_prefixes" ("airline_id", "prefix")
SELECT DISTINCT ON (r."prefix") r."airline_id", r."prefix" FROM "awb_stock_ranges" r ORDER BY r."prefix", r."airline_id"
ON CONFLICT DO NOTHING;
