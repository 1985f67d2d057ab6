//! Marks the tests whose external programs are missing ignored (see the
//! `probe` crate): one entry per cfg the tests use.
fn main() {
    probe::mark_missing(&[
        probe::Needs {
            cfg: "missing_datasette",
            programs: &[&["datasette"]],
            python_modules: &[],
        },
        probe::Needs {
            cfg: "missing_sqlite3",
            programs: &[&["sqlite3"]],
            python_modules: &[],
        },
        probe::Needs {
            cfg: "missing_networkx",
            programs: &[&["python3"]],
            python_modules: &["networkx"],
        },
        probe::Needs {
            cfg: "missing_python_package",
            programs: &[&["python3"]],
            python_modules: &[
                "klotski._klotski",
                "pytest",
                "pandas",
                "matplotlib",
                "nbclient",
                "nbformat",
                "ipykernel",
                "networkx",
                "mypy",
            ],
        },
    ]);
}
