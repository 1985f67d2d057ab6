//! Building the database file: [`build_database`].
//!
//! Phases: label the groups of the chosen classes, analyse every group not
//! yet in the checkpoint, write the layout rows in id order (ids are ranks
//! among all codes, counted) into `<db>.building`, create the indexes,
//! check the file against the engine, move it to `<db>`.
//!
//! Atomic and resumable: `<db>` appears only complete and checked. The
//! analysis, the long phase, is committed a batch of groups at a time to
//! `<db>.checkpoint`; a build killed at any moment and run again reuses
//! what the checkpoint holds (if it was made for the same classes by the
//! same engine) and ends with the same rows. The write phase is short and
//! simply starts over. Both side files are the build's own: `<db>.building`
//! left by a killed build is replaced, and the checkpoint is removed once
//! `<db>` is in place.

mod analyse;
mod analysed;
mod resume;
mod rows;
mod target;
mod verify;

use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use klotski::{Class, ClassGroups, CodeRanks};
use rayon::prelude::*;
use schema::{CheckpointTag, Writer, N_CLASSES};

use tracing::info;

use crate::progress::Progress;
use crate::space::{self, FreeSpace};

/// Layouts analysed between two checkpoint commits, by default: a few
/// minutes of work on 2 cores, and room for the largest group (964,656
/// layouts).
pub const DEFAULT_BATCH_LAYOUTS: u64 = 1_000_000;

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The database file to write.
    pub db: PathBuf,
    /// The classes to include, e.g. from [`select`](crate::classes::select).
    /// Classes without layouts (7-0-0) are left out.
    pub classes: Vec<Class>,
    /// Replace a complete database of this schema at `db`. Any other file
    /// there is refused, whatever this says.
    pub force: bool,
    /// Layouts analysed between two checkpoint commits; a group is never
    /// split, and only one batch is analysed at a time, which bounds the
    /// memory in use.
    pub batch_layouts: u64,
    /// How the free disk beside `db` is read before the analysis
    /// ([`space::CHECKED`](crate::space::CHECKED)), or `None` not to check.
    pub free_space: FreeSpace,
}

/// What a build did.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The database written.
    pub db: PathBuf,
    /// Number of classes included.
    pub n_classes: usize,
    /// Number of groups.
    pub n_groups: u64,
    /// Number of layouts: the rows of `layout`.
    pub n_layouts: u64,
    /// Groups whose analysis came from the checkpoint of an earlier run.
    pub n_resumed_groups: usize,
    /// Each phase and the time it took, in order.
    pub phases: Vec<(&'static str, Duration)>,
    /// Size of the file.
    pub file_bytes: u64,
}

/// Builds the database `options` describe. See the module documentation.
pub fn build_database(options: &BuildOptions) -> anyhow::Result<Summary> {
    let started = Instant::now();
    let scratch = target::Scratch::beside(&options.db);
    let replaces = target::check_target(&options.db, options.force)?;
    let existing_checkpoint = resume::open_existing(&scratch.checkpoint)?;
    target::create_parent(&options.db)?;

    let mut phases = Phases::default();
    let classes = phases.time("group", || group_classes(&options.classes));
    if classes.is_empty() {
        bail!("the classes chosen hold no layouts");
    }
    let n_layouts: u64 = classes.iter().map(|g| g.n_layouts() as u64).sum();
    let checkpoint_bytes = std::fs::metadata(&scratch.checkpoint).map_or(0, |file| file.len());
    space::check(
        options.free_space,
        space::dir_of(&options.db),
        space::build_needs(n_layouts, checkpoint_bytes),
        &format!("a build of {n_layouts} layouts"),
    )?;
    let tag = CheckpointTag {
        engine_version: klotski::VERSION.to_owned(),
        classes: classes.iter().map(|g| g.class().to_string()).collect(),
    };
    let (mut checkpoint, mut analyses) =
        resume::start(existing_checkpoint, &scratch.checkpoint, &tag, &classes)?;
    let n_resumed_groups = analyses.len();
    phases.time("analyse", || {
        analyse::analyse_pending(
            &classes,
            &mut analyses,
            &mut checkpoint,
            options.batch_layouts,
        )
    })?;
    // The searches keep their arrays for the next group: no more groups.
    klotski::analysis::release_spare_sets();

    let writer = phases.time("write", || -> anyhow::Result<Writer> {
        target::clear_building(&scratch.building)?;
        let mut writer = Writer::create(&scratch.building, klotski::VERSION)?;
        rows::write_layouts(&mut writer, &CodeRanks::build(), &classes, &analyses)?;
        Ok(writer)
    })?;
    // The index phase sorts every code: give it the memory back.
    drop(analyses);
    phases.time("index", || {
        let spinner = Progress::spinner("creating indexes and statistics");
        let finished = writer.finish(
            &rows::mirror_group_nums(&classes),
            &edge::named::named_rows(),
        );
        spinner.finish_and_clear();
        finished
    })?;
    phases.time("check", || verify::check(&scratch.building, &classes))?;
    target::place(&scratch.building, &options.db, replaces)?;
    checkpoint.delete()?;

    let file_bytes = std::fs::metadata(&options.db)
        .with_context(|| format!("cannot read {}", options.db.display()))?
        .len();
    phases.0.push(("total", started.elapsed()));
    Ok(Summary {
        db: options.db.clone(),
        n_classes: classes.len(),
        n_groups: classes.iter().map(|g| u64::from(g.n_groups())).sum(),
        n_layouts: classes.iter().map(|g| g.n_layouts() as u64).sum(),
        n_resumed_groups,
        phases: phases.0,
        file_bytes,
    })
}

/// The groups of each class, in class order, without the classes that hold
/// no layouts. Classes are labelled in parallel.
fn group_classes(classes: &[Class]) -> Vec<ClassGroups> {
    let bar = Progress::bar(classes.len() as u64, "classes", "grouping");
    let groups: Vec<ClassGroups> = classes
        .par_iter()
        .map(|&class| {
            let groups = ClassGroups::build(class);
            bar.inc(1);
            groups
        })
        .collect();
    bar.finish_and_clear();
    groups
        .into_iter()
        .filter(|groups| groups.n_layouts() > 0)
        .collect()
}

/// The time each phase took, in order.
#[derive(Default)]
struct Phases(Vec<(&'static str, Duration)>);

impl Phases {
    /// Runs one phase, recording and logging its time.
    fn time<T>(&mut self, name: &'static str, phase: impl FnOnce() -> T) -> T {
        let started = Instant::now();
        let result = phase();
        let elapsed = started.elapsed();
        info!(phase = name, ?elapsed, "done");
        self.0.push((name, elapsed));
        result
    }
}

impl fmt::Display for Summary {
    /// Several lines: what was built, then the time of each phase.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.n_classes < N_CLASSES {
            "partial"
        } else {
            "complete"
        };
        writeln!(
            f,
            "built {}: {} layouts, {} groups, {} classes ({kind}), {:.1} MB, {:.1} bytes a layout",
            self.db.display(),
            self.n_layouts,
            self.n_groups,
            self.n_classes,
            self.file_bytes as f64 / 1e6,
            self.file_bytes as f64 / self.n_layouts as f64,
        )?;
        if self.n_resumed_groups > 0 {
            writeln!(
                f,
                "resumed: {} groups analysed by an earlier run",
                self.n_resumed_groups
            )?;
        }
        for (name, elapsed) in &self.phases {
            writeln!(f, "  {name:<10} {:>9.1} s", elapsed.as_secs_f64())?;
        }
        Ok(())
    }
}
