#!/usr/bin/env bash
# Debian's Chromium for the inspector's browser tests (driven with playwright-core), installed when missing.
#
#   scripts/chromium.sh        # installs the `chromium` package with apt-get if /usr/bin/chromium is missing;
#                              # prints the executable's path as the last line of stdout
#
# Idempotent and quiet: a machine that has it only prints the path. Installing needs root (CI runs as root on a
# fresh machine); otherwise it fails with the command to run. Any failure exits non-zero, so the tests that
# call it fail loudly instead of skipping.
set -euo pipefail

log() { printf '[chromium] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

BIN="${ENGRAM_CHROMIUM:-/usr/bin/chromium}"

# One install at a time (test files may call this in parallel).
LOCK="${TMPDIR:-/tmp}/engram-chromium.lock"
exec 9>"$LOCK"
flock -w 900 9 || die "timed out waiting for $LOCK"

if [ ! -x "$BIN" ]; then
  [ "$(id -u)" = 0 ] || die "$BIN is missing; run as root once, or: apt-get install -y chromium"
  log "installing Debian's chromium with apt-get (once)"
  export DEBIAN_FRONTEND=noninteractive
  APT_LOG="$(mktemp)"
  trap 'rm -f "$APT_LOG"' EXIT
  if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core; } >"$APT_LOG" 2>&1; then
    cat "$APT_LOG" >&2
    die "apt-get could not install chromium"
  fi
  [ -x "$BIN" ] || die "apt-get installed chromium but $BIN is not there"
fi
"$BIN" --version >/dev/null 2>&1 || die "$BIN does not run"
echo "$BIN"
