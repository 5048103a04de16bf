CREATE TABLE "airline_airports" (
	"airline_id" integer NOT NULL,
	"airport" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airline_airports_airline_id_airport_pk" PRIMARY KEY("airline_id","airport")
);
--> statement-breakpoint
CREATE TABLE "forwarder_customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forwarder_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"forwarder_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"country" text,
	"post_code" text,
	"tax_id" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handlers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handlers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"airport" text NOT NULL,
	"name" text NOT NULL,
	"handler_company_id" integer,
	"contact_name" text,
	"phone" text,
	"email" text,
	"sita_address" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_ui_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"left_drawer_open" boolean DEFAULT true NOT NULL,
	"utc_time" boolean DEFAULT false NOT NULL,
	"dark_mode" boolean DEFAULT false NOT NULL,
	"markup_mode" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "kpp" text;--> statement-breakpoint
ALTER TABLE "airline_airports" ADD CONSTRAINT "airline_airports_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airline_airports" ADD CONSTRAINT "airline_airports_airport_airports_iata_fk" FOREIGN KEY ("airport") REFERENCES "public"."airports"("iata") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forwarder_customers" ADD CONSTRAINT "forwarder_customers_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handlers" ADD CONSTRAINT "handlers_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handlers" ADD CONSTRAINT "handlers_airport_airports_iata_fk" FOREIGN KEY ("airport") REFERENCES "public"."airports"("iata") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handlers" ADD CONSTRAINT "handlers_handler_company_id_companies_id_fk" FOREIGN KEY ("handler_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ui_settings" ADD CONSTRAINT "user_ui_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forwarder_customers_forwarder_name_key" ON "forwarder_customers" USING btree ("forwarder_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "handlers_airline_airport_name_key" ON "handlers" USING btree ("airline_id","airport",lower("name"));--> statement-breakpoint
CREATE INDEX "handlers_handler_company_idx" ON "handlers" USING btree ("handler_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_inn_kpp_key" ON "companies" USING btree ("tax_number",coalesce("kpp", '')) WHERE "companies"."country" = 'RU' and "companies"."tax_number" is not null;