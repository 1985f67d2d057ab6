#!/usr/bin/env bash
# The hot path against the HTTP stack's own rate, one server binary after
# another on the same database and codes (loopback only, about 40 s a
# binary): a 3 s warm-up, then a request the router rejects without a
# query (a code of CODES with its first digit made a Z) and /case/{random
# code} in turn, 4 s each, twice, both drawn through case_random.lua so that
# wrk spends the same on either, then 8 s each of /health (-c32) and
# /case/{random code}/moves (-c8). Prints requests/s and p99 of each, and
# the ratio of /case to the rejected rate.
#
#   bench/scripts/hot_path.sh DB CODES SERVER_BINARY...
#
# CODES: a file of codes, one a line, e.g. 20,000 codes of random ids:
#   python3 -c "import sqlite3, random; c = sqlite3.connect('DB'); \
#     [print(c.execute('SELECT code FROM layout WHERE id = ?', (i,)).fetchone()[0]) \
#      for i in random.sample(range(29334498), 20000)]" > codes.txt
set -euo pipefail
db=$1 codes=$2
shift 2
script="$(dirname "$0")/case_random.lua"
addr=127.0.0.1:8099
malformed=$(mktemp)
trap 'rm -f "$malformed"' EXIT
sed 's/^./Z/' "$codes" >"$malformed"
# Requests/s and p99 of one wrk run.
measure() { wrk "$@" --latency | awk '/Requests\/sec/ {rate = $2} / 99%/ {p99 = $2} END {print rate, p99}'; }
for server in "$@"; do
    "$server" --db "$db" --listen "$addr" >/dev/null 2>&1 &
    pid=$!
    sleep 2
    CODES=$codes wrk -t1 -c32 -d3s -s "$script" "http://$addr" >/dev/null
    # The stack's rate drifts by 10% from one window to the next on this
    # machine: the two routes alternate, 4 s at a time, twice, and each
    # figure is the mean of its two windows (both p99s are printed).
    read -r rejected rejected_p99 < <(CODES=$malformed measure -t1 -c32 -d4s -s "$script" "http://$addr")
    read -r case case_p99 < <(CODES=$codes measure -t1 -c32 -d4s -s "$script" "http://$addr")
    read -r rejected2 rejected2_p99 < <(CODES=$malformed measure -t1 -c32 -d4s -s "$script" "http://$addr")
    read -r case2 case2_p99 < <(CODES=$codes measure -t1 -c32 -d4s -s "$script" "http://$addr")
    rejected=$(awk -v a="$rejected" -v b="$rejected2" 'BEGIN {printf "%.0f", (a + b) / 2}')
    case=$(awk -v a="$case" -v b="$case2" 'BEGIN {printf "%.0f", (a + b) / 2}')
    rejected_p99="$rejected_p99/$rejected2_p99"
    case_p99="$case_p99/$case2_p99"
    read -r health health_p99 < <(measure -t1 -c32 -d8s "http://$addr/health")
    read -r moves moves_p99 < <(SUFFIX=/moves CODES=$codes measure -t1 -c8 -d8s -s "$script" "http://$addr")
    ratio=$(awk -v a="$case" -v b="$rejected" 'BEGIN {printf "%.2f", a / b}')
    echo "$(basename "$server"): rejected $rejected/s (p99 $rejected_p99) | /case $case/s (p99 $case_p99), ratio $ratio | /health $health/s (p99 $health_p99) | /moves -c8 $moves/s (p99 $moves_p99)"
    kill "$pid"
    wait "$pid" 2>/dev/null || true
done
