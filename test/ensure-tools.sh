#!/usr/bin/env bash
# Makes sure the system programs the tests run against are installed: redis-server (the
# suite starts its own on a free port), ktoblzcheck (an independent German account-number
# validator: its command line, and its library with a C++ compiler for the tests' per-method
# judge), sqlite3 and PostgreSQL (the SQL output is loaded into both), and chromium (the web
# page's browser tests drive it with playwright-core), and nginx (deploy/nginx.conf runs in front
# of two servers), and xmllint (payment files are validated against ISO 20022's schemas). As root
# on Debian it installs what is missing; elsewhere it says what to install.
set -euo pipefail

declare -A PACKAGE_OF=([curl]=curl [redis-server]=redis-server [ktoblzcheck]=ktoblzcheck [g++]=g++ [sqlite3]=sqlite3 [psql]=postgresql-client [chromium]=chromium [nginx]=nginx [xmllint]=libxml2-utils)
missing=()
for program in "${!PACKAGE_OF[@]}"; do
  command -v "$program" >/dev/null 2>&1 || missing+=("${PACKAGE_OF[$program]}")
done
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
[[ -f /usr/include/ktoblzcheck.h ]] || missing+=(libktoblzcheck1-dev)
# Chromium without recommended packages has no fonts; the page's screenshots need one.
[[ " ${missing[*]} " == *" chromium "* ]] && missing+=(fonts-dejavu-core)
((${#missing[@]} == 0)) && exit 0

if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-tools: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "ensure-tools: the tests need: ${missing[*]}" >&2
  echo "  on Debian/Ubuntu: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
