#!/usr/bin/env bash
# /case/{random} lookups against the same server's rejected requests
# (/case/Z7D3DD300, a code whose first digit is made a Z, answered 400
# before any query): the two rates in alternating wrk rounds on one server,
# so that the ratio says what a lookup adds to the stack's own cost whatever
# else the machine does. Both kinds of round draw their codes at random from
# a file through the same script, so the load generator, which shares the
# machine, spends the same on each request of either kind. Each
# round prints both rates, their p99s, the server's CPU time per request
# (user + system, from /proc) and the load average; the last line gives the
# medians, the ratio of the median rates and the ratio of the median CPU
# times (rejected over lookup: what the rate ratio would be if the server
# alone used the cores; it moves less with the machine's other work than
# the rates do). A lookup round with an answer other than 2xx stops the
# run: its codes are not the database's.
#
#   bench/scripts/lookup-ratio.sh BINARY DB CODES [ROUNDS] [SECONDS] [-- SERVER_ARGS...]
#
# CODES: a file of codes, one a line, drawn at random by case_random.lua
# (e.g. `sqlite3 DB "SELECT code FROM layout ORDER BY random() LIMIT
# 100000" > CODES`). wrk runs at nice 10 so it does not take the cores
# from the server. PORT (default 18098) is the server's port, so that two
# runs can share a machine. To compare two binaries, run the script for
# each in turn, each with its own database if their schemas differ.
set -euo pipefail
binary=$1 db=$2 codes=$3 rounds=${4:-5} seconds=${5:-10}
shift $(( $# < 5 ? $# : 5 ))
[ "${1:-}" = "--" ] && shift
port=${PORT:-18098}
url=http://127.0.0.1:$port
script=$(dirname "$0")/case_random.lua

"$binary" --db "$db" --listen 127.0.0.1:$port "$@" 2>/dev/null &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -sf $url/health >/dev/null && break; sleep 0.1; done

ticks=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }

run() { # wrk arguments... -> "requests/s p99 non-2xx server-cpu-µs/request"
    local before out after
    before=$(cpu_ticks)
    out=$(nice -n 10 wrk -t2 -c64 -d"${seconds}"s --latency "$@")
    after=$(cpu_ticks)
    awk -v used=$((after - before)) -v hz="$ticks" '
        /requests in/ {n = $1}
        /^Requests\/sec/ {rate = $2}
        / 99%/ {p99 = $2}
        /Non-2xx/ {bad = $NF}
        END {printf "%s %s %d %.2f\n", rate, p99, bad, used / hz * 1e6 / n}' <<<"$out"
}

CODES=$codes nice -n 10 wrk -t2 -c64 -d2s -s "$script" "$url" >/dev/null # warm-up
out=${TMPDIR:-/tmp}/lookup-ratio.$$
malformed=$out.malformed
sed 's/^./Z/' "$codes" >"$malformed"
trap 'kill $pid 2>/dev/null || true; rm -f "$malformed"' EXIT
: >"$out"
for i in $(seq "$rounds"); do
    read -r lookups lookups_p99 bad lookups_cpu < <(CODES=$codes run -s "$script" "$url")
    if [ "$bad" -ne 0 ]; then
        echo "round $i: $bad lookups not answered 2xx: are the codes of $db?" >&2
        exit 1
    fi
    read -r rejected rejected_p99 _ rejected_cpu < <(CODES=$malformed run -s "$script" "$url")
    echo "round $i lookups/s $lookups p99 $lookups_p99 cpu-µs $lookups_cpu rejected/s $rejected p99 $rejected_p99 cpu-µs $rejected_cpu ratio $(awk -v a="$lookups" -v b="$rejected" 'BEGIN {printf "%.2f", a / b}') load $(cut -d' ' -f1 /proc/loadavg)"
    echo "$lookups $rejected $lookups_cpu $rejected_cpu" >>"$out"
done
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
l=$(cut -d' ' -f1 "$out" | median) r=$(cut -d' ' -f2 "$out" | median)
lc=$(cut -d' ' -f3 "$out" | median) rc=$(cut -d' ' -f4 "$out" | median)
rm "$out"
awk -v l="$l" -v r="$r" -v lc="$lc" -v rc="$rc" 'BEGIN {
    printf "median lookups/s %.0f rejected/s %.0f ratio %.2f; cpu-µs/request lookups %.2f rejected %.2f ratio %.2f\n",
        l, r, l / r, lc, rc, rc / lc }'
