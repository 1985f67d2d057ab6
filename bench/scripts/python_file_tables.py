"""Usage: python3 bench/scripts/python_file_tables.py DB [GROUP] [--graph]

A group's numbers read from a built file (docs/python.md), with the package
installed (`pip install ./python`), each way in a process of its own so
that its peak memory is its own (GROUP default 2-6-1-0, the largest):

- `Database(DB).group(GROUP).table()`, against `pandas.read_sql` of the
  same rows and columns through `sqlite3`: wall time and peak RSS of each.
- with `--graph`, `Database(DB).group(GROUP).to_networkx()` (the file's
  numbers, no analysis): wall time and peak RSS.
"""
import json
import subprocess
import sys

args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
db, group = args[0], args[1] if len(args) > 1 else "2-6-1-0"
jiang, bing, style, group_num = group.split("-")

PRELUDE = f"""
import json, resource, time
import klotski
db = klotski.Database({db!r})
started = time.perf_counter()
"""
REPORT = """
print(json.dumps({"seconds": time.perf_counter() - started, "rows": rows,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""
NUMBERS = ("farthest_step, farthest_num, min_solution_step, min_solution_num, solution_num, "
           "min_straight_moves, min_cell_moves, n_min_step_sequences, n_min_straight_sequences, "
           "n_min_cell_sequences")
WAYS = {
    "db.group(x).table()": f"rows = len(db.group({group!r}).table()['code'])",
    "pandas.read_sql": (
        "import pandas\n"
        f"rows = len(pandas.read_sql('SELECT code, id, group_index, {NUMBERS} FROM layout "
        f"WHERE jiang = {jiang} AND bing = {bing} AND style = {style} AND group_num = {group_num} "
        "ORDER BY group_index', db.connection))"
    ),
}
if "--graph" in sys.argv:
    WAYS["db.group(x).to_networkx()"] = f"rows = db.group({group!r}).to_networkx().number_of_nodes()"

for name, code in WAYS.items():
    done = subprocess.run([sys.executable, "-c", PRELUDE + code + REPORT], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(done.stderr)
    seen = json.loads(done.stdout)
    print(f"{name}: {seen['rows']} rows, {seen['seconds']:.1f} s, peak {seen['peak_mb']:.0f} MB")
