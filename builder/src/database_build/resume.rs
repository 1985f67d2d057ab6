//! Reusing the analysis of a killed build: the checkpoint beside the
//! database. It is reused only when made for the same classes by the same
//! engine and when every group it holds fits the groups of this run;
//! otherwise the build says why and starts clean.

use std::collections::HashMap;
use std::path::Path;

use anyhow::bail;
use edge::keys::group_key;
use edge::numbers::analysis_of;
use klotski::{ClassGroups, GroupName};
use schema::{Checkpoint, CheckpointTag, ErrorKind, GroupKey, PackedMetrics};
use tracing::info;

use super::analysed::{Analysed, Analyses};
use super::target::what_it_is;

/// What is at the checkpoint path when a build starts.
pub(super) enum Existing {
    /// Nothing.
    None,
    /// A checkpoint of this format.
    Checkpoint(Checkpoint),
    /// A checkpoint written by another version of the builder.
    OtherFormat,
}

/// Looks at the checkpoint path before the long phases, so that a file in
/// the way is refused at once. Anything but a checkpoint is left untouched.
pub(super) fn open_existing(path: &Path) -> anyhow::Result<Existing> {
    match Checkpoint::open(path) {
        Ok(checkpoint) => Ok(Existing::Checkpoint(checkpoint)),
        Err(error) => match error.kind() {
            ErrorKind::Missing { .. } => Ok(Existing::None),
            ErrorKind::SchemaVersion { .. } => Ok(Existing::OtherFormat),
            _ => bail!(
                "{} {}: it is in the way of the build's checkpoint; move it away",
                path.display(),
                what_it_is(&error)
            ),
        },
    }
}

/// The checkpoint to save to, and the analyses it already holds.
pub(super) fn start(
    existing: Existing,
    path: &Path,
    tag: &CheckpointTag,
    classes: &[ClassGroups],
) -> anyhow::Result<(Checkpoint, Analyses)> {
    let checkpoint = match existing {
        Existing::None => return Ok((Checkpoint::create(path, tag)?, Analyses::new())),
        Existing::OtherFormat => {
            say_starting_clean(path, "was written by another version of the builder");
            Checkpoint::discard(path)?;
            return Ok((Checkpoint::create(path, tag)?, Analyses::new()));
        }
        Existing::Checkpoint(checkpoint) => checkpoint,
    };
    let made_for = checkpoint.tag()?;
    let fit = if made_for.engine_version != tag.engine_version {
        Err(format!(
            "was made by engine {}, this is {}",
            made_for.engine_version, tag.engine_version
        ))
    } else if made_for.classes != tag.classes {
        Err(format!(
            "was made for other classes ({})",
            made_for.classes.join(",")
        ))
    } else {
        saved_analyses(&checkpoint, classes)?
    };
    match fit {
        Ok(analyses) => {
            let n_layouts: usize = analyses.values().map(Analysed::len).sum();
            info!(
                path = %path.display(),
                groups = analyses.len(),
                layouts = n_layouts,
                "resuming from the checkpoint of an earlier run"
            );
            Ok((checkpoint, analyses))
        }
        Err(reason) => {
            say_starting_clean(path, &reason);
            checkpoint.delete()?;
            Ok((Checkpoint::create(path, tag)?, Analyses::new()))
        }
    }
}

fn say_starting_clean(path: &Path, reason: &str) {
    info!("the checkpoint {} {reason}: starting clean", path.display());
}

/// The analyses a checkpoint holds, or why it does not fit this build.
type Fit = Result<Analyses, String>;

/// The analyses the checkpoint holds, if every one is of a group of
/// `classes` and of its size.
fn saved_analyses(checkpoint: &Checkpoint, classes: &[ClassGroups]) -> anyhow::Result<Fit> {
    let sizes: HashMap<GroupKey, usize> = classes
        .iter()
        .flat_map(|groups| {
            (0..groups.n_groups()).map(|group_num| {
                let name = GroupName {
                    class: groups.class(),
                    group_num,
                };
                (group_key(name), groups.group_size(group_num) as usize)
            })
        })
        .collect();
    let mut analyses = Analyses::new();
    for saved in checkpoint.saved_groups()? {
        if sizes.get(&saved.key) != Some(&saved.numbers.len()) {
            return Ok(Err(format!(
                "holds {} layouts of group {}, which this build does not have",
                saved.numbers.len(),
                saved.key
            )));
        }
        let analysis = saved.numbers.iter().map(analysis_of).collect();
        let metrics = saved
            .metrics
            .iter()
            .map(PackedMetrics::pack)
            .collect::<schema::Result<_>>()?;
        analyses.insert(saved.key, Analysed { analysis, metrics });
    }
    Ok(Ok(analyses))
}
