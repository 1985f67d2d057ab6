//! The builder's checkpoint: a side file holding the analysis of the groups
//! done so far, committed a batch at a time, so that a build killed at any
//! moment continues where it stopped instead of starting over.
//!
//! It is an SQLite file of its own kind (`PRAGMA application_id` `KLCP`,
//! its format version in `PRAGMA user_version`), never a database to serve.
//! A tag records what build it belongs to; the builder reuses a checkpoint
//! only for the same build.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use rusqlite::{params, Connection, OpenFlags};

use crate::error::{Error, ErrorKind, Result};
use crate::open::{check_header, check_is_file, read_error};
use crate::rows::{GroupKey, LayoutNumbers, MetricNumbers};

/// `PRAGMA application_id` of a checkpoint: `KLCP` in ASCII.
const CHECKPOINT_APPLICATION_ID: i32 = 0x4B4C_4350;

/// Version of the tables and of the encoding below, in `PRAGMA user_version`.
/// 2 since schema 3: each layout's [`MetricNumbers`] follow its five numbers.
const CHECKPOINT_FORMAT: u32 = 2;

const CHECKPOINT_SQL: &str = "
    -- What build the checkpoint belongs to: engine_version, classes.
    CREATE TABLE tag (
        key   TEXT NOT NULL PRIMARY KEY,
        value TEXT NOT NULL
    ) WITHOUT ROWID;
    -- One row per analysed group.
    CREATE TABLE saved_group (
        jiang     INTEGER NOT NULL,
        bing      INTEGER NOT NULL,
        style     INTEGER NOT NULL,
        group_num INTEGER NOT NULL,
        -- Each layout's numbers in group_index order: farthest_step,
        -- farthest_num, min_solution_step, min_solution_num, solution_num,
        -- min_straight_moves, min_cell_moves, 4 bytes each, then
        -- n_min_step_sequences, n_min_straight_sequences,
        -- n_min_cell_sequences, 8 bytes each, least significant first.
        numbers   BLOB    NOT NULL,
        PRIMARY KEY (jiang, bing, style, group_num)
    );
";

/// Commits must survive the process being killed, which any journal mode
/// ensures; write-ahead logging with `NORMAL` sync also survives a power cut
/// (losing at most the last commits) without an fsync per commit.
const CHECKPOINT_PRAGMAS: &str = "
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
";

/// Tag keys.
const ENGINE_VERSION: &str = "engine_version";
const CLASSES: &str = "classes";

/// Bytes per layout in `saved_group.numbers`.
const NUMBERS_BYTES: usize = 52;

/// What build a checkpoint belongs to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CheckpointTag {
    /// Version of the engine that computed the numbers.
    pub engine_version: String,
    /// Names (`J-B-S`) of the classes the build includes, ascending.
    pub classes: Vec<String>,
}

/// One analysed group: its layouts' numbers in group_index order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavedGroup {
    /// The group.
    pub key: GroupKey,
    /// Entry `i` belongs to the layout with group_index `i`.
    pub numbers: Vec<LayoutNumbers>,
    /// The numbers in the other metrics, as many, in the same order.
    pub metrics: Vec<MetricNumbers>,
}

/// A checkpoint file, open for reading and saving.
pub struct Checkpoint {
    conn: Connection,
    path: PathBuf,
}

impl Checkpoint {
    /// Creates a checkpoint at `path`, which must not exist, for the build
    /// `tag` describes. It is made as `path.creating` and renamed, so that
    /// a process killed meanwhile never leaves a half-made file at `path`
    /// (a left `path.creating` is the checkpoint's own, and replaced).
    pub fn create(path: &Path, tag: &CheckpointTag) -> Result<Checkpoint> {
        if path.exists() {
            return Err(ErrorKind::AlreadyExists {
                path: path.to_owned(),
            }
            .into());
        }
        let mut creating = path.as_os_str().to_owned();
        creating.push(".creating");
        let creating = PathBuf::from(creating);
        remove_files(&creating)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        // Rollback journal until renamed: the file must hold everything.
        let mut conn = Connection::open_with_flags(&creating, flags)?;
        let tx = conn.transaction()?;
        tx.execute_batch(CHECKPOINT_SQL)?;
        tx.pragma_update(None, "application_id", CHECKPOINT_APPLICATION_ID)?;
        tx.pragma_update(None, "user_version", CHECKPOINT_FORMAT)?;
        let mut insert = tx.prepare("INSERT INTO tag (key, value) VALUES (?1, ?2)")?;
        insert.execute(params![ENGINE_VERSION, tag.engine_version])?;
        insert.execute(params![CLASSES, tag.classes.join(",")])?;
        drop(insert);
        tx.commit()?;
        conn.close().map_err(|(_, error)| error)?;
        fs::rename(&creating, path).map_err(|error| ErrorKind::Io {
            path: path.to_owned(),
            error,
        })?;
        Checkpoint::open(path)
    }

    /// Opens an existing checkpoint. A missing file, a file that is not
    /// SQLite, an SQLite file of something else and a checkpoint of another
    /// format are each their own [`ErrorKind`]; none of them is modified.
    pub fn open(path: &Path) -> Result<Checkpoint> {
        check_is_file(path)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags)?;
        check_header(&conn, path, CHECKPOINT_APPLICATION_ID, CHECKPOINT_FORMAT)?;
        conn.execute_batch(CHECKPOINT_PRAGMAS)
            .map_err(|e| read_error(path, e))?;
        Ok(Checkpoint {
            conn,
            path: path.to_owned(),
        })
    }

    /// What build the checkpoint belongs to.
    pub fn tag(&self) -> Result<CheckpointTag> {
        let get = |key: &str| -> Result<String> {
            self.conn
                .query_row("SELECT value FROM tag WHERE key = ?1", [key], |row| {
                    row.get(0)
                })
                .map_err(|e| match e {
                    rusqlite::Error::QueryReturnedNoRows => {
                        Error::inconsistent(format!("the checkpoint's tag has no {key}"))
                    }
                    e => read_error(&self.path, e),
                })
        };
        let classes = get(CLASSES)?;
        Ok(CheckpointTag {
            engine_version: get(ENGINE_VERSION)?,
            classes: classes
                .split(',')
                .filter(|name| !name.is_empty())
                .map(str::to_owned)
                .collect(),
        })
    }

    /// Every saved group, ordered by key.
    pub fn saved_groups(&self) -> Result<Vec<SavedGroup>> {
        let mut select = self.conn.prepare(
            "SELECT jiang, bing, style, group_num, numbers FROM saved_group \
             ORDER BY jiang, bing, style, group_num",
        )?;
        let rows = select
            .query_map([], |row| Ok((GroupKey::from_sql(row, 0)?, row.get(4)?)))
            .map_err(|e| read_error(&self.path, e))?;
        rows.map(|row| {
            let (key, bytes): (GroupKey, Vec<u8>) = row.map_err(|e| read_error(&self.path, e))?;
            let (numbers, metrics) = decode(key, &bytes)?;
            Ok(SavedGroup {
                key,
                numbers,
                metrics,
            })
        })
        .collect()
    }

    /// Saves groups, all or none: one transaction. A group may be saved once.
    pub fn save(&mut self, groups: &[SavedGroup]) -> Result<()> {
        let tx = self.conn.transaction()?;
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO saved_group (jiang, bing, style, group_num, numbers) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for group in groups {
                let key = group.key;
                if group.metrics.len() != group.numbers.len() {
                    return Err(Error::inconsistent(format!(
                        "group {key} has {} layouts' numbers but {} layouts' metrics",
                        group.numbers.len(),
                        group.metrics.len()
                    )));
                }
                insert.execute(params![
                    key.jiang,
                    key.bing,
                    key.style,
                    key.group_num,
                    encode(&group.numbers, &group.metrics)
                ])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Closes the checkpoint and removes its file (and SQLite's side files).
    pub fn delete(self) -> Result<()> {
        self.conn.close().map_err(|(_, error)| error)?;
        remove_files(&self.path)
    }

    /// Removes the checkpoint at `path` whatever its format version, with
    /// SQLite's side files: for one that [`Checkpoint::open`] refuses as
    /// [`ErrorKind::SchemaVersion`]. Any other file is refused and left alone.
    pub fn discard(path: &Path) -> Result<()> {
        check_is_file(path)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags)?;
        match check_header(&conn, path, CHECKPOINT_APPLICATION_ID, CHECKPOINT_FORMAT) {
            Err(error) if !matches!(error.kind(), ErrorKind::SchemaVersion { .. }) => {
                return Err(error)
            }
            _ => {}
        }
        conn.close().map_err(|(_, error)| error)?;
        remove_files(path)
    }
}

/// Removes a checkpoint's file and SQLite's side files; the file last, so
/// that a kill midway leaves no side files without it.
fn remove_files(path: &Path) -> Result<()> {
    for suffix in ["-journal", "-wal", "-shm", ""] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        match fs::remove_file(&name) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => {
                return Err(ErrorKind::Io {
                    path: name.into(),
                    error,
                }
                .into())
            }
            _ => {}
        }
    }
    Ok(())
}

/// Encodes numbers (and as many metrics) as `saved_group.numbers`.
fn encode(numbers: &[LayoutNumbers], metrics: &[MetricNumbers]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(numbers.len() * NUMBERS_BYTES);
    for (n, m) in numbers.iter().zip(metrics) {
        bytes.extend_from_slice(&n.farthest_step.to_le_bytes());
        bytes.extend_from_slice(&n.farthest_num.to_le_bytes());
        bytes.extend_from_slice(&n.min_solution_step.to_le_bytes());
        bytes.extend_from_slice(&n.min_solution_num.to_le_bytes());
        bytes.extend_from_slice(&n.solution_num.to_le_bytes());
        bytes.extend_from_slice(&m.min_straight_moves.to_le_bytes());
        bytes.extend_from_slice(&m.min_cell_moves.to_le_bytes());
        bytes.extend_from_slice(&m.n_min_step_sequences.to_le_bytes());
        bytes.extend_from_slice(&m.n_min_straight_sequences.to_le_bytes());
        bytes.extend_from_slice(&m.n_min_cell_sequences.to_le_bytes());
    }
    bytes
}

/// Decodes what [`encode`] wrote for group `key`.
fn decode(key: GroupKey, bytes: &[u8]) -> Result<(Vec<LayoutNumbers>, Vec<MetricNumbers>)> {
    let chunks = bytes.chunks_exact(NUMBERS_BYTES);
    if !chunks.remainder().is_empty() {
        return Err(Error::inconsistent(format!(
            "the checkpoint's numbers of group {key} take {} bytes, not a multiple of \
             {NUMBERS_BYTES}",
            bytes.len()
        )));
    }
    Ok(chunks
        .map(|chunk| {
            let word = |i: usize| chunk[i..i + 4].try_into().expect("4 bytes");
            let long = |i: usize| chunk[i..i + 8].try_into().expect("8 bytes");
            let numbers = LayoutNumbers {
                farthest_step: u32::from_le_bytes(word(0)),
                farthest_num: u32::from_le_bytes(word(4)),
                min_solution_step: i32::from_le_bytes(word(8)),
                min_solution_num: u32::from_le_bytes(word(12)),
                solution_num: u32::from_le_bytes(word(16)),
            };
            let metrics = MetricNumbers {
                min_straight_moves: i32::from_le_bytes(word(20)),
                min_cell_moves: i32::from_le_bytes(word(24)),
                n_min_step_sequences: i64::from_le_bytes(long(28)),
                n_min_straight_sequences: i64::from_le_bytes(long(36)),
                n_min_cell_sequences: i64::from_le_bytes(long(44)),
            };
            (numbers, metrics)
        })
        .unzip())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: GroupKey = GroupKey {
        jiang: 5,
        bing: 4,
        style: 1,
        group_num: 7,
    };

    #[test]
    fn numbers_round_trip() {
        let numbers = [
            LayoutNumbers {
                farthest_step: 124,
                farthest_num: 8,
                min_solution_step: 81,
                min_solution_num: 2,
                solution_num: 3,
            },
            LayoutNumbers {
                farthest_step: 0,
                farthest_num: 1,
                min_solution_step: -1,
                min_solution_num: 0,
                solution_num: 0,
            },
        ];
        let metrics = [
            MetricNumbers {
                min_straight_moves: 90,
                min_cell_moves: 116,
                n_min_step_sequences: 256,
                n_min_straight_sequences: 4096,
                n_min_cell_sequences: 1 << 61,
            },
            MetricNumbers {
                min_straight_moves: -1,
                min_cell_moves: -1,
                ..MetricNumbers::default()
            },
        ];
        let bytes = encode(&numbers, &metrics);
        assert_eq!(bytes.len(), 2 * NUMBERS_BYTES);
        assert_eq!(&bytes[..4], [124, 0, 0, 0]);
        assert_eq!(
            decode(KEY, &bytes).unwrap(),
            (numbers.to_vec(), metrics.to_vec())
        );
    }

    #[test]
    fn ragged_numbers_are_an_error() {
        let error = decode(KEY, &[0; 21]).unwrap_err();
        assert!(error.to_string().contains("group 5-4-1-7"), "{error}");
        assert!(error.to_string().contains("21 bytes"), "{error}");
    }
}
