//! The disk a build or a migration needs, checked before it starts: a full
//! build writes for a quarter of an hour before its write phase, the first
//! to need the file's size, so a disk too small should be found at once.
//!
//! The estimates scale the bytes a layout takes in the files of a real
//! full build (BENCHMARKS.md) by the layouts chosen.

use std::path::Path;

use anyhow::bail;

/// Bytes a layout takes in a finished database (schema 3), measured on a
/// full build's file (BENCHMARKS.md, "the file").
pub const FILE_BYTES_PER_LAYOUT: u64 = 91;

/// Bytes a layout takes in the build's checkpoint (`<db>.checkpoint`),
/// which stays on disk until the finished file is in place, measured on
/// 2-6-1's (BENCHMARKS.md, "free disk a full build needs"); its write-ahead
/// log, up to one batch more, is within the margin.
pub const CHECKPOINT_BYTES_PER_LAYOUT: u64 = 53;

/// A build's margin over its two files: SQLite's journal and the index
/// sorter's pages beside them.
const MARGIN_PERCENT: u64 = 5;

/// How the free disk is found before a build or a migration: `None` skips
/// the check (`--no-space-check`).
pub type FreeSpace = Option<fn(&Path) -> std::io::Result<u64>>;

/// The free disk of the file system holding `dir`, as an unprivileged
/// process may use it.
pub fn free_bytes(dir: &Path) -> std::io::Result<u64> {
    let stat = rustix::fs::statvfs(dir)?;
    Ok(stat.f_bavail.saturating_mul(stat.f_frsize))
}

/// The checked default: [`free_bytes`].
pub const CHECKED: FreeSpace = Some(free_bytes);

/// The disk a build of `n_layouts` layouts needs: the file it writes and
/// its checkpoint, both whole at the end, less the checkpoint an earlier
/// run left (`checkpoint_bytes`), with a margin.
pub fn build_needs(n_layouts: u64, checkpoint_bytes: u64) -> u64 {
    let files = n_layouts * (FILE_BYTES_PER_LAYOUT + CHECKPOINT_BYTES_PER_LAYOUT);
    (files + files * MARGIN_PERCENT / 100).saturating_sub(checkpoint_bytes)
}

/// The disk a migration of a file of `file_bytes` needs: its journal holds
/// the pages of the layout table as they were (nearly the whole file), and
/// the file grows by the new columns, indexes and tables (BENCHMARKS.md,
/// "the file", schema 2 against 3), more from schema 1; so about the file
/// again, and a quarter.
pub fn migrate_needs(file_bytes: u64) -> u64 {
    file_bytes + file_bytes / 4
}

/// Refuses, with the figures, when `free` reports less than `needed` bytes
/// free in `dir`; `what` names the work (`a build of 363,480 layouts`).
pub fn check(free: FreeSpace, dir: &Path, needed: u64, what: &str) -> anyhow::Result<()> {
    let Some(free) = free else { return Ok(()) };
    let available = free(dir).map_err(|error| {
        anyhow::anyhow!(
            "cannot read the free disk in {}: {error} (--no-space-check goes on without)",
            dir.display()
        )
    })?;
    if available < needed {
        bail!(
            "{what} needs about {} free in {}, {} are; free some or pass --no-space-check",
            gigabytes(needed),
            dir.display(),
            gigabytes(available)
        );
    }
    Ok(())
}

/// The directory a file at `path` is written in.
pub fn dir_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Bytes as gigabytes with one decimal (`5.6 GB`), or megabytes below one.
fn gigabytes(bytes: u64) -> String {
    if bytes >= 1_000_000_000 {
        format!("{:.1} GB", bytes as f64 / 1e9)
    } else {
        format!("{:.1} MB", bytes as f64 / 1e6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimates_scale_the_full_builds_bytes() {
        // The full build's file, from the bytes a layout.
        let full = 29_334_498;
        let file = full * FILE_BYTES_PER_LAYOUT;
        assert!((2_651_700_000..2_700_000_000).contains(&file), "{file}");
        // The file, its checkpoint and the margin.
        let needs = build_needs(full, 0);
        assert_eq!(needs, full * 144 * 105 / 100);
        assert_eq!(gigabytes(needs), "4.4 GB");
        // An earlier run's checkpoint is on the disk already.
        assert_eq!(build_needs(1000, 10_000), 151_200 - 10_000);
        assert_eq!(build_needs(10, 1 << 40), 0);
        // Migrating the full file of schema 2.
        assert_eq!(gigabytes(migrate_needs(2_346_000_000)), "2.9 GB");
    }

    #[test]
    fn too_little_free_disk_is_refused_with_the_figures() {
        let dir = Path::new("/data");
        let tiny: FreeSpace = Some(|_| Ok(2_100_000_000));
        assert!(check(tiny, dir, 2_100_000_000, "a build").is_ok());
        let error = check(tiny, dir, 5_600_000_000, "a build of 29,334,498 layouts");
        assert_eq!(
            error.unwrap_err().to_string(),
            "a build of 29,334,498 layouts needs about 5.6 GB free in /data, 2.1 GB are; \
             free some or pass --no-space-check"
        );
        assert!(check(None, dir, u64::MAX, "a build").is_ok());
        let broken: FreeSpace = Some(|_| Err(std::io::ErrorKind::NotFound.into()));
        let error = check(broken, dir, 1, "a build").unwrap_err().to_string();
        assert!(
            error.starts_with("cannot read the free disk in /data: "),
            "{error}"
        );
        assert_eq!(gigabytes(512_000), "0.5 MB");
        assert_eq!(dir_of(Path::new("klotski.db")), Path::new("."));
        assert_eq!(dir_of(Path::new("/data/klotski.db")), dir);
    }

    #[test]
    fn the_free_disk_of_a_real_directory_is_read() {
        let free = free_bytes(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert!(free > 0);
        assert!(free_bytes(Path::new("/no/such/directory")).is_err());
    }
}
