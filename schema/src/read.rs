//! Querying a finished database: the server's side.

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use rusqlite::{params, Connection, OptionalExtension, ToSql};

use crate::error::{Error, ErrorKind, Result};
use crate::meta;
use crate::named::{read_named_layouts, NamedLayoutRow};
use crate::open::{open_immutable, open_read_only, read_error};
use crate::rows::{
    ClassKey, ClassRow, GroupKey, GroupRow, HistogramRow, LayoutRow, Meta, Totals, CLASS_COLUMNS,
    GROUP_COLUMNS, HISTOGRAM_COLUMNS, LAYOUT_COLUMNS,
};

/// One page of a list ordered by a cursor: the `limit` items that follow
/// `after`, or the first `limit` items when `after` is `None`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Page<C> {
    /// The cursor of the last item of the previous page.
    pub after: Option<C>,
    /// The most items to return.
    pub limit: u32,
}

/// Which groups [`Database::groups`] lists; `None` lets anything through.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct GroupFilter {
    /// Only groups with this many two-cell pieces.
    pub jiang: Option<u32>,
    /// Only groups with this many 1x1 pieces.
    pub bing: Option<u32>,
    /// Only groups with this many horizontal 2x1 pieces.
    pub style: Option<u32>,
    /// Only groups of at least this many layouts.
    pub min_size: Option<u32>,
    /// Only groups of at most this many layouts.
    pub max_size: Option<u32>,
}

/// A finished database, open read-only. It may move between threads but not
/// be shared by them: open one per thread, or share one behind a mutex.
pub struct Database {
    conn: Connection,
    path: PathBuf,
}

impl Database {
    /// Opens the database at `path` and checks that it is a finished build of
    /// this schema version: a missing file, a file that is not SQLite, an
    /// SQLite file of something else, another schema version and an
    /// unfinished build are each their own [`ErrorKind`](crate::ErrorKind).
    pub fn open(path: &Path) -> Result<Database> {
        Ok(Database {
            conn: open_read_only(path)?,
            path: path.to_owned(),
        })
    }

    /// [`Self::open`] for a file that no process writes while it is open
    /// (a server's): SQLite then takes no locks and skips the check for
    /// changes that each query otherwise begins with. Replacing the file by
    /// a rename is safe; writing it in place gives wrong answers.
    pub fn open_immutable(path: &Path) -> Result<Database> {
        Ok(Database {
            conn: open_immutable(path)?,
            path: path.to_owned(),
        })
    }

    /// Reads the whole file and checks SQLite's structures (`PRAGMA
    /// quick_check`: pages, records, row counts of indexes): a damaged file
    /// is an [`ErrorKind::Corrupt`] error. Takes as long as reading the file.
    pub fn check_integrity(&self) -> Result<()> {
        let problems: Vec<String> = self
            .conn
            .prepare("PRAGMA quick_check")
            .and_then(|mut check| check.query_map([], |row| row.get(0))?.collect())
            // Some damage stops the check itself.
            .map_err(|e| read_error(&self.path, e))?;
        if problems == ["ok"] {
            return Ok(());
        }
        Err(ErrorKind::Corrupt {
            path: self.path.clone(),
            detail: problems.join("; "),
        }
        .into())
    }

    /// The `meta` table.
    pub fn meta(&self) -> Result<Meta> {
        meta::read(&self.conn)
    }

    /// A page of all layouts in id order; the cursor is an id.
    pub fn layouts(&self, page: Page<u32>) -> Result<Vec<LayoutRow>> {
        let sql = format!("SELECT {LAYOUT_COLUMNS} FROM layout WHERE id > ?1 ORDER BY id LIMIT ?2");
        let after = page.after.map_or(-1, i64::from);
        let rows = self
            .conn
            .prepare_cached(&sql)?
            .query_map(params![after, page.limit], LayoutRow::from_sql)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// The layout with this id.
    pub fn layout_by_id(&self, id: u32) -> Result<Option<LayoutRow>> {
        self.layout_where(&LAYOUT_BY_ID, id)
    }

    /// The layout with this code, written as in the database: 9 uppercase hex
    /// digits.
    pub fn layout_by_code(&self, code: &str) -> Result<Option<LayoutRow>> {
        self.layout_where(&LAYOUT_BY_CODE, code)
    }

    /// The layout named `group`-`group_index`.
    pub fn layout_by_name(&self, group: GroupKey, group_index: u32) -> Result<Option<LayoutRow>> {
        let page = Page {
            after: group_index.checked_sub(1),
            limit: 1,
        };
        Ok(self.group_layouts(group, page)?.pop())
    }

    /// The summary of a group.
    pub fn group(&self, key: GroupKey) -> Result<Option<GroupRow>> {
        let sql = format!(
            "SELECT {GROUP_COLUMNS} FROM layout_group \
             WHERE jiang = ?1 AND bing = ?2 AND style = ?3 AND group_num = ?4"
        );
        Ok(self
            .conn
            .prepare_cached(&sql)?
            .query_row(
                params![key.jiang, key.bing, key.style, key.group_num],
                GroupRow::from_sql,
            )
            .optional()?)
    }

    /// A page of a group's layouts in group_index order; the cursor is a
    /// group_index. Empty when there is no such group.
    pub fn group_layouts(&self, key: GroupKey, page: Page<u32>) -> Result<Vec<LayoutRow>> {
        let sql = format!(
            "SELECT {LAYOUT_COLUMNS} FROM layout \
             WHERE jiang = ?1 AND bing = ?2 AND style = ?3 AND group_num = ?4 \
               AND group_index > ?5 \
             ORDER BY group_index \
             LIMIT ?6"
        );
        let after = page.after.map_or(-1, i64::from);
        let rows = self
            .conn
            .prepare_cached(&sql)?
            .query_map(
                params![
                    key.jiang,
                    key.bing,
                    key.style,
                    key.group_num,
                    after,
                    page.limit
                ],
                LayoutRow::from_sql,
            )?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// The rows of a group's layouts at `group_indexes` (ascending), read a
    /// page at a time over the range they span; a missing one is an error.
    pub fn group_members(&self, key: GroupKey, group_indexes: &[u32]) -> Result<Vec<LayoutRow>> {
        const PAGE: u32 = 10_000;
        let mut members = Vec::with_capacity(group_indexes.len());
        let mut wanted = group_indexes.iter().copied().peekable();
        let mut after = group_indexes.first().and_then(|first| first.checked_sub(1));
        while let Some(&next) = wanted.peek() {
            let rows = self.group_layouts(key, Page { after, limit: PAGE })?;
            let Some(last) = rows.last().map(|row| row.group_index) else {
                return Err(Error::inconsistent(format!(
                    "the group {key} has no layout {next}"
                )));
            };
            for row in rows {
                if wanted.peek() == Some(&row.group_index) {
                    wanted.next();
                    members.push(row);
                }
            }
            after = Some(last);
        }
        Ok(members)
    }

    /// A group's histogram, by ascending step: empty when there is no such
    /// group.
    pub fn group_histogram(&self, key: GroupKey) -> Result<Vec<HistogramRow>> {
        self.histogram(
            "layout_group_histogram",
            "group_num = ?4",
            params![key.jiang, key.bing, key.style, key.group_num],
        )
    }

    /// A class's histogram, by ascending step: empty when there is no such
    /// class.
    pub fn class_histogram(&self, key: ClassKey) -> Result<Vec<HistogramRow>> {
        self.histogram(
            "layout_class_histogram",
            "TRUE",
            params![key.jiang, key.bing, key.style],
        )
    }

    /// The rows of a histogram `table` whose class is the first three
    /// parameters and which pass `condition` on the others.
    fn histogram(
        &self,
        table: &str,
        condition: &str,
        params: &[&dyn ToSql],
    ) -> Result<Vec<HistogramRow>> {
        let sql = format!(
            "SELECT {HISTOGRAM_COLUMNS} FROM {table} \
             WHERE jiang = ?1 AND bing = ?2 AND style = ?3 AND {condition} \
             ORDER BY step"
        );
        let rows = self
            .conn
            .prepare_cached(&sql)?
            .query_map(params, HistogramRow::from_sql)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// A page of the groups that pass `filter`, ordered by name; the cursor
    /// is a group's key.
    pub fn groups(&self, filter: &GroupFilter, page: Page<GroupKey>) -> Result<Vec<GroupRow>> {
        let sql = format!(
            "SELECT {GROUP_COLUMNS} FROM layout_group \
             WHERE (?1 IS NULL OR jiang = ?1) AND (?2 IS NULL OR bing = ?2) \
               AND (?3 IS NULL OR style = ?3) \
               AND (?4 IS NULL OR size >= ?4) AND (?5 IS NULL OR size <= ?5) \
               AND (?6 IS NULL OR (jiang, bing, style, group_num) > (?6, ?7, ?8, ?9)) \
             ORDER BY jiang, bing, style, group_num \
             LIMIT ?10"
        );
        let after = page.after;
        let rows = self
            .conn
            .prepare_cached(&sql)?
            .query_map(
                params![
                    filter.jiang,
                    filter.bing,
                    filter.style,
                    filter.min_size,
                    filter.max_size,
                    after.map(|key| key.jiang),
                    after.map(|key| key.bing),
                    after.map(|key| key.style),
                    after.map(|key| key.group_num),
                    page.limit,
                ],
                GroupRow::from_sql,
            )?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// All classes, ordered by name.
    pub fn classes(&self) -> Result<Vec<ClassRow>> {
        let sql = format!("SELECT {CLASS_COLUMNS} FROM layout_class ORDER BY jiang, bing, style");
        let rows = self
            .conn
            .prepare_cached(&sql)?
            .query_map([], ClassRow::from_sql)?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// Every row of `named_layout`: the named layouts the file holds, by
    /// name and variant.
    pub fn named_layouts(&self) -> Result<Vec<NamedLayoutRow>> {
        read_named_layouts(&self.conn)
    }

    /// Totals over all classes.
    pub fn totals(&self) -> Result<Totals> {
        Ok(self.conn.query_row(
            "SELECT count(*), coalesce(sum(n_groups), 0), coalesce(sum(n_layouts), 0), \
                    coalesce(sum(n_solved), 0) \
             FROM layout_class",
            [],
            |row| {
                Ok(Totals {
                    n_classes: row.get(0)?,
                    n_groups: row.get(1)?,
                    n_layouts: row.get(2)?,
                    n_solved: row.get(3)?,
                })
            },
        )?)
    }

    /// The layout `sql` (one of the point lookups below) selects with `value`.
    fn layout_where(&self, sql: &str, value: impl rusqlite::ToSql) -> Result<Option<LayoutRow>> {
        Ok(self
            .conn
            .prepare_cached(sql)?
            .query_row([value], LayoutRow::from_sql)
            .optional()?)
    }
}

/// The point lookups of a layout, written once rather than per query (the
/// server runs tens of thousands a second).
static LAYOUT_BY_ID: LazyLock<String> =
    LazyLock::new(|| format!("SELECT {LAYOUT_COLUMNS} FROM layout WHERE id = ?1"));
static LAYOUT_BY_CODE: LazyLock<String> =
    LazyLock::new(|| format!("SELECT {LAYOUT_COLUMNS} FROM layout WHERE code = ?1"));
