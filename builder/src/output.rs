//! Writing output files so that an interrupted run never leaves a file that
//! looks complete: each file is written beside its target under a `.partial`
//! name and renamed into place only once fully written and flushed.

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

/// Writes `path` through `fill`, atomically: on any error the target is untouched.
pub fn write_atomically(
    path: &Path,
    fill: impl FnOnce(&mut BufWriter<File>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let partial = with_suffix(path, ".partial");
    let file =
        File::create(&partial).with_context(|| format!("cannot create {}", partial.display()))?;
    let mut writer = BufWriter::with_capacity(1 << 20, file);
    let written = fill(&mut writer)
        .and_then(|()| writer.into_inner().map_err(|e| e.into_error().into()))
        .and_then(|file| file.sync_all().map_err(Into::into));
    if let Err(error) = written {
        let _ = fs::remove_file(&partial);
        return Err(error.context(format!("cannot write {}", path.display())));
    }
    fs::rename(&partial, path)
        .with_context(|| format!("cannot move {} into place", partial.display()))
}

/// Lines joined by `separator`, without one after the last.
pub struct Joined<'a, W: Write> {
    writer: &'a mut W,
    separator: &'a [u8],
    first: bool,
}

impl<'a, W: Write> Joined<'a, W> {
    /// Starts writing lines to `writer`.
    pub fn new(writer: &'a mut W, separator: &'a [u8]) -> Self {
        Joined {
            writer,
            separator,
            first: true,
        }
    }

    /// Writes one line.
    pub fn line(&mut self, args: std::fmt::Arguments<'_>) -> std::io::Result<()> {
        if !self.first {
            self.writer.write_all(self.separator)?;
        }
        self.first = false;
        self.writer.write_fmt(args)
    }
}

/// `path` with `suffix` appended to its file name: a file beside it, e.g.
/// `data/klotski.db.building` for `data/klotski.db`.
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}
