CREATE TABLE "oauth_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oauth_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"access_token_hash" text NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"scope" text DEFAULT 'public' NOT NULL,
	"expires_in" integer NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "oauth_tokens_access_token_hash_unique" UNIQUE("access_token_hash"),
	CONSTRAINT "oauth_tokens_refresh_token_hash_unique" UNIQUE("refresh_token_hash")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"client_local_name" text,
	"street" text,
	"local_street" text,
	"country" text,
	"city" text,
	"tax_number" text,
	"account_number" text,
	"currency" text NOT NULL,
	"sales_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"show_tariffs" boolean DEFAULT true NOT NULL,
	"beneficiary" text,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"contract_number" text,
	"balance_check_disabled" boolean DEFAULT false NOT NULL,
	"additional_prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"smart_contract" boolean DEFAULT false NOT NULL,
	"allowed_manual_routes" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airline_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"awb_prefix" text,
	"interline_accepted_prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"sales_open_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overflow_weight_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"overflow_volume_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"pax_weights" jsonb DEFAULT '{"summer":75,"winter":80}'::jsonb NOT NULL,
	"auto_billing" boolean DEFAULT false NOT NULL,
	"auto_awb_verification" boolean DEFAULT false NOT NULL,
	"chargeable_ratio" integer DEFAULT 6000 NOT NULL,
	"minimum_charge_weight" numeric(10, 2) DEFAULT '0' NOT NULL,
	"rounding_rule" text DEFAULT 'up_0_5' NOT NULL,
	"billing_date_source" text DEFAULT 'issue' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "awb_stock_ranges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awb_stock_ranges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"first_serial" integer NOT NULL,
	"last_serial" integer NOT NULL,
	"holder_company_id" integer,
	"location" text,
	"bso" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "awb_stock_ranges_order" CHECK ("awb_stock_ranges"."first_serial" <= "awb_stock_ranges"."last_serial")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_type" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"local_name" text,
	"airline_code" text,
	"operations_type" text,
	"address" text,
	"city" text,
	"country" text,
	"tax_number" text,
	"post_code" text,
	"default_airport" text,
	"forwarder_iata_code" text,
	"cass_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"pima" text,
	"pima_location" text,
	"eori" text,
	"account_number" text,
	"access_to_all_carriers" boolean DEFAULT false NOT NULL,
	"interline_booking" boolean DEFAULT false NOT NULL,
	"intl_cargo_accepted" boolean DEFAULT false NOT NULL,
	"invisible" boolean DEFAULT false NOT NULL,
	"permitted_carriers" text[] DEFAULT '{}'::text[] NOT NULL,
	"service_shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"shcs_accepted" text[] DEFAULT '{}'::text[] NOT NULL,
	"dg_storage" boolean DEFAULT false NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"customs_hours" text,
	"terminal_hours" text,
	"cimp_code" text,
	"cimp_email" text,
	"cimp_sita" text,
	"maildomain" text,
	"web_link" text,
	"notes" text,
	"interline_agreements" text[] DEFAULT '{}'::text[] NOT NULL,
	"ui_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_airline_code_check" CHECK ("companies"."airline_code" is null or "companies"."airline_code" ~ '^[A-Z0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"role" text,
	"description" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"firstname" text,
	"lastname" text,
	"phone" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"system" boolean DEFAULT true NOT NULL,
	"stations_allowed" text[] DEFAULT '{}'::text[] NOT NULL,
	"stations_denied" text[] DEFAULT '{}'::text[] NOT NULL,
	"locations" text[] DEFAULT '{}'::text[] NOT NULL,
	"permitted_external_airlines" text[] DEFAULT '{}'::text[] NOT NULL,
	"bi_dashboard_id" text,
	"current_membership_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aircraft_types" (
	"iata" text PRIMARY KEY NOT NULL,
	"icao" text,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airlines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "airlines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"iata" text NOT NULL,
	"icao" text,
	"awb_prefix" text,
	"name" text NOT NULL,
	"cyrillic_name" text,
	"country_code" text,
	CONSTRAINT "airlines_iata_unique" UNIQUE("iata")
);
--> statement-breakpoint
CREATE TABLE "airports" (
	"iata" text PRIMARY KEY NOT NULL,
	"icao" text,
	"name" text NOT NULL,
	"full_name" text,
	"cyrillic_name" text,
	"city_code" text NOT NULL,
	"city_name" text,
	"cyrillic_city_name" text,
	"country_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"timezone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"due" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"alpha_2" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cyrillic_name" text
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"decimals" integer DEFAULT 2 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_regions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"countries" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_handlings" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"description_cyrillic" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_settings" ADD CONSTRAINT "airline_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_stock_ranges" ADD CONSTRAINT "awb_stock_ranges_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_stock_ranges" ADD CONSTRAINT "awb_stock_ranges_holder_company_id_companies_id_fk" FOREIGN KEY ("holder_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_tokens_family_idx" ON "oauth_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "oauth_tokens_user_idx" ON "oauth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_failures_email_idx" ON "sign_in_failures" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_ip_idx" ON "sign_in_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "agreements_supplier_idx" ON "agreements" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "agreements_client_idx" ON "agreements" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "awb_stock_ranges_airline_idx" ON "awb_stock_ranges" USING btree ("airline_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_short_name_key" ON "companies" USING btree (lower("short_name"));--> statement-breakpoint
CREATE INDEX "companies_type_idx" ON "companies" USING btree ("company_type");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_user_company_role_key" ON "memberships" USING btree ("user_id","company_id",coalesce("role", ''));--> statement-breakpoint
CREATE INDEX "memberships_company_idx" ON "memberships" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "airports_city_code_idx" ON "airports" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "airports_country_idx" ON "airports" USING btree ("country_code");