//! The original project's four release files, written from the engine or
//! from a database through one writer per file, so both sources give the
//! same bytes.
//!
//! - `All_Case.txt` and `main.csv` (id order) come from either source.
//! - `farthest.csv` and `solution.csv` need the analysis of every layout,
//!   so they come from a database only: class by class in [`release_order`],
//!   inside a class by group_num, inside a group by code.
//! - Beside them, from either source, the per-class seed files the
//!   original's `--all` wrote ([`crate::seeds`]).

use std::fmt;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use edge::keys::class_of;
use edge::numbers;
use klotski::analysis::LayoutAnalysis;
use klotski::{AllCodes, Class, Classification, Code, GroupName};
use md5::{Digest, Md5};
use rayon::prelude::*;
use schema::{ClassRow, Database, GroupFilter, GroupRow, LayoutRow, Page, N_CLASSES};
use tracing::{info, warn};

use crate::output::{write_atomically, Joined};
use crate::progress::Progress;
use crate::seeds::{seeds_of_groups, seeds_of_layouts, write_seed_files, SeedFiles};

/// A release file and the MD5 of the published original.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ReleaseFile {
    /// The file's name.
    pub name: &'static str,
    /// MD5 of the published file, uppercase hex.
    pub md5: &'static str,
}

/// Every code in id order.
pub const ALL_CASE: ReleaseFile = ReleaseFile {
    name: "All_Case.txt",
    md5: "EEB931800E1B6EB10D46DB4DD6A1561F",
};
/// `id,CODE,M,jiang,bing,style,group_num,group_index` in id order.
pub const MAIN: ReleaseFile = ReleaseFile {
    name: "main.csv",
    md5: "4B99D2AD0B919CDE2D0FDE6F7010E698",
};
/// `CODE,farthest_step,farthest_num` in release order.
pub const FARTHEST: ReleaseFile = ReleaseFile {
    name: "farthest.csv",
    md5: "ED06FF2FE14E862BCD5F357408959BE8",
};
/// `CODE,min_solution_step,min_solution_num,solution_num` in release order.
pub const SOLUTION: ReleaseFile = ReleaseFile {
    name: "solution.csv",
    md5: "E05A98D2391CCFB058F62BDFEAAB1D09",
};

/// The line break of `All_Case.txt` and `main.csv`: their published MD5s
/// confirm `\n` (not `\r\n`).
const LINE_BREAK: &[u8] = b"\n";

/// The line break of `farthest.csv` and `solution.csv`: their published
/// MD5s confirm `\r\n` (the per-class files they were joined from had `\n`).
const ANALYSIS_LINE_BREAK: &[u8] = b"\r\n";

/// Layouts read from a database per query.
const PAGE_LAYOUTS: u32 = 100_000;

/// Groups read from a database per query.
const PAGE_GROUPS: u32 = 10_000;

/// What an export wrote: release files and the per-class seed files.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Release {
    /// The release files, each with its MD5.
    pub files: Vec<Exported>,
    /// The seed files beside them.
    pub seeds: SeedFiles,
}

/// A file written, with its MD5.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Exported {
    /// Which release file.
    pub file: ReleaseFile,
    /// Where it was written.
    pub path: PathBuf,
    /// Its MD5, uppercase hex.
    pub md5: String,
    /// Written from every class, so it can equal the published file.
    pub complete: bool,
}

impl Exported {
    /// The file equals the published one.
    pub fn matches(&self) -> bool {
        self.md5 == self.file.md5
    }
}

impl fmt::Display for Exported {
    /// One line: the path, the MD5 and how it compares with the published file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = if !self.complete {
            "partial: cannot equal the published file"
        } else if self.matches() {
            "equals the published file"
        } else {
            "DIFFERS from the published file"
        };
        write!(f, "{}  md5 {}  {verdict}", self.path.display(), self.md5)
    }
}

/// The order of the classes in `farthest.csv` and `solution.csv`: the
/// original concatenated its per-class files `farthest_J-B-S.csv` in the
/// order its shell listed them. That order compares the names with the
/// hyphens ignored (as the word sort of Windows does), so `0-1-0` (`010`) <
/// `0-10-0` (`0100`) < `0-11-0` < ... < `0-14-0` < `0-2-0`, and `1-1-0` <
/// `1-10-0` < `1-10-1` < `1-1-1` < `1-11-0`. Byte order, a glibc collation
/// and numeric order were tried as well: only this order (with `\r\n` line
/// breaks) gives the published MD5s of both files.
pub fn release_order(classes: impl IntoIterator<Item = Class>) -> Vec<Class> {
    let mut classes: Vec<Class> = classes.into_iter().collect();
    classes.sort_by_cached_key(|class| format!("farthest_{class}.csv").replace('-', ""));
    classes
}

/// Writes `All_Case.txt`, `main.csv` and the seed files into `out`,
/// computed from scratch (enumeration and group labelling of all layouts,
/// about a minute).
pub fn export_from_engine(out: &Path) -> anyhow::Result<Release> {
    create_dir(out)?;
    let spinner = Progress::spinner("enumerating and classifying all layouts");
    let all = AllCodes::build();
    let labels = klotski::classify_all(&all);
    spinner.finish_and_clear();
    info!(layouts = all.codes().len(), "enumerated and classified");
    let n_layouts = all.codes().len() as u64;
    let codes = all.codes().iter().map(|&code| Ok(code));
    let lines = (0u32..)
        .zip(all.codes().iter().zip(&labels))
        .map(|(id, (&code, &name))| {
            Ok(MainLine {
                id,
                code,
                is_mirror_as_released: code.layout().is_mirror_as_released(),
                name,
            })
        });
    let files = vec![
        write_file(out, ALL_CASE, n_layouts, true, |path, bar| {
            write_all_case(path, bar.wrap_iter(codes))
        })?,
        write_file(out, MAIN, n_layouts, true, |path, bar| {
            write_main(path, bar.wrap_iter(lines))
        })?,
    ];
    let seeds = write_seed_files(out, &seeds_of_layouts(all.codes(), &labels))?;
    Ok(Release { files, seeds })
}

/// Writes the four release files and the seed files into `out` from the
/// database at `db`. A partial database is refused unless `allow_partial`:
/// its files hold the included classes' lines only and cannot equal the
/// published ones.
pub fn export_from_database(db: &Path, out: &Path, allow_partial: bool) -> anyhow::Result<Release> {
    let database = Database::open(db)?;
    let meta = database.meta()?;
    if meta.partial && !allow_partial {
        bail!(
            "{} is a partial database ({} of the {N_CLASSES} classes): the release files need \
             every class; pass --allow-partial to write the included classes' lines, which \
             cannot equal the published files",
            db.display(),
            meta.classes.len()
        );
    }
    if meta.partial {
        warn!(
            classes = meta.classes.len(),
            "a partial database: the files hold the included classes only"
        );
    }
    let complete = !meta.partial;
    create_dir(out)?;
    let n_layouts = u64::from(database.totals()?.n_layouts);
    let classes = release_order_of_rows(database.classes()?)?;
    let analysed = analysis_in_release_order(&database, &classes, n_layouts)?;
    let files = vec![
        write_file(out, ALL_CASE, n_layouts, complete, |path, bar| {
            let codes = layouts_by_id(&database).map(|row| code_of(&row?));
            write_all_case(path, bar.wrap_iter(codes))
        })?,
        write_file(out, MAIN, n_layouts, complete, |path, bar| {
            let lines = layouts_by_id(&database).map(|row| MainLine::of_row(&row?));
            write_main(path, bar.wrap_iter(lines))
        })?,
        write_file(out, FARTHEST, n_layouts, complete, |path, bar| {
            write_analysis(path, bar.wrap_iter(analysed.iter()), farthest_line)
        })?,
        write_file(out, SOLUTION, n_layouts, complete, |path, bar| {
            write_analysis(path, bar.wrap_iter(analysed.iter()), solution_line)
        })?,
    ];
    let seeds = write_seed_files(out, &seeds_of_groups(&all_groups(&database)?)?)?;
    Ok(Release { files, seeds })
}

/// Writes one file with a progress bar over its `n_lines`, then hashes it.
fn write_file(
    out: &Path,
    file: ReleaseFile,
    n_lines: u64,
    complete: bool,
    write: impl FnOnce(&Path, &Progress) -> anyhow::Result<()>,
) -> anyhow::Result<Exported> {
    let path = out.join(file.name);
    let bar = Progress::bar(n_lines, "lines", format!("writing {}", file.name));
    write(&path, &bar)?;
    bar.finish_and_clear();
    let md5 = md5_of_file(&path)?;
    info!(path = %path.display(), md5, "written");
    Ok(Exported {
        file,
        path,
        md5,
        complete,
    })
}

/// What `main.csv` says of one layout.
struct MainLine {
    id: u32,
    code: Code,
    is_mirror_as_released: bool,
    name: Classification,
}

impl MainLine {
    fn of_row(row: &LayoutRow) -> anyhow::Result<MainLine> {
        Ok(MainLine {
            id: row.id,
            code: code_of(row)?,
            is_mirror_as_released: row.is_mirror_as_released,
            name: Classification {
                group: GroupName {
                    class: class_of_row(row)?,
                    group_num: row.group.group_num,
                },
                group_index: row.group_index,
            },
        })
    }
}

/// `All_Case.txt`: every code in id order, a line break between lines.
fn write_all_case(
    path: &Path,
    codes: impl Iterator<Item = anyhow::Result<Code>>,
) -> anyhow::Result<()> {
    write_atomically(path, |writer| {
        let mut lines = Joined::new(writer, LINE_BREAK);
        for code in codes {
            lines.line(format_args!("{}", code?))?;
        }
        Ok(())
    })
}

/// `main.csv`: `id,CODE,M,jiang,bing,style,group_num,group_index` in id
/// order, a line break between lines, where M is the mirror flag as the
/// original release computed it ([`klotski::Layout::is_mirror_as_released`]).
fn write_main(
    path: &Path,
    lines: impl Iterator<Item = anyhow::Result<MainLine>>,
) -> anyhow::Result<()> {
    write_atomically(path, |writer| {
        let mut joined = Joined::new(writer, LINE_BREAK);
        for line in lines {
            let MainLine {
                id,
                code,
                is_mirror_as_released,
                name,
            } = line?;
            let mirror = if is_mirror_as_released { 'Y' } else { 'N' };
            let class = name.group.class;
            joined.line(format_args!(
                "{id},{code},{mirror},{},{},{},{},{}",
                class.jiang, class.bing, class.style, name.group.group_num, name.group_index
            ))?;
        }
        Ok(())
    })
}

/// `farthest.csv` or `solution.csv`: one `line` per layout, each followed
/// by a line break.
fn write_analysis<'a>(
    path: &Path,
    rows: impl Iterator<Item = &'a ReleaseRow>,
    line: fn(&mut dyn Write, Code, &LayoutAnalysis) -> io::Result<()>,
) -> anyhow::Result<()> {
    write_atomically(path, |writer| {
        for row in rows {
            line(writer, row.code, &row.analysis)?;
            writer.write_all(ANALYSIS_LINE_BREAK)?;
        }
        Ok(())
    })
}

/// One layout's line of the analysis files, with where it goes.
struct ReleaseRow {
    /// The class's position in [`release_order`] (high 8 bits) and the
    /// layout's group_num (low 24 bits).
    group: u32,
    code: Code,
    analysis: LayoutAnalysis,
}

/// Every layout's analysis in release order: class by class in
/// [`release_order`], inside a class by group_num, inside a group by code.
///
/// Read in one scan of the layouts in id order, then sorted in memory (32
/// bytes a layout). Reading group by group from the classification index
/// instead costs a random row lookup per layout, several times slower
/// (docs/journal/build.md, "The export from one scan in id order").
fn analysis_in_release_order(
    db: &Database,
    classes: &[Class],
    n_layouts: u64,
) -> anyhow::Result<Vec<ReleaseRow>> {
    let position: std::collections::HashMap<Class, u32> = (0..)
        .zip(classes)
        .map(|(position, &class)| (class, position))
        .collect();
    let bar = Progress::bar(n_layouts, "layouts", "reading the analysis");
    let mut rows = Vec::with_capacity(n_layouts as usize);
    for row in bar.wrap_iter(layouts_by_id(db)) {
        let row = row?;
        let (code, analysis) = analysis_of(&row)?;
        let class = class_of_row(&row)?;
        let group_num = row.group.group_num;
        let Some(&position) = position.get(&class) else {
            bail!(
                "layout {} is in class {class}, which the classes table lacks",
                row.id
            );
        };
        if group_num >= 1 << 24 {
            bail!("layout {} has group_num {group_num}", row.id);
        }
        rows.push(ReleaseRow {
            group: position << 24 | group_num,
            code,
            analysis,
        });
    }
    bar.finish_and_clear();
    rows.par_sort_unstable_by_key(|row| (row.group, row.code));
    Ok(rows)
}

/// `CODE,farthest_step,farthest_num`.
fn farthest_line(writer: &mut dyn Write, code: Code, a: &LayoutAnalysis) -> io::Result<()> {
    write!(writer, "{code},{},{}", a.farthest_step, a.farthest_num)
}

/// `CODE,min_solution_step,min_solution_num,solution_num`.
fn solution_line(writer: &mut dyn Write, code: Code, a: &LayoutAnalysis) -> io::Result<()> {
    write!(
        writer,
        "{code},{},{},{}",
        a.min_solution_step, a.min_solution_num, a.solution_num
    )
}

/// The code of a row, checked to be a legal layout's.
fn code_of(row: &LayoutRow) -> anyhow::Result<Code> {
    row.code
        .parse()
        .with_context(|| format!("layout {} has code {:?}", row.id, row.code))
}

/// The class of a row, checked to be one.
fn class_of_row(row: &LayoutRow) -> anyhow::Result<Class> {
    let key = row.group.class();
    class_of(key).with_context(|| format!("layout {} is in class {key}", row.id))
}

/// The code and analysis of a row.
fn analysis_of(row: &LayoutRow) -> anyhow::Result<(Code, LayoutAnalysis)> {
    Ok((code_of(row)?, numbers::analysis_of(&row.numbers)))
}

/// The database's classes in [`release_order`].
fn release_order_of_rows(rows: Vec<ClassRow>) -> anyhow::Result<Vec<Class>> {
    let classes = rows
        .iter()
        .map(|row| {
            class_of(row.key()).with_context(|| format!("the database has a class {}", row.name()))
        })
        .collect::<anyhow::Result<Vec<Class>>>()?;
    Ok(release_order(classes))
}

/// Every layout of the database in id order.
fn layouts_by_id(db: &Database) -> impl Iterator<Item = anyhow::Result<LayoutRow>> + '_ {
    let mut after = None;
    let mut failed = false;
    let pages = std::iter::from_fn(move || {
        if failed {
            return None;
        }
        let page = db.layouts(Page {
            after,
            limit: PAGE_LAYOUTS,
        });
        match page {
            Ok(rows) if rows.is_empty() => None,
            Ok(rows) => {
                after = rows.last().map(|row| row.id);
                Some(Ok(rows))
            }
            Err(error) => {
                failed = true;
                Some(Err(error.into()))
            }
        }
    });
    flatten_pages(pages)
}

/// Every group row of the database, by class, then group_num.
fn all_groups(db: &Database) -> anyhow::Result<Vec<GroupRow>> {
    let mut groups: Vec<GroupRow> = Vec::new();
    loop {
        let page = Page {
            after: groups.last().map(|row| row.key),
            limit: PAGE_GROUPS,
        };
        let rows = db.groups(&GroupFilter::default(), page)?;
        if rows.is_empty() {
            return Ok(groups);
        }
        groups.extend(rows);
    }
}

/// The items of pages read one after another; an error ends them.
fn flatten_pages<T>(
    pages: impl Iterator<Item = anyhow::Result<Vec<T>>>,
) -> impl Iterator<Item = anyhow::Result<T>> {
    pages.flat_map(|page| {
        let (items, error) = match page {
            Ok(items) => (items, None),
            Err(error) => (Vec::new(), Some(Err(error))),
        };
        items.into_iter().map(Ok).chain(error)
    })
}

fn create_dir(out: &Path) -> anyhow::Result<()> {
    fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))
}

/// The MD5 of a file, uppercase hex.
fn md5_of_file(path: &Path) -> anyhow::Result<String> {
    let mut file = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut hasher = Md5::new();
    let mut buffer = vec![0; 1 << 20];
    loop {
        let n = file.read(&mut buffer)?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
    }
    Ok(format!("{:X}", hasher.finalize()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn release_order_ignores_the_hyphens_of_the_file_names() {
        let order: Vec<String> = release_order(Class::all())
            .iter()
            .map(ToString::to_string)
            .collect();
        let start = [
            "0-0-0", "0-1-0", "0-10-0", "0-11-0", "0-12-0", "0-13-0", "0-14-0", "0-2-0", "0-3-0",
        ];
        assert_eq!(order[..start.len()], start);
        let position = |name: &str| order.iter().position(|n| n == name).unwrap();
        let jiang_1 = [
            "1-1-0", "1-10-0", "1-10-1", "1-1-1", "1-11-0", "1-11-1", "1-12-0",
        ];
        let positions: Vec<usize> = jiang_1.iter().map(|&name| position(name)).collect();
        assert!(
            positions.windows(2).all(|w| w[0] + 1 == w[1]),
            "{jiang_1:?}: {positions:?}"
        );
        assert!(position("1-12-1") < position("1-2-0"));
        assert!(position("5-4-5") < position("6-0-0"));
        assert_eq!(order.last().unwrap(), "7-0-7");
        assert_eq!(order.len(), 204);
        let keys: std::collections::HashSet<String> =
            order.iter().map(|name| name.replace('-', "")).collect();
        assert_eq!(keys.len(), order.len(), "the order has no ties");
    }

    #[test]
    fn lines_have_the_original_format() {
        let code: Code = "1A9BF0C00".parse().unwrap();
        let analysis = LayoutAnalysis {
            farthest_step: 124,
            farthest_num: 8,
            min_solution_step: 81,
            min_solution_num: 2,
            solution_num: 3,
        };
        let line = |format: fn(&mut dyn Write, Code, &LayoutAnalysis) -> io::Result<()>| {
            let mut bytes = Vec::new();
            format(&mut bytes, code, &analysis).unwrap();
            String::from_utf8(bytes).unwrap()
        };
        assert_eq!(line(farthest_line), "1A9BF0C00,124,8");
        assert_eq!(line(solution_line), "1A9BF0C00,81,2,3");
    }
}
