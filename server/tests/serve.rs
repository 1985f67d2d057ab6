//! The `klotski-server` binary: serving on a real socket, stopping on
//! SIGTERM, and the one-line errors of a database it cannot serve.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::lines::{exit_of, Lines};

fn server() -> Command {
    Command::new(env!("CARGO_BIN_EXE_klotski-server"))
}

/// One HTTP/1.1 GET over a fresh connection: the status line and the body.
fn http_get(address: &str, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_owned(), body.to_owned())
}

#[test]
fn serves_on_a_socket_and_stops_on_sigterm() {
    let mut child = server()
        .args(["--listen", "127.0.0.1:0", "--db"])
        .arg(common::test_db())
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let log = Lines::read(child.stderr.take().unwrap());
    let (address, lines) = common::listening_address(&log);
    assert!(
        lines.iter().any(|line| line
            .contains("classes=6 of 203 classes: 0-0-0, 0-1-0, 0-2-0, 1-0-0, 7-0-3, 7-0-7")),
        "{lines:?}"
    );

    let (status, body) = http_get(&address, "/health");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert_eq!(body, r#"{"status":"ok","partial":true,"n_classes":6}"#);
    let (status, body) = http_get(&address, "/case/0C0000000/solution");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(
        body.starts_with(r#"{"code":"0C0000000","min_solution_step":1,"#),
        "{body}"
    );
    let (status, body) = http_get(&address, "/case/0C0000001");
    assert_eq!(status, "HTTP/1.1 400 Bad Request");
    assert!(
        body.starts_with(r#"{"error":"invalid_layout","detail":"#),
        "{body}"
    );

    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let exit = exit_of(&mut child, "the server's exit on SIGTERM");
    let rest = log.rest("the server's log").join("\n");
    assert!(exit.success(), "{exit}: {rest}");
    assert!(rest.contains("SIGTERM: shutting down"), "{rest}");
    assert!(rest.contains("stopped"), "{rest}");
}

/// Runs the server on `db` and returns its exit code and standard error.
fn start_on(db: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let output = server()
        .arg("--db")
        .arg(db)
        .args(extra)
        .env("RUST_LOG", "off")
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn a_database_it_cannot_serve_is_one_line_naming_the_fix() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.db");
    let text = dir.path().join("notes.txt");
    std::fs::write(
        &text,
        "not a database, but long enough to have a header........",
    )
    .unwrap();
    let foreign = dir.path().join("foreign.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE t (x)")
        .unwrap();
    let half_built = dir.path().join("half.db");
    drop(schema::Writer::create(&half_built, "test").unwrap());
    let fix = "run `klotski build-db` to build it";
    for (db, reason) in [
        (&missing, "no database at"),
        (&text, "is not an SQLite database"),
        (&foreign, "is an SQLite database but not a Klotski one"),
        (&half_built, "is a database build that did not finish"),
    ] {
        let (code, stderr) = start_on(db, &[]);
        assert_eq!(code, Some(1), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("klotski-server: "), "{stderr}");
        assert!(stderr.contains(reason) && stderr.contains(fix), "{stderr}");
    }
}

/// A database built before the schema's last migration: one the builder's
/// tests migrate (see `builder/tests/sql.rs`).
#[test]
fn an_older_schema_is_one_line_naming_the_migration() {
    let old = Path::new(env!("CARGO_MANIFEST_DIR")).join("../builder/tests/data/schema-v3.db");
    let (code, stderr) = start_on(&old, &[]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let fix = format!("run `klotski migrate --db {}`", old.display());
    assert!(
        stderr.contains(&format!(
            "has schema version 3 but this program reads version {}",
            schema::SCHEMA_VERSION
        )) && stderr.contains(&fix),
        "{stderr}"
    );
}

#[test]
fn bad_arguments_and_a_busy_port_are_one_line() {
    let (code, stderr) = start_on(common::test_db(), &["--listen", "localhost"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("invalid value 'localhost' for '--listen"),
        "{stderr}"
    );

    let (code, stderr) = start_on(common::test_db(), &["--request-timeout", "0"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("--request-timeout must be a positive number"),
        "{stderr}"
    );

    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = taken.local_addr().unwrap().to_string();
    let (code, stderr) = start_on(common::test_db(), &["--listen", &address]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!("cannot listen on {address}")),
        "{stderr}"
    );
}
