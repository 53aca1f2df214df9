#!/usr/bin/env bash
# A private PostgreSQL cluster for engram's tests and benchmarks, on a loopback port.
#
#   scripts/pg-server.sh start    # installs postgresql if missing, initdb once, starts; prints the URL
#   scripts/pg-server.sh stop     # stops it (by pid: kill -INT, then waits)
#   scripts/pg-server.sh status   # prints the URL and exits 0 when running, exits 3 otherwise
#
# Environment:
#   ENGRAM_PG_DATA    the directory holding the cluster, its log and socket   (default: <repo>/.pgdata)
#   ENGRAM_PG_PORT    the preferred port; a busy port moves to the next free  (default: 55432)
#   ENGRAM_PG_HOLDER  a process id that leases the server: `start` records the lease, `stop` drops it
#                     and stops the server only when no live lease remains (so concurrent test runs
#                     share one server). `start` without a holder records a permanent manual lease;
#                     `stop` without a holder always stops.
#
# The URL (`postgres://postgres@127.0.0.1:<port>/postgres`, trust auth on loopback only) is the last
# line of stdout; everything else goes to stderr. fsync stays on. As root the cluster runs as user
# `postgres` (created by the package); otherwise as the calling user.
set -euo pipefail

log() { printf '[pg-server] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

ROOT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${ENGRAM_PG_DATA:-$ROOT_DIR/.pgdata}"
PREFERRED_PORT="${ENGRAM_PG_PORT:-55432}"
HOLDER="${ENGRAM_PG_HOLDER:-}"
IS_ROOT=0
[ "$(id -u)" = 0 ] && IS_ROOT=1

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$IS_ROOT" = 1 ]; then
    su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
  else
    "$@"
  fi
}

find_bindir() {
  local dir
  if command -v pg_config >/dev/null 2>&1; then
    dir="$(pg_config --bindir 2>/dev/null || true)"
    [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  done
  if command -v initdb >/dev/null 2>&1; then
    dir="$(dirname "$(readlink -f "$(command -v initdb)")")"
    echo "$dir"
    return 0
  fi
  return 1
}

ensure_installed() {
  if BINDIR="$(find_bindir)"; then return 0; fi
  [ "$IS_ROOT" = 1 ] || die "PostgreSQL is not installed; run as root once, or: apt-get install -y postgresql"
  log "installing postgresql with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  BINDIR="$(find_bindir)" || die "apt-get installed postgresql but initdb was not found"
}

# As root the data directory must be reachable by user postgres; when a parent directory is not (a clone
# under /root, say), fall back to a directory under $TMPDIR named after the repository.
resolve_data_dir() {
  mkdir -p "$DATA"
  if [ "$IS_ROOT" = 1 ]; then
    chown postgres:postgres "$DATA"
    if ! su postgres -s /bin/sh -c "test -w $(printf '%q' "$DATA")"; then
      local alt
      alt="${TMPDIR:-/tmp}/engram-pgdata-$(printf '%s' "$ROOT_DIR" | cksum | cut -d' ' -f1)"
      log "$DATA is not writable by user postgres; using $alt"
      DATA="$alt"
      mkdir -p "$DATA"
      chown postgres:postgres "$DATA"
    fi
  fi
  CLUSTER="$DATA/cluster"
  mkdir -p "$DATA/leases"
}

server_pid() {
  local pidfile="$CLUSTER/postmaster.pid" pid
  [ -f "$pidfile" ] || return 1
  pid="$(head -1 "$pidfile")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && { echo "$pid"; return 0; }
  return 1
}

server_port() { sed -n 4p "$CLUSTER/postmaster.pid"; }
url_for() { echo "postgres://postgres@127.0.0.1:$1/postgres"; }

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

prune_leases() {
  local f pid
  for f in "$DATA/leases"/*; do
    [ -e "$f" ] || continue
    pid="$(basename "$f")"
    [ "$pid" = manual ] && continue
    kill -0 "$pid" 2>/dev/null || rm -f "$f"
  done
}

add_lease() { if [ -n "$HOLDER" ]; then touch "$DATA/leases/$HOLDER"; else touch "$DATA/leases/manual"; fi; }

do_start() {
  ensure_installed
  local pid port
  if pid="$(server_pid)"; then
    add_lease
    port="$(server_port)"
    log "already running (pid $pid, port $port)"
    url_for "$port"
    return 0
  fi
  if [ ! -f "$CLUSTER/PG_VERSION" ]; then
    log "initdb $CLUSTER ($("$BINDIR/postgres" --version))"
    rm -rf "$CLUSTER"
    as_owner "$BINDIR/initdb" -D "$CLUSTER" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >"$DATA/initdb.log" 2>&1 9>&- \
      || { cat "$DATA/initdb.log" >&2; die "initdb failed"; }
  fi
  port="$PREFERRED_PORT"
  while port_busy "$port"; do
    port=$((port + 1))
    [ "$port" -lt $((PREFERRED_PORT + 200)) ] || die "no free port in $PREFERRED_PORT..$port"
  done
  [ "$port" = "$PREFERRED_PORT" ] || log "port $PREFERRED_PORT is busy; using $port"
  as_owner "$BINDIR/pg_ctl" -D "$CLUSTER" -l "$DATA/log.txt" -w -t 60 \
    -o "-p $port -k $DATA -c listen_addresses=127.0.0.1 -c max_connections=200" start >&2 9>&- \
    || { tail -20 "$DATA/log.txt" >&2; die "pg_ctl start failed"; }
  pid="$(server_pid)" || die "server exited after start; see $DATA/log.txt"
  add_lease
  log "started (pid $pid, port $port, data $CLUSTER)"
  url_for "$port"
}

do_stop() {
  local pid i
  if [ -n "$HOLDER" ]; then
    rm -f "$DATA/leases/$HOLDER"
    prune_leases
    if [ -n "$(ls -A "$DATA/leases")" ]; then
      log "still leased by: $(ls "$DATA/leases" | tr '\n' ' ')— not stopping"
      return 0
    fi
  fi
  rm -f "$DATA/leases"/*
  pid="$(server_pid)" || { log "not running"; return 0; }
  kill -INT "$pid"
  for i in $(seq 1 300); do
    kill -0 "$pid" 2>/dev/null || { log "stopped (pid $pid)"; return 0; }
    sleep 0.1
  done
  die "pid $pid did not exit within 30 s"
}

do_status() {
  local pid
  if pid="$(server_pid)"; then
    log "running (pid $pid)"
    url_for "$(server_port)"
    return 0
  fi
  log "not running"
  return 3
}

cmd="${1:-}"
case "$cmd" in
  start | stop | status) ;;
  *) die "usage: $0 start|stop|status" ;;
esac
resolve_data_dir
# One command at a time per data directory (concurrent test runs start and stop the same cluster).
exec 9>"$DATA/.lock"
flock -w 120 9 || die "timed out waiting for $DATA/.lock"
"do_$cmd"
