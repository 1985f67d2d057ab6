//! Shared fixtures for the integration tests: the reference tables shipped in
//! `tests/data/` and the whole code space, enumerated once per test binary.

#![allow(dead_code)] // each test binary uses a different part

pub mod grid;
pub mod slow;

use std::sync::OnceLock;

use klotski::AllCodes;

/// Every legal code with ids, built once per test binary.
pub fn all_codes() -> &'static AllCodes {
    static ALL: OnceLock<AllCodes> = OnceLock::new();
    ALL.get_or_init(AllCodes::build)
}

/// The rows of a tab-separated reference table under `tests/data/`, header skipped.
pub fn reference_rows(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .skip(1)
        .map(|line| line.split('\t').map(str::to_owned).collect())
        .collect()
}

/// MD5 of bytes as lowercase hex.
pub fn md5_hex(bytes: &[u8]) -> String {
    use md5::{Digest, Md5};
    format!("{:x}", Md5::digest(bytes))
}
