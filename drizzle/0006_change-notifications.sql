-- Read caches (ADR 022): every committed write to a table some cache reads from is announced on the
-- `table_changes` channel with the table's name, so every server process drops what it holds from it.
-- Statement triggers: one notification per statement (PostgreSQL folds repeats within a transaction).
CREATE FUNCTION notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'users', 'user_permissions', 'user_phone_numbers', 'user_connectors', 'user_assistants', 'sessions',
    'connectors', 'assistants', 'phone_numbers', 'calls', 'phone_mappings', 'practice_settings',
    'appointment_types', 'providers', 'provider_working_hours', 'operatories', 'patients', 'appointments'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change()',
      t || '_notify_change', t);
  END LOOP;
END;
$$;
