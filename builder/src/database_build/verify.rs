//! Checking the finished file against the engine before it is moved into
//! place: SQLite's own check, then the classes, the layouts and groups of
//! each class, every group's size and the named layouts.

use std::collections::HashSet;
use std::path::Path;

use anyhow::{ensure, Context};

use klotski::{Class, ClassGroups};
use schema::{Database, GroupFilter, NamedLayoutRow, Page};

/// Checks the database at `path` against the groups of its `classes`.
pub(super) fn check(path: &Path, classes: &[ClassGroups]) -> anyhow::Result<()> {
    check_counts(path, classes).with_context(|| {
        format!(
            "the database built disagrees with the engine; it is left at {}",
            path.display()
        )
    })
}

fn check_counts(path: &Path, classes: &[ClassGroups]) -> anyhow::Result<()> {
    let db = Database::open(path)?;
    db.check_integrity()?;
    let names: Vec<String> = classes.iter().map(|g| g.class().to_string()).collect();
    let meta = db.meta()?;
    ensure!(
        meta.classes == names,
        "it holds classes {:?}, not {names:?}",
        meta.classes
    );
    for (row, groups) in db.classes()?.iter().zip(classes) {
        let counts = (row.name(), row.n_layouts as usize, row.n_groups);
        let expected = (
            groups.class().to_string(),
            groups.n_layouts(),
            groups.n_groups(),
        );
        ensure!(
            counts == expected,
            "class {} has {} layouts in {} groups, the engine's {} in {}",
            counts.0,
            counts.1,
            counts.2,
            expected.1,
            expected.2
        );
    }
    let all_groups = Page {
        after: None,
        limit: u32::MAX,
    };
    let rows = db.groups(&GroupFilter::default(), all_groups)?;
    let sizes: Vec<u32> = classes
        .iter()
        .flat_map(|groups| (0..groups.n_groups()).map(|g| groups.group_size(g)))
        .collect();
    ensure!(
        rows.len() == sizes.len(),
        "it holds {} groups, the engine {}",
        rows.len(),
        sizes.len()
    );
    for (row, &size) in rows.iter().zip(&sizes) {
        ensure!(
            row.size == size,
            "group {} has {} layouts, the engine's {size}",
            row.key,
            row.size
        );
    }
    check_named(&db, classes)
}

/// Checks that the file names exactly the named layouts of its classes.
fn check_named(db: &Database, classes: &[ClassGroups]) -> anyhow::Result<()> {
    let held: HashSet<Class> = classes.iter().map(ClassGroups::class).collect();
    let mut expected: Vec<NamedLayoutRow> = klotski::named_layouts()
        .iter()
        .filter(|named| held.contains(&named.code.layout().class()))
        .map(edge::named::named_row)
        .collect();
    expected.sort_by(|a, b| (&a.name, a.variant).cmp(&(&b.name, b.variant)));
    let stored = db.named_layouts()?;
    ensure!(
        stored == expected,
        "it names {} layouts, the engine {} in its classes",
        stored.len(),
        expected.len()
    );
    Ok(())
}
