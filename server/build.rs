//! Marks the tests whose external programs are missing ignored (see the
//! `probe` crate): one entry per cfg the tests use.
fn main() {
    probe::mark_missing(&[
        probe::Needs {
            cfg: "missing_chromium",
            programs: &[
                &["chromium", "chromium-browser", "google-chrome"],
                &["chromedriver"],
            ],
            python_modules: &[],
        },
        probe::Needs {
            cfg: "missing_nginx",
            programs: &[&["nginx"]],
            python_modules: &[],
        },
        probe::Needs {
            cfg: "missing_prometheus_client",
            programs: &[&["python3"]],
            python_modules: &["prometheus_client"],
        },
    ]);
}
