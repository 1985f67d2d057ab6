#!/usr/bin/env bash
# /case throughput of two klotski-server binaries, interleaved A/B/A/B on
# loopback with wrk, e.g. a build without the metrics layer against one with
# it. Each run prints the requests per second and the server's CPU time per
# request (user + system, from /proc: less disturbed than the throughput by
# other work on a shared machine); the last line gives the medians and the
# B/A ratios.
#
#   bench/scripts/case-ab.sh BINARY_A BINARY_B DB [ROUNDS] [SECONDS] [-- SERVER_ARGS...]
#
# DB: a database holding 1A9BF0C00 (`klotski build-db --classes standard`);
# `DB_A:DB_B` gives each binary its own file (two schema versions). With
# CODES=FILE (codes, one a line) each request asks for a code drawn at
# random from FILE (case_random.lua) instead of 1A9BF0C00.
set -euo pipefail
a=$1 b=$2 db_a=${3%%:*} db_b=${3#*:} rounds=${4:-4} seconds=${5:-10}
shift $(( $# < 5 ? $# : 5 ))
[ "${1:-}" = "--" ] && shift
port=18099
url=http://127.0.0.1:$port/case/1A9BF0C00
script=()
if [ -n "${CODES:-}" ]; then
    url=http://127.0.0.1:$port
    script=(-s "$(dirname "$0")/case_random.lua")
fi
ticks=$(getconf CLK_TCK)

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

run() { # binary db -> "requests/s cpu-µs/request"
    "$1" --db "$2" --listen 127.0.0.1:$port "${@:3}" 2>/dev/null &
    local pid=$!
    for _ in $(seq 100); do curl -sf http://127.0.0.1:$port/health >/dev/null && break; sleep 0.1; done
    wrk -t2 -c64 -d1s "${script[@]}" "$url" >/dev/null # warm-up
    local before out after
    before=$(cpu_ticks "$pid")
    out=$(wrk -t2 -c64 -d"${seconds}"s "${script[@]}" "$url")
    after=$(cpu_ticks "$pid")
    kill "$pid"; wait "$pid" 2>/dev/null || true
    awk -v used=$((after - before)) -v hz="$ticks" '
        /requests in/ {n = $1}
        /^Requests\/sec/ {rps = $2}
        END {printf "%s %.2f\n", rps, used / hz * 1e6 / n}' <<<"$out"
}

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

: >"${TMPDIR:-/tmp}/case-ab.$$"
for i in $(seq "$rounds"); do
    for side in A B; do
        binary=$a db=$db_a; [ $side = B ] && binary=$b db=$db_b
        result=$(run "$binary" "$db" "$@")
        echo "round $i $side rps/cpu-us $result"
        echo "$side $result" >>"${TMPDIR:-/tmp}/case-ab.$$"
    done
done
col() { awk -v s="$1" -v c="$2" '$1 == s {print $c}' "${TMPDIR:-/tmp}/case-ab.$$" | median; }
ra=$(col A 2) rb=$(col B 2) ca=$(col A 3) cb=$(col B 3)
rm "${TMPDIR:-/tmp}/case-ab.$$"
awk -v ra="$ra" -v rb="$rb" -v ca="$ca" -v cb="$cb" 'BEGIN {
    printf "median rps A %.0f B %.0f B/A %.3f; cpu-us/request A %.2f B %.2f B/A %.3f\n",
        ra, rb, rb / ra, ca, cb, cb / ca }'
