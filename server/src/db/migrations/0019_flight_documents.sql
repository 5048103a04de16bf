CREATE TABLE "flight_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flight_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"flight_id" integer NOT NULL,
	"airline_id" integer NOT NULL,
	"message_type" text NOT NULL,
	"telegram_id" integer NOT NULL,
	"station" text,
	"part" smallint,
	"last_part" boolean,
	"content_hash" text NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_documents_part_check" CHECK ("flight_documents"."part" is null or "flight_documents"."part" > 0)
);
--> statement-breakpoint
ALTER TABLE "flight_documents" ADD CONSTRAINT "flight_documents_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_documents" ADD CONSTRAINT "flight_documents_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flight_documents_telegram_key" ON "flight_documents" USING btree ("telegram_id");--> statement-breakpoint
CREATE INDEX "flight_documents_flight_idx" ON "flight_documents" USING btree ("flight_id","message_type","part");--> statement-breakpoint
CREATE INDEX "flight_documents_content_idx" ON "flight_documents" USING btree ("flight_id","content_hash");