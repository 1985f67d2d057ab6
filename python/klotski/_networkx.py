"""``Group.to_networkx()``: the group as a NetworkX graph, NetworkX imported
only when it is called."""

from typing import TYPE_CHECKING, Any, Dict, List

if TYPE_CHECKING:
    import networkx

    from klotski._klotski import Group


def group_graph(group: "Group") -> "networkx.Graph[str]":
    """A ``networkx.Graph`` of ``group``: nodes its codes with the columns of
    ``group.table()`` (every one but ``code``) as attributes, edges its steps
    with the move from the smaller code to the larger as ``move``. A group
    from ``Database.group()`` brings the file's numbers: nothing is
    analysed again."""
    import networkx

    table = group.table()
    codes: List[str] = table["code"].tolist()
    columns: Dict[str, List[Any]] = {
        name: values.tolist() for name, values in table.items() if name != "code"
    }
    sources, targets, moves = group._edges()
    graph: "networkx.Graph[str]" = networkx.Graph(classification=group.classification)
    graph.add_nodes_from(
        (code, {name: values[i] for name, values in columns.items()})
        for i, code in enumerate(codes)
    )
    graph.add_edges_from(
        (codes[a], codes[b], {"move": text})
        for a, b, text in zip(sources.tolist(), targets.tolist(), moves)
    )
    return graph
