-- Every change that can alter who a token belongs to, whether it is live, or what its user may do notifies
-- 'auth_change' so that each API process drops what its short-lived auth cache holds for that user ('*' = all).
CREATE OR REPLACE FUNCTION notify_auth_change_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_change', 'u:' || COALESCE(OLD.id, NEW.id));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('auth_change', 'u:' || NEW.user_id);
  ELSE
    PERFORM pg_notify('auth_change', 'u:' || OLD.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_auth_change_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_change', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER oauth_tokens_auth_change AFTER UPDATE OR DELETE ON oauth_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change_user();
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change_user();
--> statement-breakpoint
CREATE TRIGGER memberships_auth_change AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change_user();
--> statement-breakpoint
CREATE TRIGGER companies_auth_change AFTER UPDATE OR DELETE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change_all();
