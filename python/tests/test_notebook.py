"""The example notebook runs top to bottom, and Jupyter shows its layouts
as boards, its figures and a move that plays from its start."""

import ast
from pathlib import Path

import nbclient
import nbformat

import klotski

NOTEBOOK = Path(__file__).resolve().parents[1] / "examples" / "tour.ipynb"


def test_the_tour_runs_and_shows_boards_and_figures():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3").execute()
    outputs = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs]
    assert not [output for output in outputs if output.output_type == "error"]
    shown = [output.get("data", {}) for output in outputs]
    assert sum("image/svg+xml" in data for data in shown) == 2  # the start, the solved end
    assert sum("image/png" in data for data in shown) == 2  # the histogram, the graph
    assert any("<table" in data.get("text/html", "") for data in shown)  # the DataFrame
    move, plays = ast.literal_eval(shown[-1]["text/plain"])  # the graph's edge from the start
    assert plays is True
    assert move in [step.text for step in klotski.Layout("1A9BF0C00").moves()]
