"""Usage: python3 bench/scripts/stall.py PORT SECONDS, with big.txt in the
current directory holding one code per group of 300,000+ layouts
(sqlite3 DB "SELECT smallest_code FROM layout_group WHERE size >= 300000").

The stall measurement: 8 clients (each its own loopback address) loop over
/case/{code}/farthest in the groups of 300,000+ layouts while one more client
times /path/4FEA13400/43EA73400 (a group of 81,340). Prints the probe's
median and p99 and every status seen."""
import http.client, sys, threading, time, statistics, collections
port = int(sys.argv[1]); seconds = float(sys.argv[2])
codes = [line.strip() for line in open("big.txt") if line.strip()]
stop = time.time() + seconds
statuses = collections.Counter()
lock = threading.Lock()
def heavy(i):
    k = i
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(f"127.0.0.{10+i}", 0))
    while time.time() < stop:
        try:
            conn.request("GET", f"/case/{codes[k % len(codes)]}/farthest?limit=5")
            r = conn.getresponse(); r.read()
            with lock: statuses[("heavy", r.status)] += 1
        except Exception as e:
            with lock: statuses[("heavy", type(e).__name__)] += 1
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(f"127.0.0.{10+i}", 0))
        k += 8
threads = [threading.Thread(target=heavy, args=(i,)) for i in range(8)]
for t in threads: t.start()
time.sleep(2)
lat = []
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=("127.0.0.2", 0))
while time.time() < stop:
    t0 = time.time()
    conn.request("GET", "/path/4FEA13400/43EA73400"); r = conn.getresponse(); r.read()
    lat.append(time.time() - t0); statuses[("path", r.status)] += 1
    time.sleep(0.2)
for t in threads: t.join()
lat.sort()
print(f"probe /path: n={len(lat)} median={statistics.median(lat)*1000:.0f} ms p99={lat[int(0.99*(len(lat)-1))]*1000:.0f} ms max={lat[-1]*1000:.0f} ms")
print(dict(statuses))
