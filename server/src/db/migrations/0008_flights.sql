CREATE TABLE "aircraft_capacities" (
	"airline_id" integer NOT NULL,
	"aircraft_type" text NOT NULL,
	"weight" numeric(12, 3),
	"volume" numeric(12, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aircraft_capacities_airline_id_aircraft_type_pk" PRIMARY KEY("airline_id","aircraft_type")
);
--> statement-breakpoint
CREATE TABLE "baggage_averages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "baggage_averages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"beginning_of_period" date NOT NULL,
	"end_of_period" date NOT NULL,
	"weight_stat" numeric(12, 3),
	"weight_data" numeric(12, 3),
	"total_baggage_weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"total_baggage_pcs" integer DEFAULT 0 NOT NULL,
	"total_pax" integer DEFAULT 0 NOT NULL,
	"external_source" boolean DEFAULT false NOT NULL,
	"manual_average_baggage_weight" numeric(8, 3),
	"segments_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baggage_stats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "baggage_stats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"segment_id" integer,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"flight_date" date NOT NULL,
	"pax" integer NOT NULL,
	"baggage_pcs" integer NOT NULL,
	"baggage_weight" numeric(12, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"record_type" text NOT NULL,
	"record_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"user_id" integer,
	"change_set" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_legs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flight_legs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"flight_id" integer NOT NULL,
	"sequence" smallint NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"aircraft_type" text,
	"aircraft_reg" text,
	"std" timestamp with time zone NOT NULL,
	"sta" timestamp with time zone NOT NULL,
	"etd" timestamp with time zone,
	"eta" timestamp with time zone,
	"atd" timestamp with time zone,
	"ata" timestamp with time zone,
	"canceled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"number" text NOT NULL,
	"flight_date" date NOT NULL,
	"segment_type" text DEFAULT 'J' NOT NULL,
	"aci_required" boolean DEFAULT false NOT NULL,
	"notation" text,
	"canceled" boolean DEFAULT false NOT NULL,
	"schedule_status" text DEFAULT 'adhoc' NOT NULL,
	"schedule_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pax_od_averages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pax_od_averages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"aircraft_type" text NOT NULL,
	"quantity" numeric(8, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"number" text NOT NULL,
	"source" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segment_payloads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segment_payloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"aircraft_type" text NOT NULL,
	"reg_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"payload" numeric(12, 3) NOT NULL,
	"season" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"flight_id" integer NOT NULL,
	"airline_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"number" text NOT NULL,
	"flight_date" date NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"first_leg" smallint NOT NULL,
	"last_leg" smallint NOT NULL,
	"std" timestamp with time zone NOT NULL,
	"sta" timestamp with time zone NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"sales_closed" boolean DEFAULT false NOT NULL,
	"sales_manual" boolean DEFAULT false NOT NULL,
	"sales_open_at" timestamp with time zone,
	"sales_close_at" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"capacity_weight" numeric(12, 3),
	"capacity_volume" numeric(12, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ssim_telegrams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ssim_telegrams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"body" text NOT NULL,
	"body_hash" text NOT NULL,
	"parsing_status" text DEFAULT 'pending' NOT NULL,
	"processing_status" text DEFAULT 'pending' NOT NULL,
	"report" jsonb,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aircraft_capacities" ADD CONSTRAINT "aircraft_capacities_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baggage_averages" ADD CONSTRAINT "baggage_averages_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baggage_stats" ADD CONSTRAINT "baggage_stats_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baggage_stats" ADD CONSTRAINT "baggage_stats_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_logs" ADD CONSTRAINT "change_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_legs" ADD CONSTRAINT "flight_legs_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_legs" ADD CONSTRAINT "flight_legs_origin_airports_iata_fk" FOREIGN KEY ("origin") REFERENCES "public"."airports"("iata") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_legs" ADD CONSTRAINT "flight_legs_destination_airports_iata_fk" FOREIGN KEY ("destination") REFERENCES "public"."airports"("iata") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pax_od_averages" ADD CONSTRAINT "pax_od_averages_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_payloads" ADD CONSTRAINT "segment_payloads_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_origin_airports_iata_fk" FOREIGN KEY ("origin") REFERENCES "public"."airports"("iata") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_destination_airports_iata_fk" FOREIGN KEY ("destination") REFERENCES "public"."airports"("iata") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssim_telegrams" ADD CONSTRAINT "ssim_telegrams_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssim_telegrams" ADD CONSTRAINT "ssim_telegrams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssim_telegrams" ADD CONSTRAINT "ssim_telegrams_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "baggage_averages_key" ON "baggage_averages" USING btree ("airline_id","origin","destination","beginning_of_period");--> statement-breakpoint
CREATE INDEX "baggage_stats_route_idx" ON "baggage_stats" USING btree ("airline_id","origin","destination","flight_date");--> statement-breakpoint
CREATE INDEX "change_logs_record_idx" ON "change_logs" USING btree ("record_type","record_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "flight_legs_flight_sequence_key" ON "flight_legs" USING btree ("flight_id","sequence");--> statement-breakpoint
CREATE INDEX "flight_legs_std_idx" ON "flight_legs" USING btree ("std");--> statement-breakpoint
CREATE UNIQUE INDEX "flights_designator_date_key" ON "flights" USING btree ("carrier","number","flight_date");--> statement-breakpoint
CREATE INDEX "flights_airline_date_idx" ON "flights" USING btree ("airline_id","flight_date");--> statement-breakpoint
CREATE UNIQUE INDEX "pax_od_averages_key" ON "pax_od_averages" USING btree ("airline_id","origin","destination","aircraft_type");--> statement-breakpoint
CREATE INDEX "schedules_airline_idx" ON "schedules" USING btree ("airline_id","carrier","number");--> statement-breakpoint
CREATE UNIQUE INDEX "segment_payloads_key" ON "segment_payloads" USING btree ("airline_id","origin","destination","aircraft_type","season");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_flight_route_key" ON "segments" USING btree ("flight_id","first_leg","last_leg");--> statement-breakpoint
CREATE INDEX "segments_std_idx" ON "segments" USING btree ("std","id");--> statement-breakpoint
CREATE INDEX "segments_airline_std_idx" ON "segments" USING btree ("airline_id","std","id");--> statement-breakpoint
CREATE INDEX "segments_origin_std_idx" ON "segments" USING btree ("origin","std");--> statement-breakpoint
CREATE INDEX "segments_number_idx" ON "segments" USING btree ("carrier","number","flight_date");--> statement-breakpoint
CREATE INDEX "ssim_telegrams_airline_idx" ON "ssim_telegrams" USING btree ("airline_id","id");--> statement-breakpoint
CREATE INDEX "ssim_telegrams_company_idx" ON "ssim_telegrams" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "ssim_telegrams_hash_idx" ON "ssim_telegrams" USING btree ("body_hash");