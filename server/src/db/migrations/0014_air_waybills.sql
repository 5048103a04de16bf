CREATE TABLE "air_waybills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "air_waybills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mawb" text NOT NULL,
	"prefix" text NOT NULL,
	"serial" integer NOT NULL,
	"airline_id" integer NOT NULL,
	"forwarder_id" integer NOT NULL,
	"booking_id" integer,
	"origin_iata" text NOT NULL,
	"destination_iata" text NOT NULL,
	"pieces" integer NOT NULL,
	"weight" numeric(12, 3) NOT NULL,
	"volume" numeric(12, 3) DEFAULT '0' NOT NULL,
	"carrier" text NOT NULL,
	"product_type" text,
	"commodity" text,
	"source" text NOT NULL,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"hs_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"mrn" text,
	"postal" boolean DEFAULT false NOT NULL,
	"forwarder_account" text,
	"notify" jsonb,
	"shipper" jsonb NOT NULL,
	"consignee" jsonb NOT NULL,
	"charge_weight" numeric(12, 3),
	"charge_weight_source" text,
	"airline_defined_cw" numeric(12, 3),
	"chargeable_calc" jsonb,
	"special_service_request" text,
	"other_service_request" text,
	"oci" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"acc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customs_info" jsonb,
	"as_agreed_rates" boolean DEFAULT false NOT NULL,
	"payment" text DEFAULT 'prepaid' NOT NULL,
	"currency" text,
	"prepaid_total" numeric(14, 2),
	"collect_total" numeric(14, 2),
	"manual_route" boolean DEFAULT false NOT NULL,
	"route_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"booked" boolean DEFAULT false NOT NULL,
	"issued" boolean DEFAULT false NOT NULL,
	"delivered" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"billed" boolean DEFAULT false NOT NULL,
	"departed" boolean DEFAULT false NOT NULL,
	"warning" boolean DEFAULT false NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"void_payment" text,
	"void_reason" text,
	"void_cancel_reason" text,
	"su_booking_status" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"billing_date" date,
	"issue_date" date,
	"service_start_date" date,
	"departed_at" timestamp with time zone,
	"flight_date" date,
	"row_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "air_waybills_figures_check" CHECK ("air_waybills"."pieces" > 0 and "air_waybills"."weight" > 0 and "air_waybills"."volume" >= 0),
	CONSTRAINT "air_waybills_mawb_check" CHECK ("air_waybills"."mawb" ~ '^[0-9]{3}-[0-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "awb_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"code" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "awb_dimensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_dimensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"length" numeric(9, 2) NOT NULL,
	"width" numeric(9, 2) NOT NULL,
	"height" numeric(9, 2) NOT NULL,
	"pieces" integer NOT NULL,
	"weight" numeric(12, 3)
);
--> statement-breakpoint
CREATE TABLE "awb_goods_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_goods_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"description" text,
	"hs_code" text,
	"marks" text,
	"packing" text,
	"pieces" integer,
	"weight" numeric(12, 3)
);
--> statement-breakpoint
CREATE TABLE "awb_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"location_iata" text NOT NULL,
	"status_code" text NOT NULL,
	"time_local" text,
	"time_utc" timestamp with time zone NOT NULL,
	"pieces" integer,
	"weight" numeric(12, 3),
	"volume" numeric(12, 3),
	"uld" text,
	"deactivated" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "awb_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "awb_rate_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_rate_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"code" text NOT NULL,
	"rate_class_code" text,
	"description" text,
	"rate" numeric(14, 4),
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"base_value" numeric(14, 3),
	"basis" text,
	"vat" numeric(14, 2),
	"vat_percent" numeric(5, 2),
	"invoice_number" text,
	"unit_code" text,
	"supplier_id" integer,
	"buyer_id" integer,
	"calculation_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "awb_void_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_void_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"requested_by_company_id" integer NOT NULL,
	"requested_by_user_id" integer,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"resolve_reason" text,
	"payment_needed" boolean,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_waybills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_waybills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"air_waybill_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"pieces" integer NOT NULL,
	"weight_code" text DEFAULT 'K' NOT NULL,
	"weight" numeric(12, 3) NOT NULL,
	"manifest_description_of_goods" text,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"free_text" text,
	"hs_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"shipper" jsonb,
	"consignee" jsonb,
	"placi_status" text,
	"placi_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "house_waybills_figures_check" CHECK ("house_waybills"."pieces" > 0 and "house_waybills"."weight" > 0)
);
--> statement-breakpoint
ALTER TABLE "air_waybills" ADD CONSTRAINT "air_waybills_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_waybills" ADD CONSTRAINT "air_waybills_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_waybills" ADD CONSTRAINT "air_waybills_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_waybills" ADD CONSTRAINT "air_waybills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_alerts" ADD CONSTRAINT "awb_alerts_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_dimensions" ADD CONSTRAINT "awb_dimensions_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_goods_items" ADD CONSTRAINT "awb_goods_items_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_movements" ADD CONSTRAINT "awb_movements_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_movements" ADD CONSTRAINT "awb_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_notices" ADD CONSTRAINT "awb_notices_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_rate_lines" ADD CONSTRAINT "awb_rate_lines_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_rate_lines" ADD CONSTRAINT "awb_rate_lines_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_rate_lines" ADD CONSTRAINT "awb_rate_lines_buyer_id_companies_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_void_requests" ADD CONSTRAINT "awb_void_requests_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_void_requests" ADD CONSTRAINT "awb_void_requests_requested_by_company_id_companies_id_fk" FOREIGN KEY ("requested_by_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_void_requests" ADD CONSTRAINT "awb_void_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_void_requests" ADD CONSTRAINT "awb_void_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_waybills" ADD CONSTRAINT "house_waybills_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "air_waybills_mawb_key" ON "air_waybills" USING btree ("mawb");--> statement-breakpoint
CREATE INDEX "air_waybills_created_idx" ON "air_waybills" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "air_waybills_forwarder_created_idx" ON "air_waybills" USING btree ("forwarder_id","created_at","id");--> statement-breakpoint
CREATE INDEX "air_waybills_airline_created_idx" ON "air_waybills" USING btree ("airline_id","created_at","id");--> statement-breakpoint
CREATE INDEX "air_waybills_mawb_pattern_idx" ON "air_waybills" USING btree ("mawb" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "air_waybills_booking_idx" ON "air_waybills" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "awb_alerts_waybill_idx" ON "awb_alerts" USING btree ("air_waybill_id");--> statement-breakpoint
CREATE INDEX "awb_dimensions_waybill_idx" ON "awb_dimensions" USING btree ("air_waybill_id","position");--> statement-breakpoint
CREATE INDEX "awb_goods_items_waybill_idx" ON "awb_goods_items" USING btree ("air_waybill_id","position");--> statement-breakpoint
CREATE INDEX "awb_movements_waybill_idx" ON "awb_movements" USING btree ("air_waybill_id","time_utc");--> statement-breakpoint
CREATE INDEX "awb_notices_waybill_idx" ON "awb_notices" USING btree ("air_waybill_id");--> statement-breakpoint
CREATE INDEX "awb_rate_lines_waybill_idx" ON "awb_rate_lines" USING btree ("air_waybill_id");--> statement-breakpoint
CREATE INDEX "awb_void_requests_waybill_idx" ON "awb_void_requests" USING btree ("air_waybill_id");--> statement-breakpoint
CREATE INDEX "awb_void_requests_status_idx" ON "awb_void_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "house_waybills_serial_key" ON "house_waybills" USING btree ("air_waybill_id","serial_number");