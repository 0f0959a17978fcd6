#!/bin/sh
# Runs the compiled backend (dist/src/main.js) with its runtime settings, the one place they are
# kept: `npm start` execs this file, and a container runs it as its command, in exec form:
#   CMD ["scripts/start.sh"]
# It execs node in turn, so the server is the process the supervisor started and signals: SIGTERM
# or SIGINT drains the requests in flight and exits 0. Its arguments are passed on to the server.
#
# The settings keep the resident memory of a loaded service down, some 60 MB on SQLite and 90 MB on
# PostgreSQL after the benchmark's load, for a throughput the same within the noise (measured in
# turns: docs/performance.md#memory-settings-of-npm-start has each figure). Change one only with
# such a measurement (npm run bench reports the RSS after the load): every value below was chosen
# against others, measured the same way.

# glibc gives every thread that allocates (V8's GC helpers, the SQLite checkpoint worker) an arena of
# its own, 64 MB of address space each, and keeps what each once held. Two arenas serve this
# process's few allocating threads without that growth.
export MALLOC_ARENA_MAX=2

# Blocks of 32 KiB and more (the segments of V8's compiler zones, 17 MB at their peak) are mapped on
# their own and returned when freed, instead of leaving holes in the heap that glibc never gives
# back: 18 MB less after a load (172 -> 154 MB on average over three runs each), the same
# throughput. 128 KiB, glibc's starting value, left those segments in the heap and changed nothing
# beyond the noise.
export MALLOC_MMAP_THRESHOLD_=32768

# V8's young generation stays at two semi-spaces of 4 MB instead of growing to 64 MB: after a load it
# holds almost nothing (0.1 MB used of the 16 MB that semi-spaces of 8 MB kept). 4 against 8, in
# turns at 50 connections: 143-145 against 152-153 MB on SQLite, 130 against 146 MB on PostgreSQL,
# throughput within the noise (0.91-1.10x). An earlier round on PostgreSQL listFlows alone found 4
# no leaner and 0.93x as fast, and 8 came back for a while: the value went 8, 4, 8, 4 over four
# commits (git log -S semi-space); the heap statistics and the rounds above settled it at 4.
young_generation=--max-semi-space-size=4

# V8's old generation grows to 1.5 times what survived its last full collection, not up to 4 times,
# so the heap stays near what the service holds: 140 against 218 MB after a load on PostgreSQL, for
# 0.97x the throughput of listFlows (in turns, 4 rounds).
old_generation=--heap-growing-percent=50

exec node "$young_generation" "$old_generation" "$(dirname "$0")/../dist/src/main.js" "$@"
