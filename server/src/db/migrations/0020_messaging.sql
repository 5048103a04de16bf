CREATE TABLE "message_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"airline_id" integer NOT NULL,
	"event" text NOT NULL,
	"message_type" text NOT NULL,
	"version" integer,
	"channel" text NOT NULL,
	"addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc" text[] DEFAULT '{}'::text[] NOT NULL,
	"bcc" text[] DEFAULT '{}'::text[] NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"origin" text,
	"destination" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"type_b_address" text,
	"mailbox_address" text,
	"gateway_kind" text,
	"gateway_address" text,
	"gateway_url" text,
	"gateway_username" text,
	"gateway_password" text,
	"gateway_api_key" text,
	"webhook_secret" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outgoing_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outgoing_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"airline_id" integer,
	"message_setting_id" integer,
	"event" text NOT NULL,
	"message_type" text,
	"channel" text NOT NULL,
	"segment" text,
	"subject" text,
	"from_address" text,
	"to_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc" text[] DEFAULT '{}'::text[] NOT NULL,
	"bcc" text[] DEFAULT '{}'::text[] NOT NULL,
	"body" text NOT NULL,
	"request_url" text,
	"request_method" text,
	"request_params" jsonb,
	"request_headers" jsonb,
	"files_url" text,
	"origin" text,
	"destination" text,
	"message_id" text NOT NULL,
	"key" text,
	"topic" text,
	"correlation_id" text,
	"value" text,
	"source_id" text,
	"air_waybill_id" integer,
	"house_waybill_id" integer,
	"booking_id" integer,
	"flight_id" integer,
	"user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"forwarded" boolean DEFAULT false NOT NULL,
	CONSTRAINT "outgoing_messages_attempts_check" CHECK ("outgoing_messages"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "message_settings" ADD CONSTRAINT "message_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_settings" ADD CONSTRAINT "message_settings_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD CONSTRAINT "messaging_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_message_setting_id_message_settings_id_fk" FOREIGN KEY ("message_setting_id") REFERENCES "public"."message_settings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_house_waybill_id_house_waybills_id_fk" FOREIGN KEY ("house_waybill_id") REFERENCES "public"."house_waybills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_settings_company_idx" ON "message_settings" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "message_settings_match_idx" ON "message_settings" USING btree ("airline_id","event","message_type");--> statement-breakpoint
CREATE UNIQUE INDEX "outgoing_messages_message_id_key" ON "outgoing_messages" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "outgoing_messages_company_idx" ON "outgoing_messages" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outgoing_messages_airline_idx" ON "outgoing_messages" USING btree ("airline_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outgoing_messages_air_waybill_idx" ON "outgoing_messages" USING btree ("air_waybill_id");