CREATE TABLE "tariff_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariff_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"transfers" text[] DEFAULT '{}'::text[] NOT NULL,
	"non_stop" boolean DEFAULT false NOT NULL,
	"effective_from" date,
	"effective_to" date,
	"sales_channel" text,
	"groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"products" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"charge_code" text NOT NULL,
	"charge_name" text,
	"due" text DEFAULT 'C' NOT NULL,
	"basis" text NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"minimal_rate" numeric(18, 6),
	"currency" text NOT NULL,
	"vat_inclusion" text DEFAULT 'without' NOT NULL,
	"vat" numeric(5, 2) DEFAULT '0' NOT NULL,
	"origin_kind" text,
	"origin_code" text,
	"destination_kind" text,
	"destination_code" text,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariff_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tariff_id" integer,
	"charge_id" integer,
	"surcharge_id" integer,
	"company_id" integer NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tariff_companies_one_record" CHECK (num_nonnulls("tariff_companies"."tariff_id", "tariff_companies"."charge_id", "tariff_companies"."surcharge_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "tariff_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariff_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"products" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_notification_marks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariff_notification_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tariff_id" integer,
	"charge_id" integer,
	"surcharge_id" integer,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariff_notification_marks_one_record" CHECK (num_nonnulls("tariff_notification_marks"."tariff_id", "tariff_notification_marks"."charge_id", "tariff_notification_marks"."surcharge_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "tariff_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariff_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tariff_id" integer NOT NULL,
	"position" integer NOT NULL,
	"rate_class" text NOT NULL,
	"rate_type" text NOT NULL,
	"value" numeric(18, 6) NOT NULL,
	"weight_break" numeric(10, 3),
	"level" text,
	"is_derivative" boolean DEFAULT false NOT NULL,
	"expired" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_surcharges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariff_surcharges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"transfers" text[] DEFAULT '{}'::text[] NOT NULL,
	"non_stop" boolean DEFAULT false NOT NULL,
	"effective_from" date,
	"effective_to" date,
	"sales_channel" text,
	"groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"products" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text,
	"name" text,
	"type" text NOT NULL,
	"value" numeric(18, 6) NOT NULL,
	"minimal_weight" numeric(10, 3),
	"product_code" text,
	"currency" text,
	"vat_inclusion" text DEFAULT 'without' NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"origin_kind" text,
	"origin_code" text,
	"destination_kind" text,
	"destination_code" text
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"transfers" text[] DEFAULT '{}'::text[] NOT NULL,
	"non_stop" boolean DEFAULT false NOT NULL,
	"effective_from" date,
	"effective_to" date,
	"sales_channel" text,
	"groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"products" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"internal_id" text,
	"origin_kind" text NOT NULL,
	"origin_code" text NOT NULL,
	"destination_kind" text NOT NULL,
	"destination_code" text NOT NULL,
	"basis" text NOT NULL,
	"currency" text NOT NULL,
	"vat_inclusion" text DEFAULT 'without' NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"level" text DEFAULT 'first' NOT NULL,
	"document" text,
	"notes" text,
	"min_charge_weight" numeric(10, 3),
	"is_derivative" boolean DEFAULT false NOT NULL,
	"base_tariff_id" integer,
	"derivation_percent" numeric(12, 6),
	"derivation_amount" numeric(18, 6),
	CONSTRAINT "tariffs_dates_check" CHECK ("tariffs"."effective_to" is null or "tariffs"."effective_from" is null or "tariffs"."effective_to" >= "tariffs"."effective_from")
);
--> statement-breakpoint
ALTER TABLE "tariff_charges" ADD CONSTRAINT "tariff_charges_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_companies" ADD CONSTRAINT "tariff_companies_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_companies" ADD CONSTRAINT "tariff_companies_charge_id_tariff_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."tariff_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_companies" ADD CONSTRAINT "tariff_companies_surcharge_id_tariff_surcharges_id_fk" FOREIGN KEY ("surcharge_id") REFERENCES "public"."tariff_surcharges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_companies" ADD CONSTRAINT "tariff_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_groups" ADD CONSTRAINT "tariff_groups_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_notification_marks" ADD CONSTRAINT "tariff_notification_marks_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_notification_marks" ADD CONSTRAINT "tariff_notification_marks_charge_id_tariff_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."tariff_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_notification_marks" ADD CONSTRAINT "tariff_notification_marks_surcharge_id_tariff_surcharges_id_fk" FOREIGN KEY ("surcharge_id") REFERENCES "public"."tariff_surcharges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_notification_marks" ADD CONSTRAINT "tariff_notification_marks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_notification_marks" ADD CONSTRAINT "tariff_notification_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_rates" ADD CONSTRAINT "tariff_rates_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_surcharges" ADD CONSTRAINT "tariff_surcharges_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_base_tariff_id_tariffs_id_fk" FOREIGN KEY ("base_tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tariff_charges_airline_idx" ON "tariff_charges" USING btree ("airline_id","charge_code");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_companies_tariff_key" ON "tariff_companies" USING btree ("tariff_id","company_id") WHERE "tariff_companies"."tariff_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_companies_charge_key" ON "tariff_companies" USING btree ("charge_id","company_id") WHERE "tariff_companies"."charge_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_companies_surcharge_key" ON "tariff_companies" USING btree ("surcharge_id","company_id") WHERE "tariff_companies"."surcharge_id" is not null;--> statement-breakpoint
CREATE INDEX "tariff_companies_company_idx" ON "tariff_companies" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_groups_airline_code_key" ON "tariff_groups" USING btree ("airline_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_marks_tariff_key" ON "tariff_notification_marks" USING btree ("tariff_id","company_id") WHERE "tariff_notification_marks"."tariff_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_marks_charge_key" ON "tariff_notification_marks" USING btree ("charge_id","company_id") WHERE "tariff_notification_marks"."charge_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_marks_surcharge_key" ON "tariff_notification_marks" USING btree ("surcharge_id","company_id") WHERE "tariff_notification_marks"."surcharge_id" is not null;--> statement-breakpoint
CREATE INDEX "tariff_marks_company_idx" ON "tariff_notification_marks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "tariff_rates_tariff_idx" ON "tariff_rates" USING btree ("tariff_id","position");--> statement-breakpoint
CREATE INDEX "tariff_surcharges_airline_idx" ON "tariff_surcharges" USING btree ("airline_id");--> statement-breakpoint
CREATE INDEX "tariffs_airline_route_idx" ON "tariffs" USING btree ("airline_id","origin_code","destination_code");--> statement-breakpoint
CREATE INDEX "tariffs_base_idx" ON "tariffs" USING btree ("base_tariff_id");