"""The package's types that are not classes, for annotations: what an
argument takes (``Metric``, ``LayoutLike``) and the shapes of the dicts
``Analysis.to_dict()``, ``Group.table()``, ``Database.classes()`` and
``Database.groups()`` give (dicts of equal-length NumPy columns), and
the dicts of the classic named layouts (``Layout.names``,
``named_layouts()``, ``Database.named_layouts()``)."""

from typing import List, Literal, Optional, TypedDict, Union

import numpy
import numpy.typing

from klotski._klotski import Layout

Metric = Literal["step", "straight", "cell"]
"""A way of counting moves: a step (one piece anywhere it slides, turns
allowed), a straight move (any distance in one direction) or a cell move
(one cell)."""

LayoutLike = Union[Layout, str]
"""A ``Layout``, or a text that names one: a code, short code,
classification or name (``'横刀立马'``)."""

Ints = numpy.typing.NDArray[numpy.int64]
"""A column of int64."""

Codes = numpy.typing.NDArray[numpy.str_]
"""A column of codes: 9-character strings (dtype ``<U9``)."""


class AnalysisDict(TypedDict):
    """``Analysis.to_dict()``: the code, the classification and the ten numbers."""

    code: str
    classification: str
    farthest_step: int
    farthest_num: int
    min_solution_step: int
    min_solution_num: int
    solution_num: int
    min_straight_moves: int
    min_cell_moves: int
    n_min_step_sequences: int
    n_min_straight_sequences: int
    n_min_cell_sequences: int


class NameDict(TypedDict):
    """One name of a layout (``Layout.names``), with the keys of the
    service's JSON."""

    display: str
    """The name as shown, and as ``Layout()`` takes it: ``'守口如瓶 2'``
    for a second variant."""
    name: str
    """Simplified characters, without the variant number."""
    variant: int
    """1 for the plain name; 2, 3, ... for other layouts of that name."""
    name_traditional: str
    pinyin: str
    """Hanyu pinyin with tone marks."""
    english: str
    """The customary English name, or a plain gloss."""
    variants: List[str]
    """The other variants of the name, as shown."""


class NamedLayoutDict(NameDict):
    """An entry of the collection (``named_layouts()``): a name and its layout."""

    code: str
    published_steps: Optional[int]
    """The fewest steps the source publishes, or ``None``."""
    source: str
    """The address of the collection the layout was taken from."""


class StoredNamedLayoutDict(NamedLayoutDict, AnalysisDict):
    """``Database.named_layouts()``: an entry with its layout's
    classification and ten numbers from the file."""

    group_size: int
    """The number of layouts of its group."""


class GroupTable(TypedDict):
    """``Group.table()``: a row per layout of the group, in ``group_index`` order."""

    code: Codes
    id: Ints
    group_index: Ints
    farthest_step: Ints
    farthest_num: Ints
    min_solution_step: Ints
    min_solution_num: Ints
    solution_num: Ints
    min_straight_moves: Ints
    min_cell_moves: Ints
    n_min_step_sequences: Ints
    n_min_straight_sequences: Ints
    n_min_cell_sequences: Ints


class ClassTable(TypedDict):
    """``Database.classes()``: a row per class of the file."""

    jiang: Ints
    bing: Ints
    style: Ints
    n_layouts: Ints
    n_groups: Ints
    n_solvable_groups: Ints
    n_solved: Ints
    largest_group_size: Ints
    diameter: Ints
    max_min_solution_step: Ints
    max_min_solution_code: Codes


class GroupsTable(TypedDict):
    """``Database.groups()``: a row per group."""

    jiang: Ints
    bing: Ints
    style: Ints
    group_num: Ints
    size: Ints
    diameter: Ints
    n_solved: Ints
    max_min_solution_step: Ints
    mirror_group_num: Ints
    smallest_code: Codes
    max_min_solution_code: Codes


__all__ = [
    "AnalysisDict",
    "ClassTable",
    "Codes",
    "GroupTable",
    "GroupsTable",
    "Ints",
    "LayoutLike",
    "Metric",
    "NameDict",
    "NamedLayoutDict",
    "StoredNamedLayoutDict",
]
