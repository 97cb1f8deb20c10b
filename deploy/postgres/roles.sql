-- One PostgreSQL role per service, each owning only its own schema.
--
-- Run once per database as a superuser (or the database owner), before or after the
-- first migration; it is safe to run again:
--   psql "postgres://postgres@db:5432/portal" -v ON_ERROR_STOP=1 -f deploy/postgres/roles.sql
-- then give each role a password (not kept here) and its own URL:
--   ALTER ROLE portal_ledger PASSWORD '...';
--   ledger: DATABASE_URL=postgres://portal_ledger:...@pgbouncer:6432/portal
--           DATABASE_MIGRATION_URL=postgres://portal_ledger:...@db:5432/portal
-- A service then cannot read or change another service's tables: the services talk
-- over NATS only. Migrations run as the same role, which owns what they create.

-- Nobody but the owners creates objects anywhere.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
-- Extensions the migrations use, created here because the service roles cannot.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public; -- identity's user search

DO $$
DECLARE
  service text;
  role_name text;
  object record;
BEGIN
  FOREACH service IN ARRAY ARRAY['identity', 'applications', 'kyc', 'ledger', 'notification', 'support'] LOOP
    role_name := 'portal_' || service;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = role_name) THEN
      EXECUTE format('CREATE ROLE %I LOGIN', role_name);
    END IF;
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), role_name);
    EXECUTE format('CREATE SCHEMA IF NOT EXISTS %I AUTHORIZATION %I', service, role_name);
    EXECUTE format('ALTER SCHEMA %I OWNER TO %I', service, role_name);
    -- Objects an earlier superuser migration created move to the service's role.
    FOR object IN
      SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = service AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        -- a serial's or identity's sequence follows its table
        AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i')))
    LOOP
      EXECUTE format('ALTER %s %I.%I OWNER TO %I',
        CASE object.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
        service, object.relname, role_name);
    END LOOP;
    FOR object IN
      SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = service AND t.typtype IN ('e', 'd') -- enums and domains
    LOOP
      EXECUTE format('ALTER TYPE %I.%I OWNER TO %I', service, object.typname, role_name);
    END LOOP;
    FOR object IN
      SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = service
    LOOP
      EXECUTE format('ALTER ROUTINE %s OWNER TO %I', object.signature, role_name);
    END LOOP;
  END LOOP;
END
$$;
