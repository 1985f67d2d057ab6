#!/usr/bin/env bash
# A build's CPU, phase by phase: the wall time, the CPU seconds and the idle
# core-seconds (cores x wall - CPU) of each phase, from the build's
# /proc/PID/stat read every half second beside it (Linux only).
#
#   bench/scripts/build_cpu.sh BIN DB [BUILD-DB ARGUMENTS...]
#
# BIN is a `klotski` binary (target/release/klotski), DB the database to build
# from scratch: its side files (`DB.building`, `DB.checkpoint`) are removed
# first, so that nothing is resumed, and a database already at DB is refused
# by build-db unless the arguments say --force. The build's log,
# with each group of 10,000 layouts or more and its wall time, and
# /usr/bin/time's figures at its end, is left at DB.log; the samples at DB.cpu
# (seconds since the epoch, then the CPU ticks so far). Example, the figures
# of BENCHMARKS.md's recorded build:
#
#   bench/scripts/build_cpu.sh target/release/klotski /tmp/full.db
set -euo pipefail

if [[ $# -lt 2 ]]; then
    echo "usage: $0 BIN DB [BUILD-DB ARGUMENTS...]" >&2
    exit 2
fi
bin=$1
db=$2
shift 2
mkdir -p "$(dirname "$db")"
rm -f "$db".building* "$db".checkpoint*

started=$(date +%s.%N)
RUST_LOG=info,builder::database_build::analyse=debug \
    /usr/bin/time -v "$bin" build-db --db "$db" "$@" > "$db.log" 2>&1 &
timer=$!
build=""
while [[ -z $build ]] && kill -0 "$timer" 2> /dev/null; do
    build=$(pgrep -P "$timer" || true)
    sleep 0.05
done

# The build's CPU is nothing when it starts.
echo "$started 0" > "$db.cpu"
while [[ -n $build ]] && read -r -a stat 2> /dev/null < "/proc/$build/stat"; do
    # Fields 14 and 15: user and system time in clock ticks.
    echo "$(date +%s.%N) $((stat[13] + stat[14]))" >> "$db.cpu"
    sleep 0.5
done
status=0
wait "$timer" || status=$?
if [[ $status -ne 0 ]]; then
    echo "the build failed (exit $status): see $db.log" >&2
    exit "$status"
fi

# Each phase's end, as the log timestamps it.
ends=$(sed -nE 's/^([^ ]*) .*done phase="([a-z]*)".*/\1 \2/p' "$db.log" |
    while read -r stamp phase; do
        echo "$(date -d "$stamp" +%s.%N) $phase"
    done)
awk -v started="$started" -v ticks="$(getconf CLK_TCK)" -v cores="$(nproc)" '
    FNR == NR { t[n] = $1; c[n] = $2 / ticks; n++; next }
    function cpu_at(x,    i, f) {
        if (x <= t[0]) return c[0]
        for (i = 1; i < n; i++)
            if (t[i] >= x) { f = (x - t[i-1]) / (t[i] - t[i-1]); return c[i-1] + f * (c[i] - c[i-1]) }
        return c[n-1]
    }
    BEGIN { printf "%-10s %10s %10s %18s\n", "phase", "wall (s)", "CPU (s)", "idle core-seconds" }
    {
        from = (FNR == 1) ? started : previous
        wall = $1 - from; used = cpu_at($1) - cpu_at(from)
        printf "%-10s %10.1f %10.1f %18.1f\n", $2, wall, used, cores * wall - used
        previous = $1
    }
' "$db.cpu" - <<< "$ends"
grep -E 'Elapsed|Maximum resident' "$db.log" | sed 's/^\t//'
