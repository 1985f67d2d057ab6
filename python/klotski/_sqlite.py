"""The read-only ``sqlite3`` connection of ``Database.connection``."""

import os
import sqlite3
import urllib.parse


def read_only(path: "os.PathLike[str] | str") -> sqlite3.Connection:
    """A connection to ``path`` that cannot write (SQLite's ``mode=ro``)."""
    uri = "file:" + urllib.parse.quote(os.path.abspath(os.fspath(path))) + "?mode=ro"
    return sqlite3.connect(uri, uri=True, check_same_thread=False)
