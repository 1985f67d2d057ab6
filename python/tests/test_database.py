"""A database of a partial build, read from Python: its numbers are the
engine's, and every file that cannot be read says what to do."""

import shutil
import sqlite3

import pandas
import pytest

import klotski
from conftest import REPO

# Layouts of the database's classes (conftest.DB_CLASSES), solvable and not.
CODES = ["00000003F", "00000007C", "005554000", "0055A4000"]


@pytest.mark.parametrize("code", CODES)
def test_case_is_the_engines_analysis(db_path, code):
    db = klotski.Database(db_path)
    layout = klotski.Layout(code)
    analysis = layout.analyse()
    assert db.case(code) == analysis
    assert db.case(layout) == analysis
    assert db.case(layout.short_code) == analysis
    assert db.case(layout.classification) == analysis


def test_table_is_the_databases_rows(db_path):
    db = klotski.Database(db_path)
    group = klotski.Layout("00000007C").group()
    table = group.table()
    columns = [name for name in table if name != "code"]
    rows = db.connection.execute(
        f"SELECT code, {', '.join(columns)} FROM layout"
        " WHERE jiang = 1 AND bing = 2 AND style = 1 AND group_num = 0 ORDER BY group_index"
    ).fetchall()
    assert [row[0] for row in rows] == list(table["code"])
    for i, name in enumerate(columns, start=1):
        assert [row[i] for row in rows] == table[name].tolist(), name


def test_connection_is_read_only_and_pandas_reads_it(db_path):
    db = klotski.Database(db_path)
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        db.connection.execute("DELETE FROM layout")
    frame = pandas.read_sql("SELECT code, min_solution_step FROM layout WHERE bing = 3", db.connection)
    assert len(frame) == 6720
    assert db.connection is db.connection


def test_lookups_that_fail(db_path):
    db = klotski.Database(db_path)
    with pytest.raises(KeyError, match="1A9BF0C00 is not in .*class 5-4-1"):
        db.case("1A9BF0C00")
    with pytest.raises(KeyError, match="holds no layout 7-0-1-99-0"):
        db.case("7-0-1-99-0")
    with pytest.raises(ValueError, match="not a hex digit"):
        db.case("XYZ")


def test_files_that_cannot_be_read_name_the_fix(db_path, tmp_path):
    missing = tmp_path / "missing.db"
    text = tmp_path / "text.db"
    text.write_text("not a database, but long enough to have a header " * 10)
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE t (x)")
    unfinished = tmp_path / "unfinished.db"
    shutil.copy(db_path, unfinished)
    with sqlite3.connect(unfinished) as connection:
        connection.execute("UPDATE meta SET value = 'false' WHERE key = 'complete'")
    old = REPO / "builder" / "tests" / "data" / "schema-v1.db"
    cases = [
        (missing, "no database at .*: run `klotski build-db` to build it"),
        (text, "is not an SQLite database: run `klotski build-db`"),
        (foreign, "is an SQLite database but not a Klotski one: run `klotski build-db`"),
        (unfinished, "did not finish: run `klotski build-db` to build it again"),
        (old, "has schema version 1 .*run `klotski migrate --db .*` to bring it up to date"),
    ]
    for path, message in cases:
        with pytest.raises(klotski.DatabaseError, match=message):
            klotski.Database(path)


def assert_tables_equal(a, b):
    assert list(a) == list(b)
    for name in a:
        assert a[name].dtype == b[name].dtype, name
        assert a[name].tolist() == b[name].tolist(), name


def test_a_groups_table_from_the_file_is_the_engines_for_every_group_of_a_class(db_path):
    db = klotski.Database(db_path)
    groups = db.groups("7-0-1")
    assert len(groups["group_num"]) > 1
    for group_num, smallest in zip(groups["group_num"].tolist(), groups["smallest_code"].tolist()):
        stored = db.group(f"7-0-1-{group_num}")
        computed = klotski.Layout(smallest).group()
        assert stored == computed and list(stored) == list(computed)
        assert_tables_equal(stored.table(), computed.table())
    for name in ["0-3-0-0", "1-2-1-0"]:
        assert_tables_equal(db.group(name).table(), db.group(name)[0].group().table())


def test_a_group_is_named_as_a_layout_is(db_path):
    db = klotski.Database(db_path)
    layout = klotski.Layout("00000007C")
    for name in [layout, layout.code, layout.short_code, layout.classification, "1-2-1-0"]:
        assert db.group(name).classification == "1-2-1-0"
    with pytest.raises(KeyError, match="holds no group 7-0-1-999"):
        db.group("7-0-1-999")
    with pytest.raises(KeyError, match="not in .*class 5-4-1"):
        db.group("1A9BF0C00")
    # A class, or any count of numbers but four or five, asks for four.
    for wrong in ["5-4-1", "5-4", "5-4-1-1-7472-0"]:
        with pytest.raises(ValueError, match=f'"{wrong}" is not J-B-S-G: expected 4 numbers'):
            db.group(wrong)


def test_a_graph_from_the_file_carries_the_files_numbers(db_path):
    db = klotski.Database(db_path)
    group = db.group("1-2-1-0")
    graph = group.to_networkx()
    table = group.table()
    assert graph.number_of_nodes() == len(group)
    for i, code in enumerate(table["code"].tolist()):
        assert graph.nodes[code]["min_solution_step"] == table["min_solution_step"][i]
    assert graph.number_of_edges() == group[0].group().to_networkx().number_of_edges()


def test_classes_and_groups_are_the_files_summaries(db_path):
    db = klotski.Database(db_path)
    classes = db.classes()
    rows = db.connection.execute(
        "SELECT jiang, bing, style, n_layouts, n_groups FROM layout_class ORDER BY jiang, bing, style"
    ).fetchall()
    as_rows = zip(*(classes[name].tolist() for name in ["jiang", "bing", "style", "n_layouts", "n_groups"]))
    assert list(as_rows) == rows
    for jiang, bing, style, n_groups in zip(
        classes["jiang"].tolist(), classes["bing"].tolist(), classes["style"].tolist(), classes["n_groups"].tolist()
    ):
        groups = db.groups(f"{jiang}-{bing}-{style}")
        assert len(groups["size"]) == n_groups
        assert set(groups["jiang"].tolist()) == {jiang}
    assert len(db.groups()["size"]) == sum(classes["n_groups"].tolist())
    with pytest.raises(ValueError):
        db.groups("7-0")
    with pytest.raises(TypeError, match="^argument 'class_name': expected a class J-B-S such as '5-4-1', or None, got 5$"):
        db.groups(5)


def test_a_database_closes_as_a_context_manager(db_path):
    with klotski.Database(db_path) as db:
        connection = db.connection
        assert db.case("00000007C").min_solution_step >= 0
        assert db.__exit__(None, None, None) is None  # closes, and lets an exception go on
    with pytest.raises(KeyError), klotski.Database(db_path) as db:
        db.case("1A9BF0C00")
    with pytest.raises(klotski.DatabaseError, match="is closed"):
        db.case("00000007C")
    with pytest.raises(sqlite3.ProgrammingError):
        connection.execute("SELECT 1")
    db.close()


def test_a_damaged_file_gives_database_error_and_the_next_call_works(db_path, tmp_path):
    damaged = tmp_path / "damaged.db"
    shutil.copy(db_path, damaged)
    with sqlite3.connect(damaged) as connection:
        connection.execute(
            "UPDATE layout SET code = 'NOT A CODE' WHERE jiang = 1 AND bing = 2 AND group_index = 3"
        )
    db = klotski.Database(damaged)
    with pytest.raises(klotski.DatabaseError, match="'NOT A CODE' is not legal"):
        db.case("1-2-1-0-3")
    with pytest.raises(klotski.DatabaseError, match="'NOT A CODE' is not legal"):
        db.group("1-2-1-0")
    # The same reader, and another file, answer at once.
    assert db.case("0-3-0-0-0") == klotski.Database(db_path).case("0-3-0-0-0")
    assert klotski.Database(db_path).group("1-2-1-0").table()["code"][3] == klotski.Layout("1-2-1-0-3").code
