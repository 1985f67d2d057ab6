"""The Klotski (华容道) engine and database from Python.

A thin layer over the project's Rust engine (the ``klotski`` crate) and the
database's reader (the ``schema`` crate):

- ``Layout(text)``: a layout named by its code (``'1A9BF0C00'``), short code
  (``'4WVE1'``), classification (``'5-4-1-1-7472'``) or classic name
  (``'横刀立马'``), or drawn as a board (``Layout.from_board``): its names,
  its board, its ``moves()``, its ``analyse()`` (the database's ten
  numbers) and its ``group()``.
- ``named_layouts(query)``: the classic named layouts (关卡) as dicts;
  ``named_layouts_frame(query)`` as a pandas DataFrame.
- ``solve(layout)`` and ``path(a, b)``: the fewest moves to a solved layout
  or between two layouts, in steps, straight moves or cell moves.
- ``Group``: a group's layouts; ``table()`` the ten numbers of every layout
  as NumPy columns (``pandas.DataFrame(group.table())``);
  ``to_networkx()`` the group as a graph.
- ``Database(path)``: a file built by ``klotski build-db``, read-only:
  ``case(layout)``, ``group(name)`` with its numbers from the file,
  ``classes()`` and ``groups(class_name)`` as tables, ``named_layouts()``
  with their numbers, and ``connection``
  (``sqlite3``, for pandas).

Anything that takes a layout takes a ``Layout`` or a text that names one
(``LayoutLike``); a metric is ``'step'``, ``'straight'`` or ``'cell'``
(``Metric``).
Long searches release the GIL, and Ctrl-C stops them.
"""

from klotski._klotski import (
    Analysis,
    Database,
    DatabaseError,
    Group,
    Layout,
    Move,
    __version__,
    named_layouts,
    path,
    solve,
)
from klotski._frames import named_layouts_frame
from klotski._types import (
    AnalysisDict,
    ClassTable,
    GroupsTable,
    GroupTable,
    LayoutLike,
    Metric,
    NameDict,
    NamedLayoutDict,
    StoredNamedLayoutDict,
)

__all__ = [
    "Analysis",
    "AnalysisDict",
    "ClassTable",
    "Database",
    "DatabaseError",
    "Group",
    "GroupTable",
    "GroupsTable",
    "Layout",
    "LayoutLike",
    "Metric",
    "Move",
    "NameDict",
    "NamedLayoutDict",
    "StoredNamedLayoutDict",
    "__version__",
    "named_layouts",
    "named_layouts_frame",
    "path",
    "solve",
]
