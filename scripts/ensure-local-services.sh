#!/usr/bin/env bash
# Makes sure the local PostgreSQL, Redis and NATS (JetStream) the portal needs are up,
# starting the machine's own packages when one is down. Servers elsewhere are left alone.
set -uo pipefail

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() {
  for _ in $(seq 1 50); do port_open "$1" && return 0; sleep 0.2; done
  echo "error: $2 did not start on port $1" >&2
  return 1
}

# PgBouncer: a binary only (the pooled-database suite starts its own on a free port; the
# package's service is never used). Installed from Debian's packages when missing, as
# ensure-chromium.sh installs Chromium; apt may be busy with another install for a moment.
ensure_pgbouncer() {
  [ -x /usr/sbin/pgbouncer ] && return 0
  echo "Installing PgBouncer from Debian's packages..."
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  for attempt in 1 2 3 4 5 6; do
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq pgbouncer >/dev/null && break
    echo "apt busy or failed (attempt $attempt); retrying..." >&2
    sleep 10
  done
  [ -x /usr/sbin/pgbouncer ] || { echo "error: could not install pgbouncer" >&2; return 1; }
}

status=0
ensure_pgbouncer || status=1
if ! port_open 5432; then
  echo "Starting PostgreSQL..."
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  wait_port 5432 PostgreSQL || status=1
fi
if ! port_open 6379; then
  echo "Starting Redis..."
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
  wait_port 6379 Redis || status=1
fi
if ! port_open 4222; then
  echo "Starting NATS with JetStream..."
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log || true
  wait_port 4222 NATS || status=1
fi
exit $status
