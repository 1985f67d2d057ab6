"""``Group.to_networkx()``: the group as a NetworkX graph, NetworkX imported
only when it is called."""

from typing import TYPE_CHECKING, Any, Dict, List

if TYPE_CHECKING:
    import networkx

    from klotski._klotski import Group


def group_graph(group: "Group") -> "networkx.Graph[str]":
    """A ``networkx.Graph`` of ``group``: nodes its codes with the columns of
    ``group.table()`` (every one but ``code``) as attributes, edges its steps
    with ``moves``, the step's text from each end (``{a: the move from a to
    b, b: the move back}``), so that ``graph.edges[a, b]["moves"][a]``
    plays from ``a`` whichever way the edge is listed. A group from
    ``Database.group()`` brings the file's numbers: nothing is analysed
    again."""
    import networkx

    table = group.table()
    codes: List[str] = table["code"].tolist()
    # A TypedDict's values are `object` to a type checker; each is a column.
    arrays: Dict[str, Any] = dict(table)
    columns: Dict[str, List[Any]] = {
        name: values.tolist() for name, values in arrays.items() if name != "code"
    }
    smaller, larger, forward, back = group._edges()
    graph: "networkx.Graph[str]" = networkx.Graph(classification=group.classification)
    graph.add_nodes_from(
        (code, {name: values[i] for name, values in columns.items()})
        for i, code in enumerate(codes)
    )
    graph.add_edges_from(
        (codes[a], codes[b], {"moves": {codes[a]: there, codes[b]: back_again}})
        for a, b, there, back_again in zip(smaller.tolist(), larger.tolist(), forward, back)
    )
    return graph
