"""Usage: python3 bench/scripts/python_package.py KLOTSKI_BIN [ROUNDS] [CODE] [--no-table]

The Python package (docs/python.md) against the CLI, with the package
installed (`pip install ./python`) in the Python that runs this:

- `Layout(CODE).group().table()` in this process against `KLOTSKI_BIN
  analyse CODE --json` (a process each), in turn, ROUNDS rounds (default 7,
  CODE 4FEA13400): the least and median wall time of each and their ratio.
  Both build the group's graph and run the three counting searches; the
  table adds the analysis of every layout, the CLI one layout's search.
  The engine's own time for the table's work is `time_group CODE` (graph,
  whole analysis, counting searches: `cargo run --release -p bench --bin
  time_group -- CODE 7`). `--no-table` leaves the table out (the largest
  groups' take minutes).
- `Layout(CODE).analyse()` against the same CLI call: the same work.
- `Layout(text)` and `Layout(text).moves()` per call (timeit, the best of 5).
"""
import statistics
import subprocess
import sys
import time
import timeit

import klotski

flags = [arg for arg in sys.argv[1:] if arg.startswith("--")]
args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
binary = args[0]
rounds = int(args[1]) if len(args) > 1 else 7
code = args[2] if len(args) > 2 else "4FEA13400"
with_table = "--no-table" not in flags


def wall(work):
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def cli():
    subprocess.run([binary, "analyse", code, "--json"], check=True, capture_output=True)


layout = klotski.Layout(code)
layout.classification  # the class's groups, found once, as a session would
times = {"table": [], "analyse": [], "cli": []} if with_table else {"analyse": [], "cli": []}
for _ in range(rounds):
    if with_table:
        times["table"].append(wall(lambda: layout.group().table()))
    times["cli"].append(wall(cli))
    times["analyse"].append(wall(layout.analyse))
for name, values in times.items():
    print(f"{name:8} least {min(values):.3f} s, median {statistics.median(values):.3f} s")
for name in [name for name in times if name != "cli"]:
    ratio = statistics.median(times[name]) / statistics.median(times["cli"])
    print(f"{name} / cli: median {ratio:.2f}, least {min(times[name]) / min(times['cli']):.2f}")

for text in ("1A9BF0C00", "4WVE1"):
    n = 20000
    per_layout = min(timeit.repeat(lambda: klotski.Layout(text), number=n, repeat=5)) / n
    per_moves = min(timeit.repeat(lambda: klotski.Layout(text).moves(), number=n, repeat=5)) / n
    print(f"Layout({text!r}): {per_layout * 1e6:.2f} us; with .moves(): {per_moves * 1e6:.2f} us")
