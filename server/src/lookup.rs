//! Finding what a request names in the database, with a 404 that says why
//! when it is not there. A layout comes back as a [`StoredLayout`], its
//! code a value: read from the row only when the request did not name it.

use klotski::{Classification, Code, LayoutRef};
use schema::{ClassKey, ClassRow, Database, GroupKey, GroupRow};

use crate::error::AppError;
use crate::state::Catalog;
use crate::stored::StoredLayout;

/// The layout a parsed code, short code, classification or name names.
pub(crate) fn layout(
    db: &Database,
    catalog: &Catalog,
    layout: LayoutRef,
) -> Result<StoredLayout, AppError> {
    match layout {
        LayoutRef::Code(code) => held_row(db, catalog, code),
        LayoutRef::Named(named) => held_row(db, catalog, named.code),
        LayoutRef::Short(short) => {
            let row = db.layout_by_id(short.id())?.ok_or_else(|| {
                AppError::NotFound(format!(
                    "short code {short} (id {}) is not in this database, which holds {}",
                    short.id(),
                    catalog.held()
                ))
            })?;
            StoredLayout::read(row)
        }
        LayoutRef::Name(name) => classified(db, catalog, name),
    }
}

/// The row of `code`; not found when the database does not hold its class.
fn held_row(db: &Database, catalog: &Catalog, code: Code) -> Result<StoredLayout, AppError> {
    row_of_code(db, catalog, code)?.ok_or_else(|| {
        AppError::NotFound(format!(
            "layout {code} (class {}) is not in this database, which holds {}",
            code.layout().class(),
            catalog.held()
        ))
    })
}

/// The row of `code`, if the database holds it: read by the code's id (one
/// B-tree descent instead of the code index's and the table's), checked
/// against the code, which decides (the ids of a database are the codes'
/// ranks, but a row found by id that is another layout is never answered).
pub(crate) fn row_of_code(
    db: &Database,
    catalog: &Catalog,
    code: Code,
) -> Result<Option<StoredLayout>, AppError> {
    let digits = code.digits();
    let by_id = db
        .layout_by_id(catalog.ranks.id(code))?
        // Compared as text with the code's digits: nothing is parsed.
        .filter(|row| row.code.as_bytes() == digits);
    let row = match by_id {
        Some(row) => Some(row),
        None => db.layout_by_code(std::str::from_utf8(&digits).expect("hex digits are ASCII"))?,
    };
    Ok(row.map(|row| StoredLayout::of_code(code, row)))
}

/// The layout a classification `J-B-S-G-I` names.
pub(crate) fn classified(
    db: &Database,
    catalog: &Catalog,
    name: Classification,
) -> Result<StoredLayout, AppError> {
    let key = edge::keys::group_key(name.group);
    let group = group(db, catalog, key)?;
    if name.group_index >= group.size {
        return Err(AppError::NotFound(format!(
            "group {key} has {} layouts: group_index {} is past its end",
            group.size, name.group_index
        )));
    }
    let row = db
        .layout_by_name(key, name.group_index)?
        .ok_or_else(|| AppError::Internal(format!("group {key} lacks layout {name}")))?;
    StoredLayout::read(row)
}

/// The group named `key`.
pub(crate) fn group(db: &Database, catalog: &Catalog, key: GroupKey) -> Result<GroupRow, AppError> {
    if let Some(group) = db.group(key)? {
        return Ok(group);
    }
    let class = key.class();
    let Some(row) = catalog.classes.iter().find(|row| row.key() == class) else {
        return Err(AppError::NotFound(absent(
            catalog,
            class,
            &format!(", so no group {key}"),
        )));
    };
    Err(AppError::NotFound(if row.n_groups == 1 {
        format!("class {class} has one group, {class}-0: there is no group {key}")
    } else {
        format!(
            "class {class} has {} groups, {class}-0 to {class}-{}: there is no group {key}",
            row.n_groups,
            row.n_groups - 1
        )
    }))
}

/// The class named `key`, from what the database holds.
pub(crate) fn class(catalog: &Catalog, key: ClassKey) -> Result<&ClassRow, AppError> {
    catalog
        .classes
        .iter()
        .find(|row| row.key() == key)
        .ok_or_else(|| AppError::NotFound(absent(catalog, key, "")))
}

/// Why the database holds no class `key`: it has no layouts (and then
/// `consequence` follows), or the database holds other classes only.
fn absent(catalog: &Catalog, key: ClassKey, consequence: &str) -> String {
    // 7-0-0 is the one possible class with no layouts.
    if !catalog.meta.partial || key.to_string() == "7-0-0" {
        format!("class {key} has no layouts{consequence}")
    } else {
        format!(
            "class {key} is not in this database, which holds {}",
            catalog.held()
        )
    }
}
