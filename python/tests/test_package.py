"""The package as a whole: its version, its docstrings and stubs, and long
work that releases the GIL and stops at Ctrl-C."""

import ast
import re
import signal
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


def test_every_public_name_has_a_docstring_and_a_stub():
    stubs = ast.parse((PACKAGE / "_klotski.pyi").read_text())
    stubbed = {node.name: node for node in stubs.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
    assert (PACKAGE / "py.typed").exists()
    assert klotski.__doc__
    for name in klotski.__all__:
        if name == "__version__":
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


def test_ctrl_c_stops_a_long_computation():
    # The largest group (2-6-1-0, 964,656 layouts) takes seconds to find
    # and minutes to analyse: Ctrl-C must end the wait at once.
    script = (
        "import klotski\n"
        "layout = klotski.Layout('00006FFF0')\n"
        "print('ready', flush=True)\n"
        "layout.group().table()\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdout.readline() == "ready\n"
    time.sleep(0.5)
    sent = time.perf_counter()
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert "KeyboardInterrupt" in stderr
    assert time.perf_counter() - sent < 5
