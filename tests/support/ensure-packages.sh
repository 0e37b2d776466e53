#!/usr/bin/env bash
# What the tests need from Debian, never downloaded by hand: Chromium for the end-to-end tests
# (driven by playwright-core), PostgreSQL's binaries for the store and fault tests (they start
# their own server; no system service is used), LibreOffice Calc without its GUI, which reads
# back the xlsx report, and nginx, which the deployment tests put in front of two BFFs with the
# shipped configuration (they start their own; no system service is used), and buildah with
# busybox-static, which build the container image from infra/deploy/Dockerfile on a base made here
# (no daemon, no registry), and libfaketime, which moves a BFF's clock for real in the interviews'
# journey (its reminders fall due). Installs what is missing when this user can (root with apt-get);
# otherwise says what to do.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-calc-nogui)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v buildah >/dev/null 2>&1 || missing+=(buildah)
[ -x /bin/busybox ] || missing+=(busybox-static)
ls /usr/lib/*/faketime/libfaketime.so.1 >/dev/null 2>&1 || missing+=(libfaketime)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} (Debian packages) for the tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
echo "Missing: ${missing[*]} — run 'sudo apt-get install -y ${missing[*]}' (the end-to-end tests need /usr/bin/chromium; the store tests start PostgreSQL from its binaries)." >&2
exit 1
