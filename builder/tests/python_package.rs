//! The Python package's own tests (`python/tests`, pytest) against this
//! build's `klotski` binary, so that the one test command runs them too.
//!
//! The package is the one installed with `pip install ./python`; the test
//! first checks that the installed module is not older than the Rust and
//! Python sources it is built from, so that a stale install is named as
//! such rather than tested.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// The repository's top.
fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

/// The newest modification time of the files below `dir` (Python's
/// byte-code caches aside).
fn newest_below(dir: &Path) -> SystemTime {
    let mut newest = SystemTime::UNIX_EPOCH;
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() == "__pycache__" {
            continue;
        }
        let kind = entry.file_type().unwrap();
        let time = if kind.is_dir() {
            newest_below(&entry.path())
        } else {
            entry.metadata().unwrap().modified().unwrap()
        };
        newest = newest.max(time);
    }
    newest
}

/// The installed compiled module, as Python imports it from the top.
fn installed_module() -> PathBuf {
    let out = Command::new("python3")
        .args(["-c", "import klotski._klotski as m; print(m.__file__)"])
        .current_dir(repo())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the package is not installed: {stderr}"
    );
    PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
}

#[test]
#[cfg_attr(
    missing_python_package,
    ignore = "needs the Python package and its test tools: pip install ./python pytest pandas matplotlib nbclient nbformat ipykernel networkx mypy pandas-stubs types-networkx"
)]
fn the_python_package_passes_its_tests() {
    let module = installed_module();
    let installed = std::fs::metadata(&module).unwrap().modified().unwrap();
    for sources in ["python/src", "python/klotski", "klotski/src", "schema/src"] {
        assert!(
            installed >= newest_below(&repo().join(sources)),
            "{} is older than {sources}: pip install ./python again",
            module.display()
        );
    }
    let status = Command::new("python3")
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "python/tests",
        ])
        .current_dir(repo())
        .env("KLOTSKI_BIN", env!("CARGO_BIN_EXE_klotski"))
        .status()
        .unwrap();
    assert!(status.success(), "pytest python/tests failed (above)");
}
