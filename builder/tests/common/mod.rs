//! Running the `klotski` binary from the tests.

#![allow(dead_code)] // each test binary uses a different part

use std::process::{Command, Output};

/// Runs `klotski` with `args`.
pub fn klotski(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_klotski"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The standard output of a run that must succeed.
pub fn stdout(args: &[&str]) -> String {
    let output = klotski(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}
