"""Solutions, paths, the ten numbers and groups, against the CLI's answers."""

import networkx
import pytest

import klotski

METRICS = ["step", "straight", "cell"]
SOLVABLE = ["1A9BF0C00", "4FEA13400", "DAAF4CC00", "00000003F", "00000007C"]
UNSOLVABLE = "005554000"


@pytest.mark.parametrize("code", SOLVABLE)
@pytest.mark.parametrize("metric", METRICS)
def test_solve_is_the_clis(cli, code, metric):
    expected = cli.json("solve", code, "--metric", metric)["layouts"]
    solution = klotski.solve(klotski.Layout(code), metric)
    assert [layout.code for layout in solution] == expected
    assert solution[-1].is_solved
    assert klotski.solve(code, metric) == solution


def test_solve_of_an_unsolvable_layout_gives_the_clis_reason(cli):
    with pytest.raises(ValueError) as error:
        klotski.solve(UNSOLVABLE)
    assert cli.error("solve", UNSOLVABLE).endswith(str(error.value))


@pytest.mark.parametrize("metric", METRICS)
def test_path_is_the_clis(cli, metric):
    group = klotski.Layout("4FEA13400").group()
    for a, b in [(group[0], group[-1]), (group[17], group[5000]), (group[9], group[9])]:
        expected = cli.json("path", a.code, b.code, "--metric", metric)["layouts"]
        assert [layout.code for layout in klotski.path(a, b, metric)] == expected


def test_path_between_groups_gives_the_clis_reason(cli):
    with pytest.raises(ValueError) as error:
        klotski.path("1A9BF0C00", "4FEA13400")
    assert cli.error("path", "1A9BF0C00", "4FEA13400").endswith(str(error.value))
    with pytest.raises(ValueError, match="not a metric"):
        klotski.path("1A9BF0C00", "1A9BF0C00", "diagonal")


NUMBERS = [
    "farthest_step",
    "farthest_num",
    "min_solution_step",
    "min_solution_num",
    "solution_num",
    "min_straight_moves",
    "min_cell_moves",
    "n_min_step_sequences",
    "n_min_straight_sequences",
    "n_min_cell_sequences",
]


@pytest.mark.parametrize("code", SOLVABLE + [UNSOLVABLE])
def test_analyse_is_the_clis(cli, code):
    expected = cli.json("analyse", code)
    layout = klotski.Layout(code)
    analysis = layout.analyse()
    assert (analysis.code, analysis.classification) == (code, layout.classification)
    assert {name: getattr(analysis, name) for name in NUMBERS} == {
        name: expected[name] for name in NUMBERS
    }
    assert analysis.to_dict() == {
        "code": code,
        "classification": layout.classification,
        **{name: expected[name] for name in NUMBERS},
    }


def test_big_counts_are_exact_ints(cli):
    # The largest count of the whole layout space (docs/database.md), past
    # 2^53: a float would round it.
    analysis = klotski.Layout("02C9DF400").analyse()
    assert analysis.n_min_cell_sequences == 1_198_222_023_398_400_000
    assert type(analysis.n_min_cell_sequences) is int
    assert analysis.n_min_cell_sequences == cli.json("analyse", "02C9DF400")["n_min_cell_sequences"]
    table = klotski.Layout("02C9DF400").group().table()
    index = list(table["code"]).index("02C9DF400")
    assert int(table["n_min_cell_sequences"][index]) == 1_198_222_023_398_400_000


@pytest.mark.parametrize("code", SOLVABLE + [UNSOLVABLE])
def test_group_is_the_clis(cli, code):
    expected = cli.json("group", code)
    group = klotski.Layout(code).group()
    assert len(group) == expected["group_size"]
    assert [layout.code for layout in group] == expected["codes"]
    layout = klotski.Layout(code)
    assert layout in group
    assert group[expected["codes"].index(code)] == layout
    assert group[-1].code == expected["codes"][-1]
    assert group.classification == layout.classification.rsplit("-", 1)[0]
    with pytest.raises(IndexError):
        group[len(group)]


@pytest.mark.parametrize("code", ["1A9BF0C00", "00000007C", UNSOLVABLE])
def test_table_is_every_layouts_analysis(cli, code):
    group = klotski.Layout(code).group()
    table = group.table()
    assert set(table) == {"code", "id", "group_index", *NUMBERS}
    assert all(len(column) == len(group) for column in table.values())
    assert list(table["code"]) == [layout.code for layout in group]
    assert table["code"].dtype.str == "<U9"
    assert all(table[name].dtype.str == "<i8" for name in table if name != "code")
    assert list(table["group_index"]) == list(range(len(group)))
    # Three layouts spread over the group, each against the CLI's analysis.
    for index in (0, len(group) // 2, len(group) - 1):
        expected = cli.json("analyse", table["code"][index])
        assert table["id"][index] == klotski.Layout(table["code"][index]).id
        assert {name: int(table[name][index]) for name in NUMBERS} == {
            name: expected[name] for name in NUMBERS
        }


def test_to_networkx_is_the_clis_graph(cli, tmp_path):
    group = klotski.Layout("00000003F").group()
    graph = group.to_networkx()
    assert isinstance(graph, networkx.Graph)
    cli.out("graph", "00000003F", "--format", "csv", "--out", str(tmp_path / "g.csv"))
    with open(tmp_path / "g.nodes.csv") as nodes:
        header, *rows = [line.rstrip("\n").split(",") for line in nodes]
    assert sorted(graph.nodes) == [row[0] for row in rows]
    five = NUMBERS[:5]
    for row in rows:
        stored = dict(zip(header, row))
        assert {name: graph.nodes[row[0]][name] for name in five} == {
            name: int(stored[name]) for name in five
        }
    with open(tmp_path / "g.edges.csv") as edges:
        expected = {(a, b): move for a, b, move in (line.rstrip("\n").split(",") for line in edges)}
    del expected[("source", "target")]
    assert {(a, b) if a < b else (b, a) for a, b in graph.edges} == set(expected)
    # Each edge's move from each end: the CLI's from the smaller code, and
    # the one that plays back from the larger.
    for (a, b), move in expected.items():
        moves = graph.edges[b, a]["moves"]
        assert moves[a] == move and set(moves) == {a, b}
        assert klotski.Layout(a).apply(moves[a]).code == b
        assert klotski.Layout(b).apply(moves[b]).code == a
    table = group.table()
    node = graph.nodes[table["code"][3]]
    assert {name: node[name] for name in NUMBERS} == {name: int(table[name][3]) for name in NUMBERS}
