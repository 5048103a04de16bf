-- Route search shows what is left to sell (capacity less bookings): a change of a segment's booking counters notifies
-- 'timetable_change' with the segment ids, like a change of the segment itself, so each process patches its index.
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
  ELSIF TG_TABLE_NAME = 'segment_capacity' THEN
    SELECT array_agg(DISTINCT segment_id ORDER BY segment_id) INTO ids FROM new_rows;
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
CREATE TRIGGER segment_capacity_timetable_insert AFTER INSERT ON segment_capacity REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
--> statement-breakpoint
CREATE TRIGGER segment_capacity_timetable_update AFTER UPDATE ON segment_capacity REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_timetable_rows();
