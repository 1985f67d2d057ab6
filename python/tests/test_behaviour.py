"""The package behaves as the packages researchers know: every call that
takes a layout takes a ``Layout`` or a text, layouts order, values pickle
and compare by value, a group slices, boards read back, moves replay."""

import pickle
import random

import pytest

import klotski

# A group of each kind: the classic start's (5-4-1), a sparse one (5-4-2),
# an unsolvable one (7-0-7).
GROUPS = ["1A9BF0C00", "4FEA13400", "005554000"]


@pytest.fixture(scope="module")
def classic_group():
    return klotski.Layout("1A9BF0C00").group()


def test_a_layout_is_taken_wherever_a_text_is(classic_group):
    layout = klotski.Layout("1A9BF0C00")
    assert klotski.Layout(layout) == layout
    assert klotski.solve(layout) == klotski.solve("4WVE1")
    assert klotski.path(layout, "5-4-1-1-0") == klotski.path("1A9BF0C00", classic_group[0])
    for name in ["1A9BF0C00", "1a9bf0c", "4WVE1", "5-4-1-1-7472", layout]:
        assert name in classic_group
    assert "4FEA13400" not in classic_group
    # Anything else is not in it, as for a list: no error.
    for other in [7, None, "XYZ", "zzz", "5-4-1-1-99999", "5-4-1"]:
        assert other not in classic_group


@pytest.mark.parametrize(
    "call",
    [
        lambda: klotski.Layout(123),
        lambda: klotski.solve(123),
        lambda: klotski.path("1A9BF0C00", None),
        lambda: klotski.Layout(b"1A9BF0C00"),
    ],
)
def test_a_wrong_type_names_what_was_expected(call):
    with pytest.raises(TypeError) as error:
        call()
    message = str(error.value)
    assert "expected a Layout or a text naming one" in message
    assert "failed to extract" not in message and "LayoutArg" not in message


START = klotski.Layout("1A9BF0C00")


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: START.moves(1), TypeError, "argument 'metric': expected 'step', 'straight' or 'cell', got 1"),
        (lambda: klotski.solve(START, metric=None), TypeError, "argument 'metric': expected 'step', 'straight' or 'cell', got None"),
        (lambda: klotski.path(START, START, "fast"), ValueError, "argument 'metric': 'fast' is not a metric"),
        (lambda: START.apply(klotski.Move), TypeError, "argument 'text': expected a move's text such as '1x1 b4-b5' (Move.text), got <class 'klotski.Move'>"),
        (lambda: START.apply(START.moves()[0]), TypeError, "argument 'text': expected a move's text"),
        (lambda: klotski.Layout.from_board(5), TypeError, "argument 'text': expected a board as str(layout) draws it, got 5"),
        (lambda: klotski.Database(5), TypeError, "argument 'path': expected a path (a str or an os.PathLike), got 5"),
    ],
)
def test_a_wrong_argument_is_named(call, error, message):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value).startswith(message)


def test_layouts_order_by_id(classic_group):
    layouts = list(classic_group)[::97]
    random.Random(1).shuffle(layouts)
    assert [layout.id for layout in sorted(layouts)] == sorted(layout.id for layout in layouts)
    assert min(layouts) == min(layouts, key=lambda layout: layout.id)
    a, b = klotski.Layout("1A9BF0C00"), klotski.Layout("4FEA13400")
    assert (a < b) == (a.id < b.id) and (a <= a) and not (a < a)


def test_values_pickle_compare_and_hash_by_value(classic_group):
    layout = klotski.Layout("1A9BF0C00")
    values = [layout, *layout.moves("cell"), layout.analyse(), classic_group]
    for value in values:
        copy = pickle.loads(pickle.dumps(value))
        assert copy == value and hash(copy) == hash(value), repr(value)
        assert type(copy) is type(value)
    assert klotski.Layout("5-4-1-1-3").group() == classic_group
    assert len({classic_group, layout.group(), klotski.Layout("4FEA13400").group()}) == 2
    assert layout.moves()[0] != layout.moves()[1]
    assert layout.analyse() != klotski.Layout("4FEA13400").analyse()


def test_a_group_slices_as_a_list(classic_group):
    as_list = list(classic_group)
    for cut in [slice(0, 3), slice(-3, None), slice(None, None, 5000), slice(10, 2, -3), slice(5, 5)]:
        assert classic_group[cut] == as_list[cut]
    assert classic_group[-1] == as_list[-1]
    with pytest.raises(IndexError, match="no index 25955"):
        classic_group[25955]
    with pytest.raises(TypeError, match="integers or slices, not str"):
        classic_group["0"]


@pytest.mark.parametrize("code", GROUPS)
def test_the_classification_is_also_its_five_numbers(code):
    group = klotski.Layout(code).group()
    for layout in group[:: max(1, len(group) // 50)]:
        numbers = (layout.jiang, layout.bing, layout.style, layout.group_num, layout.group_index)
        assert "-".join(map(str, numbers)) == layout.classification
        assert (group.jiang, group.bing, group.style, group.group_num) == numbers[:4]
    assert "-".join(map(str, (group.jiang, group.bing, group.style, group.group_num))) == group.classification


@pytest.mark.parametrize("code", GROUPS)
def test_a_board_reads_back_and_mirrors(code):
    for layout in klotski.Layout(code).group()[::7]:
        assert klotski.Layout.from_board(str(layout)) == layout
        assert klotski.Layout.from_board("\n".join(layout.board)) == layout
        mirrored = layout.mirror()
        flip = str.maketrans("<>", "><")
        assert mirrored.board == [row[::-1].translate(flip) for row in layout.board]
        assert mirrored.mirror() == layout


@pytest.mark.parametrize(
    "text, reason",
    [
        ("^##^\nv##v", "this text has 2 rows"),
        ("^##^\nv##v\n^<>^\nvoov\no.x.", "'x' at c5 draws no cell"),
        ("^##^\nv##v\n^<>^\nvoov\noooo", "not a legal layout"),
    ],
)
def test_a_board_that_is_no_layout_says_why(text, reason):
    with pytest.raises(ValueError, match=reason):
        klotski.Layout.from_board(text)


@pytest.mark.parametrize("code", GROUPS)
@pytest.mark.parametrize("metric", ["step", "straight", "cell"])
def test_apply_plays_what_move_text_writes(code, metric):
    for layout in klotski.Layout(code).group()[::101]:
        for move in layout.moves(metric):
            assert layout.apply(move.text) == move.layout
            assert layout.apply(move.text.upper()) == move.layout


def test_apply_of_a_step_not_there_lists_the_steps():
    layout = klotski.Layout("1A9BF0C00")
    texts = [move.text for move in layout.moves()]
    with pytest.raises(ValueError) as error:
        layout.apply("2x2 b1 down 1")
    assert str(error.value).endswith(", ".join(texts))
