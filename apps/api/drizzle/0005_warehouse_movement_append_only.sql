-- Movements are append-only: nothing edits or deletes a movement, not even SQL run by mistake.
CREATE OR REPLACE FUNCTION movement_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'As movimentações não podem ser alteradas nem excluídas.' USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER movement_no_update_delete BEFORE UPDATE OR DELETE ON "movement" FOR EACH ROW EXECUTE FUNCTION movement_append_only();
--> statement-breakpoint
CREATE TRIGGER movement_no_truncate BEFORE TRUNCATE ON "movement" FOR EACH STATEMENT EXECUTE FUNCTION movement_append_only();
