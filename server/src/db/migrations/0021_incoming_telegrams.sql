CREATE TABLE "incoming_telegrams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "incoming_telegrams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family" text NOT NULL,
	"message_type" text,
	"version" integer,
	"source" text NOT NULL,
	"sender" text,
	"notes" text,
	"body" text NOT NULL,
	"original_body" text NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"body_hash" text NOT NULL,
	"typeb_identity" text,
	"envelope" jsonb,
	"sent_at" timestamp with time zone,
	"station" text,
	"mawb" text,
	"parsing_status" text DEFAULT 'pending' NOT NULL,
	"processing_status" text DEFAULT 'pending' NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"company_id" integer,
	"airline_id" integer,
	"user_id" integer,
	"duplicate_of_id" integer,
	"air_waybill_id" integer,
	"house_waybill_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"booking_id" integer,
	"flight_id" integer,
	"ssim_telegram_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_intake_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telegram_intake_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "telegram_intake_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "incoming_telegrams" ADD CONSTRAINT "incoming_telegrams_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_telegrams" ADD CONSTRAINT "incoming_telegrams_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_telegrams" ADD CONSTRAINT "incoming_telegrams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_telegrams" ADD CONSTRAINT "incoming_telegrams_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_intake_keys" ADD CONSTRAINT "telegram_intake_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_intake_keys" ADD CONSTRAINT "telegram_intake_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incoming_telegrams_company_idx" ON "incoming_telegrams" USING btree ("company_id","family","id");--> statement-breakpoint
CREATE INDEX "incoming_telegrams_airline_idx" ON "incoming_telegrams" USING btree ("airline_id","family","id");--> statement-breakpoint
CREATE INDEX "incoming_telegrams_family_idx" ON "incoming_telegrams" USING btree ("family","id");--> statement-breakpoint
CREATE INDEX "incoming_telegrams_hash_idx" ON "incoming_telegrams" USING btree ("company_id","body_hash");--> statement-breakpoint
CREATE INDEX "incoming_telegrams_identity_idx" ON "incoming_telegrams" USING btree ("company_id","typeb_identity");--> statement-breakpoint
CREATE INDEX "incoming_telegrams_waybill_idx" ON "incoming_telegrams" USING btree ("air_waybill_id");--> statement-breakpoint
CREATE INDEX "incoming_telegrams_mawb_idx" ON "incoming_telegrams" USING btree ("mawb");--> statement-breakpoint
CREATE INDEX "telegram_intake_keys_company_idx" ON "telegram_intake_keys" USING btree ("company_id");