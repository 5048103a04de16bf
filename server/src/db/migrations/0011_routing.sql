CREATE TABLE "connection_times" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connection_times_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer,
	"airport" text NOT NULL,
	"minutes" smallint NOT NULL,
	"arrival_carrier" text,
	"departure_carrier" text,
	"connection_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connection_times_minutes_check" CHECK ("connection_times"."minutes" >= 0 and "connection_times"."minutes" <= 1440),
	CONSTRAINT "connection_times_type_check" CHECK ("connection_times"."connection_type" is null or "connection_times"."connection_type" in ('DD', 'DI', 'ID', 'II'))
);
--> statement-breakpoint
CREATE TABLE "permitted_routes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "permitted_routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"airline_id" integer NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"via" text[],
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connection_times" ADD CONSTRAINT "connection_times_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_times" ADD CONSTRAINT "connection_times_airport_airports_iata_fk" FOREIGN KEY ("airport") REFERENCES "public"."airports"("iata") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permitted_routes" ADD CONSTRAINT "permitted_routes_airline_id_companies_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connection_times_key" ON "connection_times" USING btree ("airport",coalesce("arrival_carrier", ''),coalesce("departure_carrier", ''),coalesce("connection_type", ''));--> statement-breakpoint
CREATE INDEX "connection_times_airline_idx" ON "connection_times" USING btree ("airline_id");--> statement-breakpoint
CREATE INDEX "permitted_routes_airline_idx" ON "permitted_routes" USING btree ("airline_id","origin","destination");--> statement-breakpoint
CREATE UNIQUE INDEX "permitted_routes_key" ON "permitted_routes" USING btree ("airline_id","origin","destination",coalesce("via", '{*}'::text[]));--> statement-breakpoint
-- The timetable index of every API process (decision 016) stays in step through 'timetable_change': 's:<segment ids>'
-- for changed segments, 'f:<flight ids>' for changed flights or legs (their segments' times, aircraft, cancellation),
-- 'a:<airline ids>' for changed capacity inputs; ids in batches of at most 500 (a payload stays under 8000 bytes).
-- Routing settings notify 'routing_change' so each process reloads its search configuration.
CREATE OR REPLACE FUNCTION notify_timetable_ids(prefix text, ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(array_length(ids, 1), 0);
  i integer := 1;
BEGIN
  WHILE i <= n LOOP
    PERFORM pg_notify('timetable_change', prefix || array_to_string(ids[i : i + 499], ','));
    i := i + 500;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_timetable_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_TABLE_NAME = 'segments' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT id ORDER BY id) INTO ids FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT id ORDER BY id) INTO ids FROM new_rows;
    END IF;
    PERFORM notify_timetable_ids('s:', ids);
  ELSIF TG_TABLE_NAME = 'flights' THEN
    SELECT array_agg(DISTINCT id ORDER BY id) INTO ids FROM new_rows;
    PERFORM notify_timetable_ids('f:', ids);
  ELSIF TG_TABLE_NAME = 'flight_legs' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT flight_id ORDER BY flight_id) INTO ids FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT flight_id ORDER BY flight_id) INTO ids FROM new_rows;
    END IF;
    PERFORM notify_timetable_ids('f:', ids);
  ELSE
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT airline_id ORDER BY airline_id) INTO ids FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT airline_id ORDER BY airline_id) INTO ids FROM new_rows;
    END IF;
    PERFORM notify_timetable_ids('a:', ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER segments_timetable_insert AFTER INSERT ON segments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER segments_timetable_update AFTER UPDATE ON segments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER segments_timetable_delete AFTER DELETE ON segments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER flights_timetable_update AFTER UPDATE ON flights REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER flight_legs_timetable_insert AFTER INSERT ON flight_legs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER flight_legs_timetable_update AFTER UPDATE ON flight_legs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER flight_legs_timetable_delete AFTER DELETE ON flight_legs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER aircraft_capacities_timetable_insert AFTER INSERT ON aircraft_capacities REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER aircraft_capacities_timetable_update AFTER UPDATE ON aircraft_capacities REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER aircraft_capacities_timetable_delete AFTER DELETE ON aircraft_capacities REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER segment_payloads_timetable_insert AFTER INSERT ON segment_payloads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER segment_payloads_timetable_update AFTER UPDATE ON segment_payloads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER segment_payloads_timetable_delete AFTER DELETE ON segment_payloads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER pax_od_averages_timetable_insert AFTER INSERT ON pax_od_averages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER pax_od_averages_timetable_update AFTER UPDATE ON pax_od_averages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER pax_od_averages_timetable_delete AFTER DELETE ON pax_od_averages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER baggage_averages_timetable_insert AFTER INSERT ON baggage_averages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER baggage_averages_timetable_update AFTER UPDATE ON baggage_averages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER baggage_averages_timetable_delete AFTER DELETE ON baggage_averages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_routing_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('routing_change', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER permitted_routes_routing_change AFTER INSERT OR UPDATE OR DELETE ON permitted_routes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_routing_change();
--> statement-breakpoint
CREATE TRIGGER connection_times_routing_change AFTER INSERT OR UPDATE OR DELETE ON connection_times
  FOR EACH STATEMENT EXECUTE FUNCTION notify_routing_change();
--> statement-breakpoint
CREATE TRIGGER airline_settings_routing_change AFTER INSERT OR UPDATE OR DELETE ON airline_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_routing_change();
--> statement-breakpoint
CREATE TRIGGER companies_routing_change AFTER INSERT OR UPDATE OF airline_code OR DELETE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_routing_change();
