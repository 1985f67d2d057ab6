"""The package as a whole: its version, its docstrings and stubs, and long
work that releases the GIL and stops at Ctrl-C."""

import ast
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import klotski
from conftest import REPO

PACKAGE = Path(klotski.__file__).parent


def test_version_is_the_workspaces():
    cargo = (REPO / "Cargo.toml").read_text()
    workspace_version = re.search(r'\[workspace\.package\]\nversion = "([^"]+)"', cargo)
    assert klotski.__version__ == workspace_version.group(1)


def public_names(cls):
    return {name for name in vars(cls) if not name.startswith("_")}


def documented_aliases(source: str) -> set:
    """The type aliases of a module's source that a docstring follows."""
    body = ast.parse(source).body
    return {
        node.targets[0].id
        for node, after in zip(body, body[1:])
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and isinstance(after, ast.Expr)
        and isinstance(after.value, ast.Constant)
        and isinstance(after.value.value, str)
    }


def test_every_public_name_has_a_docstring_and_a_stub():
    stubbed = {
        node.name: node
        # _frames.py is Python, typed in itself.
        for source in ["_klotski.pyi", "_types.py", "_frames.py"]
        for node in ast.parse((PACKAGE / source).read_text()).body
        if isinstance(node, (ast.ClassDef, ast.FunctionDef))
    }
    # Metric and LayoutLike: aliases of typing's objects, which keep no
    # docstring of their own; theirs follows them in _types.py.
    aliases = documented_aliases((PACKAGE / "_types.py").read_text())
    assert {"Metric", "LayoutLike"} <= aliases
    assert (PACKAGE / "py.typed").exists()
    assert klotski.__doc__
    for name in klotski.__all__:
        if name == "__version__" or name in aliases:
            continue
        value = getattr(klotski, name)
        assert value.__doc__, name
        assert name in stubbed, name
        if isinstance(value, type) and not issubclass(value, Exception):
            in_stub = {
                node.name
                for node in stubbed[name].body
                if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")
            }
            assert public_names(value) == in_stub, name
            for attribute in public_names(value):
                assert getattr(value, attribute).__doc__, f"{name}.{attribute}"


def test_long_work_releases_the_gil():
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        started = time.perf_counter()
        klotski.Layout("4FEA13400").group().table()
        finished = time.perf_counter()
    finally:
        done.set()
        ticker.join()
    during = [t for t in ticks if started < t < finished]
    # The other thread ran all along: no gap of the computation's length.
    gaps = [b - a for a, b in zip(during, during[1:])]
    assert len(during) > 10 and max(gaps) < (finished - started) / 2


# Run in a process of its own: the largest group (2-6-1-0, 964,656 layouts)
# takes seconds to find and minutes to analyse. Ctrl-C comes a second into
# its table(); then the process's CPU time and memory say whether the work
# went on.
CTRL_C_SCRIPT = """
import json, os, resource, signal, threading, time
import klotski

def rss_mb():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

group = klotski.Layout("00006FFF0").group()
before = rss_mb()
threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()
try:
    group.table()
    interrupted = False
except KeyboardInterrupt:
    interrupted = True
cpu = time.process_time()
solution = klotski.solve("1A9BF0C00")
solve_cpu = time.process_time() - cpu
time.sleep(0.5)
print(json.dumps({
    "interrupted": interrupted,
    "n_steps": len(solution) - 1,
    "solve_cpu": solve_cpu,
    "idle_cpu": time.process_time() - cpu - solve_cpu,
    "before_mb": before,
    "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "after_mb": rss_mb(),
}))
"""


def test_ctrl_c_stops_the_work_and_frees_it():
    done = subprocess.run(
        [sys.executable, "-c", CTRL_C_SCRIPT], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    print(seen)
    assert seen["interrupted"]
    assert seen["n_steps"] == 81
    # CPU time, not wall time, so that a loaded machine cannot fail it: the
    # interrupted analysis used both cores while it ran; stopped, it uses
    # none, and the small search after it needs a fraction of a second.
    assert seen["solve_cpu"] < 1.0
    assert seen["idle_cpu"] < 0.1
    # What the analysis built is freed: memory falls back most of the way.
    grown = seen["peak_mb"] - seen["before_mb"]
    assert grown > 50
    assert seen["after_mb"] - seen["before_mb"] < grown / 2


def test_a_skipped_test_fails_where_every_test_must_run(tmp_path):
    """conftest.py turns a skip into a failure under ``KLOTSKI_CI=1``, as
    CI sets it; elsewhere a skip stays a skip."""
    (tmp_path / "test_skipping.py").write_text(
        "import pytest\n\n"
        "pytest.importorskip('a_module_that_is_not_there')\n\n"
        "def test_never_run():\n    pass\n"
    )
    (tmp_path / "test_skipped.py").write_text(
        "import pytest\n\ndef test_skipped():\n    pytest.skip('no tool')\n"
    )

    def run(ci: str, path: Path) -> "subprocess.CompletedProcess[str]":
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "conftest", str(path)],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env={**os.environ, "KLOTSKI_CI": ci, "PYTHONPATH": str(Path(__file__).parent)},
        )

    for test in ["test_skipping.py", "test_skipped.py"]:
        in_ci = run("1", tmp_path / test)
        assert in_ci.returncode != 0, in_ci.stdout
        assert "skipped, and with KLOTSKI_CI=1 every test runs" in in_ci.stdout, in_ci.stdout
    elsewhere = run("", tmp_path)
    assert elsewhere.returncode == 0 and "2 skipped" in elsewhere.stdout, elsewhere.stdout
