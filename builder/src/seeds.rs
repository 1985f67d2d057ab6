//! The per-class seed files the original's `--all` wrote beside
//! `All_Case.txt` and `main.csv`: `J-B-S.txt` for every class, the
//! smallest code of each group (its `group_index` 0) by `group_num`, a line
//! break between lines and none after the last. Its build fed each one to
//! `--analy-multi-group` to write the class's analysis files, as
//! `klotski analyse-group --seeds J-B-S.txt` does.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use edge::keys::class_of;
use klotski::{Class, Classification, Code};
use schema::GroupRow;

use crate::output::{write_atomically, Joined};

/// The line break of the seed files (the original's, checked against its
/// published seed files).
const LINE_BREAK: &[u8] = b"\n";

/// One class's seeds: the smallest code of each group, by `group_num`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClassSeeds {
    /// The class.
    pub class: Class,
    /// The seed of group `i` at `i`.
    pub seeds: Vec<Code>,
}

/// The seed files written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeedFiles {
    /// The directory they are in.
    pub dir: PathBuf,
    /// How many files (classes).
    pub n_files: usize,
    /// How many seeds (groups) in all.
    pub n_seeds: usize,
}

impl fmt::Display for SeedFiles {
    /// One line: where the files are and how many.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}  {} seed files, {} seeds (the smallest code of each group)",
            self.dir.join("J-B-S.txt").display(),
            self.n_files,
            self.n_seeds
        )
    }
}

/// The seeds of every class from every layout's code and classification:
/// the codes of `group_index` 0.
pub fn seeds_of_layouts(codes: &[Code], names: &[Classification]) -> Vec<ClassSeeds> {
    let mut seeds: BTreeMap<Class, Vec<(u32, Code)>> = BTreeMap::new();
    for (&code, name) in codes.iter().zip(names) {
        if name.group_index == 0 {
            let class_seeds = seeds.entry(name.group.class).or_default();
            class_seeds.push((name.group.group_num, code));
        }
    }
    seeds
        .into_iter()
        .map(|(class, mut numbered)| {
            numbered.sort_unstable();
            ClassSeeds {
                class,
                seeds: numbered.into_iter().map(|(_, code)| code).collect(),
            }
        })
        .collect()
}

/// The seeds of every class from a database's group rows (their smallest
/// codes), which must come by class, then `group_num`, with no gap.
pub fn seeds_of_groups(rows: &[GroupRow]) -> anyhow::Result<Vec<ClassSeeds>> {
    let mut classes: Vec<ClassSeeds> = Vec::new();
    for row in rows {
        let key = row.key;
        let class =
            class_of(key.class()).with_context(|| format!("the database has a group {key:?}"))?;
        let code: Code = row
            .smallest_code
            .parse()
            .with_context(|| format!("group {key:?} has smallest code {:?}", row.smallest_code))?;
        if classes.last().is_none_or(|last| last.class != class) {
            classes.push(ClassSeeds {
                class,
                seeds: Vec::new(),
            });
        }
        let seeds = &mut classes.last_mut().expect("pushed above").seeds;
        if key.group_num as usize != seeds.len() {
            bail!("the database's groups of class {class} skip to {key:?}");
        }
        seeds.push(code);
    }
    Ok(classes)
}

/// Writes `J-B-S.txt` for each class of `seeds` into `out`.
pub fn write_seed_files(out: &Path, seeds: &[ClassSeeds]) -> anyhow::Result<SeedFiles> {
    for class_seeds in seeds {
        let path = out.join(format!("{}.txt", class_seeds.class));
        write_atomically(&path, |writer| {
            let mut lines = Joined::new(writer, LINE_BREAK);
            for seed in &class_seeds.seeds {
                lines.line(format_args!("{seed}"))?;
            }
            Ok(())
        })?;
    }
    let n_seeds = seeds.iter().map(|class| class.seeds.len()).sum();
    tracing::info!(files = seeds.len(), n_seeds, "seed files written");
    Ok(SeedFiles {
        dir: out.to_path_buf(),
        n_files: seeds.len(),
        n_seeds,
    })
}
