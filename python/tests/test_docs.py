"""docs/python.md and the notebook as a reader uses them: every example
runs (the researcher's session on a partial build), and mypy --strict
trusts their code with the package's stubs."""

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


def test_mypy_strict_trusts_the_guide_and_the_notebook(tmp_path):
    markdown = GUIDE.read_text()
    sources = {
        "guide_doctests.py": doctest_code(markdown),
        "guide_session.py": "\n".join(python_blocks(markdown)),
        "notebook.py": notebook_code(),
    }
    for name, code in sources.items():
        (tmp_path / name).write_text(code)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *sources],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
