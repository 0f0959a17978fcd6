#!/bin/sh
# `npm run sandbox` execs this file: the sandbox from source (src/sandbox.ts through tsx: the code as
# it is now, no build needed) with the runtime settings of `npm start`, which scripts/start.sh keeps
# and explains. Without them, 500 `demo` sessions held 453-526 MB where the benchmark, which ran the
# sandbox with those settings, measured 253-274 MB: glibc's per-thread arenas and the holes V8's
# freed compiler zones leave in the heap, which it never gives back (docs/operating.md#sandbox-sessions).
# It execs node in turn, so the sandbox is the process npm signals: Ctrl-C or SIGTERM stops it.
set -eu
cd "$(dirname "$0")/.."

# start.sh's `export NAME=value` lines (the allocator's) and `name=--option` lines (V8's): the form
# scripts/compile.ts's startCommand() reads for the benchmark too, so the settings stay in one place.
settings="$(sed -n 's/^export \([A-Z_][A-Z0-9_]*=[^ ]*\)$/\1/p' scripts/start.sh)"
options="$(sed -n 's/^[a-z_][a-z_]*=\(--[^ ]*\)$/\1/p' scripts/start.sh)"
if [ -z "$settings" ] || [ -z "$options" ]; then
  echo "scripts/sandbox.sh: scripts/start.sh has no \"export NAME=value\" or no \"name=--option\" lines" >&2
  exit 1
fi
# Each is one word without spaces (the patterns above): split on whitespace, never globbed.
set -f
# shellcheck disable=SC2086
export $settings
# shellcheck disable=SC2086
exec node $options --import tsx src/sandbox.ts "$@"
