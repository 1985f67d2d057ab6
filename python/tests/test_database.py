"""A database of a partial build, read from Python: its numbers are the
engine's, and every file that cannot be read says what to do."""

import shutil
import sqlite3

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
    pandas = pytest.importorskip("pandas")
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
