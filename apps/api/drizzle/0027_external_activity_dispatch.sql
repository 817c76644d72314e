-- Dispatching work orders (editing, assigning, rescheduling and cancelling another technician's
-- order) became its own permission, EXTERNAL_ACTIVITY_DISPATCH. So that an upgrade takes it from
-- nobody who ran the field service, it goes to the users who held EXTERNAL_ACTIVITY together with
-- ASSISTANCE_TYPE (those who configure and hand out the work, like the demo's manager) and to super
-- admins; technicians (EXTERNAL_ACTIVITY alone) keep only their own orders. Run once, idempotent.
UPDATE "user"
SET "permissions" = array_append("permissions", 'EXTERNAL_ACTIVITY_DISPATCH')
WHERE NOT ('EXTERNAL_ACTIVITY_DISPATCH' = ANY("permissions"))
  AND ("super_admin" OR ('EXTERNAL_ACTIVITY' = ANY("permissions") AND 'ASSISTANCE_TYPE' = ANY("permissions")));
