//! The classic named layouts (关卡) the database holds, read at start, and
//! their JSON: a layout's names in its answer, and the list `/named`.

use edge::json::{Farthest, MetricsJson, Solution};
use edge::named::NameJson;
use edge::numbers::analysis_of;
use klotski::NamedLayout;
use schema::{Database, GroupKey, LayoutRow};
use serde::Serialize;
use utoipa::ToSchema;

use crate::model::GroupRef;

/// One named layout of the list: its name, its layout and its numbers.
#[derive(Debug, Serialize, ToSchema)]
pub struct NamedEntry {
    /// The name.
    #[serde(flatten)]
    pub name: NameJson,
    /// The layout's code.
    #[schema(example = "1A9BF0C00")]
    pub code: String,
    /// Its classification `J-B-S-G-I`.
    #[schema(example = "5-4-1-1-7472")]
    pub classification: String,
    /// Its group.
    pub group: GroupRef,
    /// Its farthest layouts.
    pub farthest: Farthest,
    /// Its nearest solved layouts: `min_step` is the fewest steps, the
    /// level's difficulty.
    pub solution: Solution,
    /// The fewest straight and cell moves, and the numbers of optimal
    /// solutions.
    pub metrics: MetricsJson,
    /// The fewest steps the source publishes, when it publishes one: where
    /// it differs from `solution.min_step`, the source is wrong or counts
    /// moves another way (the documentation lists each).
    #[schema(required = true)]
    pub published_steps: Option<u32>,
    /// The address of the collection the layout was taken from.
    #[schema(value_type = String)]
    pub source: &'static str,
}

/// A page of the named layouts, easiest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct NamedPage {
    /// How many named layouts match, in all pages.
    pub total: usize,
    /// This page: by fewest steps, then by name (unsolvable layouts last).
    pub named: Vec<NamedEntry>,
    /// Pass as `after` for the next page (a name as shown); null on the
    /// last page.
    #[schema(required = true)]
    pub next: Option<String>,
    /// When the search matched nothing: the names closest to it.
    pub nearest: Vec<String>,
}

/// A named layout the database holds, with its row.
pub(crate) struct Held {
    /// The entry of the collection.
    pub(crate) named: &'static NamedLayout,
    /// Its name as shown.
    pub(crate) display: String,
    /// Its layout's row.
    pub(crate) row: LayoutRow,
}

/// The named layouts the database holds, easiest first.
pub(crate) struct NamedCatalog {
    held: Vec<Held>,
}

impl NamedCatalog {
    /// Reads the row of every named layout from `db`; a partial database
    /// holds some of them only.
    pub(crate) fn load(db: &Database) -> schema::Result<NamedCatalog> {
        let mut held = Vec::new();
        for named in klotski::named_layouts() {
            if let Some(row) = db.layout_by_code(&named.code.to_string())? {
                held.push(Held {
                    named,
                    display: named.display_name(),
                    row,
                });
            }
        }
        held.sort_by_key(difficulty);
        Ok(NamedCatalog { held })
    }

    /// Every named layout held, easiest first.
    pub(crate) fn held(&self) -> &[Held] {
        &self.held
    }
}

/// The order of the list: by fewest steps (the unsolvable last), then by
/// name and variant.
fn difficulty(entry: &Held) -> (bool, i32, &'static str, u8) {
    let steps = entry.row.numbers.min_solution_step;
    (steps < 0, steps, entry.named.name, entry.named.variant)
}

impl NamedEntry {
    /// The entry of a named layout held, in a group of `group_size`.
    pub(crate) fn new(held: &Held, group: GroupKey, group_size: u32) -> NamedEntry {
        let row = &held.row;
        let numbers = analysis_of(&row.numbers);
        NamedEntry {
            name: NameJson::new(held.named),
            code: row.code.clone(),
            classification: format!("{group}-{}", row.group_index),
            group: GroupRef {
                name: group,
                size: group_size,
            },
            farthest: Farthest::from(&numbers),
            solution: Solution::from(&numbers),
            metrics: MetricsJson::from(&row.metrics),
            published_steps: held.named.published_steps,
            source: held.named.source,
        }
    }
}
