//! Which external programs are on the PATH, for the tests that need one
//! (Chromium, Datasette, the sqlite3 shell...).
//!
//! A crate with such tests lists what they need in its `build.rs`, one
//! [`Needs`] per cfg, and calls [`mark_missing`]:
//!
//! ```no_run
//! // build.rs
//! probe::mark_missing(&[probe::Needs {
//!     cfg: "missing_sqlite3",
//!     programs: &[&["sqlite3"]],
//!     python_modules: &[],
//! }]);
//! ```
//!
//! and each such test carries the cfg with its reason, so that a plain
//! `cargo test` lists it as *ignored, needs ...* where the program is
//! missing instead of passing it silently:
//!
//! ```text
//! #[test]
//! #[cfg_attr(missing_sqlite3, ignore = "needs the sqlite3 shell: apt-get install sqlite3")]
//! fn the_stock_sqlite3_shell_reads_the_file() { ... }
//! ```
//!
//! With `KLOTSKI_CI=1` (as `.ci/run` sets) no cfg is set: every test runs,
//! and one whose program is missing fails.

use std::path::PathBuf;

/// Programs some tests need, and the cfg a build script sets when one of
/// them is missing.
#[derive(Clone, Copy, Debug)]
pub struct Needs {
    /// The cfg, e.g. `missing_chromium`.
    pub cfg: &'static str,
    /// Every program needed, each as the names any one of which will do,
    /// e.g. `&[&["chromium", "chromium-browser"], &["chromedriver"]]`.
    pub programs: &'static [&'static [&'static str]],
    /// Python modules needed besides, imported by `python3` (so `python3`
    /// belongs in `programs`), e.g. `&["prometheus_client"]`.
    pub python_modules: &'static [&'static str],
}

impl Needs {
    /// Every program is on the PATH.
    fn are_met(&self) -> bool {
        self.programs.iter().all(|names| find(names).is_some())
            && self.python_modules.iter().all(|module| python_has(module))
    }
}

/// For a build script: declares the cfg of each of `needs` and sets those
/// whose programs are not all on the PATH, unless `KLOTSKI_CI=1` asks that
/// every test run. Asks Cargo to run the script again when `PATH` or
/// `KLOTSKI_CI` changes, and, when a cfg is set, when a directory of the
/// PATH changes (a program installed).
pub fn mark_missing(needs: &[Needs]) {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rerun-if-env-changed=KLOTSKI_CI");
    let every_test_runs = std::env::var_os("KLOTSKI_CI").is_some_and(|value| value == "1");
    let mut any_missing = false;
    for need in needs {
        println!("cargo::rustc-check-cfg=cfg({})", need.cfg);
        if !every_test_runs && !need.are_met() {
            println!("cargo::rustc-cfg={}", need.cfg);
            any_missing = true;
        }
    }
    if any_missing {
        for dir in path_dirs().filter(|dir| dir.is_absolute() && dir.is_dir()) {
            println!("cargo::rerun-if-changed={}", dir.display());
        }
    }
}

/// The first of `names` found on the PATH, as a full path.
pub fn find(names: &[&str]) -> Option<PathBuf> {
    names.iter().find_map(|name| {
        path_dirs()
            .map(|dir| dir.join(name))
            .find(|file| file.is_file())
    })
}

/// Whether `python3` imports `module`.
pub fn python_has(module: &str) -> bool {
    std::process::Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|output| output.status.success())
}

/// The directories of the PATH, in order, then the system directories a
/// user's PATH may lack (Debian puts nginx in /usr/sbin).
fn path_dirs() -> impl Iterator<Item = PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin"].map(PathBuf::from))
        .collect::<Vec<_>>()
        .into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_every_machine_has_is_found_and_a_made_up_one_is_not() {
        let sh = find(&["no-such-program-here", "sh"]).expect("sh is on the PATH");
        assert!(sh.is_absolute() && sh.ends_with("sh"), "{}", sh.display());
        assert_eq!(find(&["no-such-program-here"]), None);
        let needs = |programs| Needs {
            cfg: "missing_test",
            programs,
            python_modules: &[],
        };
        assert!(needs(&[&["sh"], &["no-such-program-here", "sh"]]).are_met());
        assert!(!needs(&[&["sh"], &["no-such-program-here"]]).are_met());
    }

    #[test]
    fn a_made_up_python_module_is_missing() {
        assert!(!python_has("no_such_module_here"));
    }
}
