CREATE TABLE "allotment_usage" (
	"allotment_id" integer NOT NULL,
	"segment_id" integer NOT NULL,
	"weight" numeric(12, 3) NOT NULL,
	"volume" numeric(12, 3) NOT NULL,
	"used_weight" numeric(12, 3) DEFAULT '0' NOT NULL,
	"used_volume" numeric(12, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "allotment_usage_allotment_id_segment_id_pk" PRIMARY KEY("allotment_id","segment_id"),
	CONSTRAINT "allotment_usage_check" CHECK (0 <= "allotment_usage"."used_weight" and "allotment_usage"."used_weight" <= "allotment_usage"."weight" and 0 <= "allotment_usage"."used_volume" and "allotment_usage"."used_volume" <= "allotment_usage"."volume")
);
--> statement-breakpoint
CREATE TABLE "allotments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "allotments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"forwarder_id" integer NOT NULL,
	"type" text NOT NULL,
	"weight" numeric(12, 3) NOT NULL,
	"volume" numeric(12, 3) NOT NULL,
	"timelimit_to_std" integer DEFAULT 0 NOT NULL,
	"segment_id" integer,
	"valid_until" date,
	"postal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allotments_figures_check" CHECK ("allotments"."weight" > 0 and "allotments"."volume" > 0 and "allotments"."timelimit_to_std" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"origin" text,
	"destination" text,
	"segment_id" integer,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_percent" numeric(7, 2),
	"max_percent" numeric(7, 2),
	"min_weight" numeric(12, 3),
	"max_weight" numeric(12, 3),
	"min_volume" numeric(12, 3),
	"max_volume" numeric(12, 3),
	"response_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_rules_answer_check" CHECK ("booking_rules"."response_status" in ('KK', 'NN', 'UU'))
);
--> statement-breakpoint
CREATE TABLE "booking_segments" (
	"booking_id" integer NOT NULL,
	"sequence" smallint NOT NULL,
	"segment_id" integer NOT NULL,
	"airline_id" integer NOT NULL,
	"allotment_id" integer,
	"allotment_weight" numeric(12, 3) DEFAULT '0' NOT NULL,
	"allotment_volume" numeric(12, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "booking_segments_booking_id_sequence_pk" PRIMARY KEY("booking_id","sequence"),
	CONSTRAINT "booking_segments_allotment_check" CHECK ("booking_segments"."allotment_weight" >= 0 and "booking_segments"."allotment_volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"forwarder_id" integer NOT NULL,
	"airline_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"mawb" text,
	"parts_code" text,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"pieces" integer NOT NULL,
	"weight" numeric(12, 3) NOT NULL,
	"volume" numeric(12, 3) NOT NULL,
	"density_group" smallint,
	"commodity" text,
	"shcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_status" text DEFAULT 'NN' NOT NULL,
	"response_status" text NOT NULL,
	"response_reason" text,
	"source" text NOT NULL,
	"effective" boolean NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"touched_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_figures_check" CHECK ("bookings"."pieces" > 0 and "bookings"."weight" > 0 and "bookings"."volume" > 0),
	CONSTRAINT "bookings_effective_check" CHECK (not "bookings"."effective" or "bookings"."response_status" in ('KK', 'NN'))
);
--> statement-breakpoint
CREATE TABLE "segment_capacity" (
	"segment_id" integer PRIMARY KEY NOT NULL,
	"capacity_weight" numeric(12, 3) DEFAULT '0' NOT NULL,
	"capacity_volume" numeric(12, 3) DEFAULT '0' NOT NULL,
	"limit_weight" numeric(12, 3) DEFAULT '0' NOT NULL,
	"limit_volume" numeric(12, 3) DEFAULT '0' NOT NULL,
	"booked_weight" numeric(12, 3) DEFAULT '0' NOT NULL,
	"booked_volume" numeric(12, 3) DEFAULT '0' NOT NULL,
	"allotment_used_weight" numeric(12, 3) DEFAULT '0' NOT NULL,
	"allotment_used_volume" numeric(12, 3) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segment_capacity_weight_check" CHECK (0 <= "segment_capacity"."allotment_used_weight" and "segment_capacity"."allotment_used_weight" <= "segment_capacity"."booked_weight" and "segment_capacity"."booked_weight" <= "segment_capacity"."limit_weight"),
	CONSTRAINT "segment_capacity_volume_check" CHECK (0 <= "segment_capacity"."allotment_used_volume" and "segment_capacity"."allotment_used_volume" <= "segment_capacity"."booked_volume" and "segment_capacity"."booked_volume" <= "segment_capacity"."limit_volume")
);
--> statement-breakpoint
ALTER TABLE "allotment_usage" ADD CONSTRAINT "allotment_usage_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotment_usage" ADD CONSTRAINT "allotment_usage_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_history" ADD CONSTRAINT "booking_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rules" ADD CONSTRAINT "booking_rules_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rules" ADD CONSTRAINT "booking_rules_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_segments" ADD CONSTRAINT "booking_segments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_segments" ADD CONSTRAINT "booking_segments_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_segments" ADD CONSTRAINT "booking_segments_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_segments" ADD CONSTRAINT "booking_segments_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_forwarder_id_companies_id_fk" FOREIGN KEY ("forwarder_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_capacity" ADD CONSTRAINT "segment_capacity_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allotment_usage_segment_idx" ON "allotment_usage" USING btree ("segment_id");--> statement-breakpoint
CREATE INDEX "allotments_airline_idx" ON "allotments" USING btree ("airline_id","id");--> statement-breakpoint
CREATE INDEX "allotments_route_idx" ON "allotments" USING btree ("airline_id","origin","destination","forwarder_id");--> statement-breakpoint
CREATE INDEX "allotments_segment_idx" ON "allotments" USING btree ("segment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_history_version_key" ON "booking_history" USING btree ("booking_id","version");--> statement-breakpoint
CREATE INDEX "booking_rules_airline_idx" ON "booking_rules" USING btree ("airline_id","id");--> statement-breakpoint
CREATE INDEX "booking_segments_segment_idx" ON "booking_segments" USING btree ("segment_id");--> statement-breakpoint
CREATE INDEX "booking_segments_airline_idx" ON "booking_segments" USING btree ("airline_id","booking_id");--> statement-breakpoint
CREATE INDEX "bookings_forwarder_idx" ON "bookings" USING btree ("forwarder_id","id");--> statement-breakpoint
CREATE INDEX "bookings_airline_status_idx" ON "bookings" USING btree ("airline_id","response_status","id");--> statement-breakpoint
CREATE INDEX "bookings_mawb_idx" ON "bookings" USING btree ("mawb");