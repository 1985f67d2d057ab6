#!/usr/bin/env bash
# /case/{random} lookups against the same server's rejected requests
# (/case/ZZZ, a malformed code answered 400 before any query): the two
# rates in alternating wrk rounds on one server, so that the ratio says what
# a lookup adds to the stack's own cost whatever else the machine does. Each
# round prints both rates, their p99s and the load average; the last line
# gives the medians and the ratio of the medians. A lookup round with an
# answer other than 2xx stops the run: its codes are not the database's.
#
#   bench/scripts/lookup-ratio.sh BINARY DB CODES [ROUNDS] [SECONDS] [-- SERVER_ARGS...]
#
# CODES: a file of codes, one a line, drawn at random by case_random.lua
# (e.g. `sqlite3 DB "SELECT code FROM layout ORDER BY random() LIMIT
# 100000" > CODES`). wrk runs at nice 10 so it does not take the cores
# from the server.
set -euo pipefail
binary=$1 db=$2 codes=$3 rounds=${4:-5} seconds=${5:-10}
shift $(( $# < 5 ? $# : 5 ))
[ "${1:-}" = "--" ] && shift
port=18098
url=http://127.0.0.1:$port
script=$(dirname "$0")/case_random.lua

"$binary" --db "$db" --listen 127.0.0.1:$port "$@" 2>/dev/null &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -sf $url/health >/dev/null && break; sleep 0.1; done

run() { # wrk arguments... -> "requests/s p99 non-2xx"
    nice -n 10 wrk -t2 -c64 -d"${seconds}"s --latency "$@" | awk '
        /^Requests\/sec/ {rate = $2}
        / 99%/ {p99 = $2}
        /Non-2xx/ {bad = $NF}
        END {print rate, p99, bad + 0}'
}

CODES=$codes nice -n 10 wrk -t2 -c64 -d2s -s "$script" "$url" >/dev/null # warm-up
out=${TMPDIR:-/tmp}/lookup-ratio.$$
: >"$out"
for i in $(seq "$rounds"); do
    read -r lookups lookups_p99 bad < <(CODES=$codes run -s "$script" "$url")
    if [ "$bad" -ne 0 ]; then
        echo "round $i: $bad lookups not answered 2xx: are the codes of $db?" >&2
        exit 1
    fi
    read -r rejected rejected_p99 _ < <(run "$url/case/ZZZ")
    echo "round $i lookups/s $lookups p99 $lookups_p99 rejected/s $rejected p99 $rejected_p99 ratio $(awk -v a="$lookups" -v b="$rejected" 'BEGIN {printf "%.2f", a / b}') load $(cut -d' ' -f1 /proc/loadavg)"
    echo "$lookups $rejected" >>"$out"
done
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
l=$(cut -d' ' -f1 "$out" | median) r=$(cut -d' ' -f2 "$out" | median)
rm "$out"
awk -v l="$l" -v r="$r" 'BEGIN {printf "median lookups/s %.0f rejected/s %.0f ratio %.2f\n", l, r, l / r}'
