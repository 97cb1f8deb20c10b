#!/usr/bin/env bash
# Runs every service's migrations once and exits (after `npm run build`): what a Kubernetes
# Job or an init step does before the pods start with DATABASE_MIGRATIONS=skip. Each
# service migrates through DATABASE_MIGRATION_URL when set (a direct connection, not the
# pooler), else DATABASE_URL; with one role per service, run each service's
# dist/migrate.js with that service's own URL instead.
set -euo pipefail
cd "$(dirname "$0")/.."
for service in applications identity kyc ledger notification support; do
  node "apps/$service/dist/migrate.js"
done
