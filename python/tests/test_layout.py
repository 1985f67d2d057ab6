"""Layouts, their names, boards and moves, against the CLI's answers."""

import pickle
import xml.etree.ElementTree as ElementTree

import pytest

import klotski

# Layouts of several classes: the classic start (5-4-1), a sparse group
# (5-4-2), a solved layout, an unsolvable one (7-0-7) and the smallest
# layouts of two small classes.
CODES = ["1A9BF0C00", "4FEA13400", "DAAF4CC00", "005554000", "00000003F", "00000007C"]
METRICS = ["step", "straight", "cell"]


# `klotski info` finds a layout's id among all 29 million codes: seconds.
@pytest.mark.parametrize("code", ["1A9BF0C00", "005554000"])
def test_names_are_the_clis(cli, code):
    info = cli.json("info", code)
    layout = klotski.Layout(code)
    assert (layout.code, layout.short_code, layout.id) == (
        info["code"],
        info["short_code"],
        info["id"],
    )
    assert layout.classification == info["classification"]
    assert layout.is_solved == info["solved"]


@pytest.mark.parametrize("code", ["00000003F", "00000007C", "0055A4000"])
def test_names_are_the_databases(db_path, code):
    row = klotski.Database(db_path).connection.execute(
        "SELECT id, short_code, jiang || '-' || bing || '-' || style || '-' || group_num"
        " || '-' || group_index FROM layout WHERE code = ?",
        (code,),
    ).fetchone()
    layout = klotski.Layout(code)
    assert (layout.id, layout.short_code, layout.classification) == row


@pytest.mark.parametrize("code", CODES)
def test_board_is_the_clis(cli, code):
    layout = klotski.Layout(code)
    assert layout.is_solved == (code == "DAAF4CC00")
    assert layout.board == cli.json("show", code)["rows"]
    # print() adds the line end the CLI prints: no blank line after the
    # board, drawn under the layout's first name when it has one.
    name_line = "" if layout.name is None else layout.name + "\n"
    assert str(layout) + "\n" == name_line + cli.out("show", code)
    # Every name of the layout names it.
    for text in (layout.short_code, layout.classification, code.lower().rstrip("0")):
        assert klotski.Layout(text) == layout
        assert hash(klotski.Layout(text)) == hash(layout)


def test_equality_and_hashing_are_by_code():
    names = ["1A9BF0C00", "1a9bf0c", "4WVE1", "5-4-1-1-7472"]
    layouts = {klotski.Layout(name) for name in names}
    assert len(layouts) == 1
    assert klotski.Layout("1A9BF0C00") != klotski.Layout("4FEA13400")
    assert klotski.Layout("1A9BF0C00") != "1A9BF0C00"
    assert repr(klotski.Layout("4WVE1")) == "Layout('1A9BF0C00')  # 横刀立马"
    layout = klotski.Layout("4FEA13400")
    assert pickle.loads(pickle.dumps(layout)) == layout


@pytest.mark.parametrize(
    "text",
    [
        "",
        "XYZ",
        "4WVE",
        "1A9BF0C0000",
        "1A9BF0C01",
        "FFFFFFFFF",
        "5-4-1-1-99999",
        "5-4-1-999-0",
        "9-9-9-0-0",
        "5-4-1-1",
        "0OOOO",
    ],
)
def test_bad_text_gives_the_clis_reason(cli, text):
    with pytest.raises(ValueError) as error:
        klotski.Layout(text)
    assert cli.error("show", text).endswith(str(error.value))


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("metric", METRICS)
def test_moves_are_the_clis(cli, code, metric):
    expected = cli.json("moves", code, "--metric", metric)["moves"]
    moves = klotski.Layout(code).moves(metric)
    as_json = [
        {
            "piece": move.piece,
            "from": move.from_cell,
            "to": move.to_cell,
            "direction": move.direction,
            "distance": move.distance,
            "text": move.text,
            "code": move.layout.code,
        }
        for move in moves
    ]
    key = lambda move: move["text"]  # noqa: E731
    assert sorted(as_json, key=key) == sorted((m["move"] for m in expected), key=key)
    for move in moves:
        assert str(move) == move.text
        # A move is undone by a move of the same metric.
        assert klotski.Layout(code) in [back.layout for back in move.layout.moves(metric)]


def test_a_move_is_written_as_the_cli_writes_it(cli):
    """One notation: each move's ``text`` is the text of the same step in the
    CLI's ``moves`` table, the piece's shape and its top-left cell before and
    after joined by a hyphen (``'1x2 d3-d4'``), for the layouts of ``CODES``
    and a sample of 峰回路转's group (1x2 and 2x1 pieces, slides and turns)."""
    group = cli.out("group", "4FEA13400").split()
    turns = 0
    for code in CODES + group[:: len(group) // 12]:
        rows = cli.out("moves", code).splitlines()[1:]
        # A row: the text (shape and cells), the code after, the numbers.
        by_cli = {row.split()[2]: " ".join(row.split()[:2]) for row in rows}
        moves = klotski.Layout(code).moves()
        assert {move.layout.code: move.text for move in moves} == by_cli, code
        for move in moves:
            assert move.text == f"{move.piece} {move.from_cell}-{move.to_cell}"
            turns += move.direction is None
    assert turns > 0


def test_moves_by_default_are_steps_and_a_bad_metric_names_the_three():
    layout = klotski.Layout("1A9BF0C00")
    assert layout.moves() == layout.moves("step")
    with pytest.raises(ValueError, match="'steps' is not a metric: step, straight or cell"):
        layout.moves("steps")


@pytest.mark.parametrize("code", CODES)
def test_the_board_renders_as_svg(code):
    layout = klotski.Layout(code)
    svg = ElementTree.fromstring(layout._repr_svg_())
    namespace = "{http://www.w3.org/2000/svg}"
    assert svg.tag == namespace + "svg"
    assert svg.find(namespace + "title").text == code
    # A rectangle per piece: the board's cells less the empty ones, the
    # second cell of each two-cell piece and three cells of the block.
    cells = "".join(layout.board)
    n_pieces = cells.count("o") + cells.count("<") + cells.count("^") + 1
    assert len(svg.findall(namespace + "rect")) == n_pieces
    labels = [text.text for text in svg.findall(namespace + "text")]
    assert labels == ["a", "b", "c", "d", "1", "2", "3", "4", "5"]
