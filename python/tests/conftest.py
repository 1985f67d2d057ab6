"""Fixtures of the Python package's tests: the CLI to check the package
against, and a database of a partial build. With ``KLOTSKI_CI=1`` (as
``.ci/run`` sets) a skipped test fails, as an ignored Rust test fails CI.

The CLI is the binary named by the environment variable ``KLOTSKI_BIN``;
without it, the one ``cargo test --workspace`` leaves in ``target/debug``
(optimised by the workspace's test profile) or ``target/release``, or else
one built by ``cargo build --release -p builder``.
"""

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Generator, List, Union

import pytest

REPO = Path(__file__).resolve().parents[2]

# The classes of the test database: one group each (0-3-0, 1-2-1),
# 7-0-* with groups of every kind, most of them unsolvable, and 0-14-0,
# the smallest class holding named layouts (a few thousand layouts). A
# few seconds.
DB_CLASSES = "0-3-0,1-2-1,7-0-*,0-14-0"


class Cli:
    """The ``klotski`` binary: its JSON answers, its output and its errors."""

    def __init__(self, binary: Path) -> None:
        self.binary = binary

    def run(self, *args: str) -> "subprocess.CompletedProcess[str]":
        return subprocess.run(
            [str(self.binary), *args], capture_output=True, text=True, timeout=600
        )

    def out(self, *args: str) -> str:
        done = self.run(*args)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def json(self, *args: str) -> Any:
        return json.loads(self.out(*args, "--json"))

    def error(self, *args: str) -> str:
        """The one-line error of a failing command, without ``klotski: ``."""
        done = self.run(*args)
        assert done.returncode != 0, done.stdout
        lines: List[str] = done.stderr.strip().splitlines()
        return lines[-1]


def every_test_must_run() -> bool:
    """Whether a skip is a failure: in CI, where every test runs."""
    return os.environ.get("KLOTSKI_CI") == "1"


def failed_if_skipped(report: Union[pytest.TestReport, pytest.CollectReport]) -> None:
    """Turns a skip (``pytest.skip``, ``importorskip``, an xfail) into a
    failure that says why, when every test must run."""
    if report.skipped and every_test_must_run():
        report.outcome = "failed"
        report.longrepr = f"skipped, and with KLOTSKI_CI=1 every test runs: {report.longrepr}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport() -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    failed_if_skipped(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report() -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    report = yield
    failed_if_skipped(report)
    return report


def find_binary() -> Path:
    named = os.environ.get("KLOTSKI_BIN")
    if named:
        return Path(named)
    for profile in ("debug", "release"):
        binary = REPO / "target" / profile / "klotski"
        if binary.exists():
            return binary
    subprocess.run(
        ["cargo", "build", "--release", "-p", "builder", "--bin", "klotski"],
        cwd=REPO,
        check=True,
    )
    return REPO / "target" / "release" / "klotski"


@pytest.fixture(scope="session")
def cli() -> Cli:
    return Cli(find_binary())


@pytest.fixture(scope="session")
def db_path(cli: Cli, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of the classes ``DB_CLASSES``, built by the CLI."""
    path = tmp_path_factory.mktemp("db") / "partial.db"
    cli.out("build-db", "--classes", DB_CLASSES, "--db", str(path))
    return path
