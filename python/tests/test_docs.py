"""docs/python.md, the notebook and the stubs as a reader uses them: every
example runs (the researcher's session on a partial build), mypy --strict
trusts the package, their code and a researcher's typed snippets with the
package's stubs, and stubtest finds the stubs true to the compiled module."""

import doctest
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import klotski
from conftest import REPO

GUIDE = REPO / "docs" / "python.md"
NOTEBOOK = REPO / "python" / "examples" / "tour.ipynb"

# What stubtest may find, each line with its reason.
STUBTEST_ALLOWLIST = REPO / "python" / "tests" / "stubtest-allowlist.txt"

# The file the guide's session opens: the full build's name, replaced here
# by a partial build's path.
FULL_FILE = '"klotski.db"'


def python_blocks(markdown: str) -> list:
    """The guide's ```python blocks without ``>>>`` (those are doctests)."""
    blocks = re.findall(r"```python\n(.*?)```", markdown, re.S)
    return [block for block in blocks if not block.startswith(">>>")]


def doctest_code(markdown: str) -> str:
    """The code of the guide's ``>>>`` examples."""
    lines = re.findall(r"^(?:>>>|\.\.\.) ?(.*)$", markdown, re.M)
    return "\n".join(lines) + "\n"


def notebook_code() -> str:
    notebook = json.loads(NOTEBOOK.read_text())
    cells = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    return "\n\n".join(cells) + "\n"


def test_the_guides_examples_give_what_it_shows():
    failed, attempted = doctest.testfile(
        str(GUIDE), module_relative=False, globs={"klotski": klotski}, optionflags=doctest.ELLIPSIS
    )
    assert attempted > 5 and failed == 0


def test_the_guides_session_runs_on_a_partial_build(db_path, tmp_path):
    markdown = GUIDE.read_text()
    assert FULL_FILE in markdown
    code = "\n".join(python_blocks(markdown)).replace(FULL_FILE, repr(str(db_path)))
    script = tmp_path / "session.py"
    script.write_text(code)
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "MPLBACKEND": "Agg"},
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr


# What a researcher writes with the stubs, each a module that `mypy
# --strict` passes and that runs (the database's path is its argument).
TYPED_SNIPPETS = {
    # A return inside `with`: `__exit__` returns None, so mypy knows the
    # block does not swallow an exception.
    "steps_in_a_with.py": """
import sys
import klotski

def steps_to_solved(db: klotski.Database, layout: klotski.LayoutLike) -> int:
    with db:
        return db.case(layout).min_solution_step

assert steps_to_solved(klotski.Database(sys.argv[1]), "0-3-0-0-0") >= 0
""",
    # A metric held in a variable.
    "a_metric_variable.py": """
import typing
import klotski

metric: klotski.Metric = "cell"
metrics: typing.List[klotski.Metric] = ["step", "straight", metric]
steps = [len(klotski.solve("1A9BF0C00", each)) - 1 for each in metrics]
assert steps == [81, 90, 116], steps
assert typing.get_args(klotski.Metric) == ("step", "straight", "cell")
""",
    # A function that takes a layout as every call of the package does.
    "a_layout_argument.py": """
import typing
import klotski

def code_of(layout: klotski.LayoutLike) -> str:
    return klotski.Layout(layout).code

names: typing.List[klotski.LayoutLike] = ["4WVE1", klotski.Layout("1A9BF0C00"), "5-4-1-1-7472"]
assert {code_of(name) for name in names} == {"1A9BF0C00"}
""",
    # `in` a group: False for what is no layout of it, as for a list.
    "in_a_group.py": """
import klotski

group = klotski.Layout("00000003F").group()
found: bool = "zzz" in group
assert not found and 5 not in group and "00000003F" in group
""",
    # A graph's edge gives the move that plays from either end.
    "a_move_of_the_graph.py": """
import klotski

start = klotski.Layout("00000003F")
graph = start.group().to_networkx()
for a, b in graph.edges(start.code):
    move: str = graph.edges[a, b]["moves"][start.code]
    assert start.apply(move).code == b
""",
    # The named layouts' dicts: a published count may be None, a name's
    # keys are the same in every form.
    "named_layouts.py": """
import sys
import typing
import klotski

entries: typing.List[klotski.NamedLayoutDict] = klotski.named_layouts("曹营")
published: typing.List[int] = [e["published_steps"] for e in entries if e["published_steps"] is not None]
names: typing.List[klotski.NameDict] = klotski.Layout(entries[0]["display"]).names
first: typing.Optional[str] = klotski.Layout("00000003F").name
assert first is None and entries[0]["display"] in [name["display"] for name in names]
with klotski.Database(sys.argv[1]) as db:
    held: typing.List[klotski.StoredNamedLayoutDict] = db.named_layouts()
steps: typing.List[int] = [entry["min_solution_step"] - entry["variant"] for entry in held]
assert len(steps) == len(held) > 0
""",
}

# A subclass of a class that cannot be subclassed: mypy says so (`@final`
# in the stub), and Python refuses it.
SUBCLASS = """
import klotski

class Named(klotski.Layout):
    pass
"""


def test_mypy_strict_trusts_the_package(tmp_path):
    """The package's own Python modules and stubs, as installed (`-p`:
    checked as the package's, not silenced as an installed library's)."""
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-p", "klotski"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_trusts_the_guide_the_notebook_and_the_snippets(tmp_path):
    markdown = GUIDE.read_text()
    sources = {
        "guide_doctests.py": doctest_code(markdown),
        "guide_session.py": "\n".join(python_blocks(markdown)),
        "notebook.py": notebook_code(),
        "subclass.py": SUBCLASS,
        **TYPED_SNIPPETS,
    }
    for name, code in sources.items():
        (tmp_path / name).write_text(code)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *sources],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, done.stdout + done.stderr
    assert errors[0].startswith("subclass.py:4: error: Cannot inherit from final class"), errors


@pytest.mark.parametrize("name", TYPED_SNIPPETS)
def test_the_typed_snippets_run(name, db_path, tmp_path):
    script = tmp_path / name
    script.write_text(TYPED_SNIPPETS[name])
    done = subprocess.run(
        [sys.executable, str(script), str(db_path)], capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr


def test_a_final_class_cannot_be_subclassed():
    with pytest.raises(TypeError, match="not an acceptable base type"):
        exec(SUBCLASS, {})


def test_stubtest_finds_the_stubs_true(tmp_path):
    """mypy's stubtest compares the stubs with the module Python imports:
    every name, signature and default, and `@final` where a class cannot
    be subclassed."""
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "klotski", "--allowlist", str(STUBTEST_ALLOWLIST)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
