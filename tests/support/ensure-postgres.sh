#!/usr/bin/env bash
# The store tests run on a real PostgreSQL server they start themselves (issue 13), from Debian's
# `postgresql` binaries. Installs them when missing and this user can (root with apt-get);
# otherwise says what to do. Only the binaries are used: no system service is started.
set -euo pipefail
if command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing PostgreSQL (Debian package) for the store tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  exit 0
fi
echo "PostgreSQL is missing: run 'sudo apt-get install -y postgresql' (the store tests start their own server from its binaries)." >&2
exit 1
