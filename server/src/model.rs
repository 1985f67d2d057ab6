//! The JSON the service answers with: response types, separate from the
//! engine's and the database's types, and the conversions into them. The
//! shapes the CLI prints too (moves, routes, a layout's numbers) are
//! `edge::json`'s.

use std::fmt;

use edge::json::{Farthest, MetricsJson, Solution};
use edge::named::NameJson;
use edge::numbers::analysis_of;
use klotski::paths::NotAStep;
use klotski::{Code, Layout, ShortCode};
use schema::{ClassRow, GroupKey, GroupRow, HistogramRow, LayoutRow};
use serde::{Serialize, Serializer};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use crate::error::AppError;
use crate::stored::StoredLayout;

// Its names are kept as the values they name and written as text when
// serialised, so that building an answer allocates nothing but its body:
// `/case` is the hottest route.
/// Everything about one layout.
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseResponse {
    /// The code: 9 uppercase hex digits.
    #[schema(value_type = String, example = "1A9BF0C00")]
    #[serde(serialize_with = "as_text")]
    pub code: Code,
    /// The id in base 32, 5 characters.
    #[schema(value_type = String, example = "4WVE1")]
    #[serde(serialize_with = "as_text")]
    pub short_code: ShortCode,
    /// Rank of the code among all legal codes, from 0.
    #[schema(example = 4091296)]
    pub id: u32,
    /// The layout's names among the classic named layouts (横刀立马 ...):
    /// none for most layouts, several for a layout known by several.
    pub names: Vec<NameJson>,
    /// The unique name `J-B-S-G-I` and its parts.
    pub classification: Classification,
    /// The layout's group.
    pub group: GroupRef,
    /// The layout equals its own left-right reflection.
    pub is_mirror: bool,
    /// The 2x2 block is at the exit (the code starts with `D`).
    pub solved: bool,
    /// The layouts farthest from this one in its group.
    pub farthest: Farthest,
    /// The nearest solved layouts.
    pub solution: Solution,
    /// The fewest straight moves and cell moves to a solved layout, and the
    /// numbers of minimum move sequences in steps, straight and cell moves.
    pub metrics: MetricsJson,
    /// The board, top row first: `##` the 2x2 block, `<>` a 2x1 piece, `^`
    /// over `v` a 1x2 piece, `o` a 1x1 piece, `.` an empty cell.
    #[schema(value_type = Vec<String>, example = json!(["^##^", "v##v", "^<>^", "voov", "o..o"]))]
    #[serde(serialize_with = "board_rows")]
    pub board: Layout,
}

/// A layout's name `jiang-bing-style-group_num-group_index` and its parts.
#[derive(Debug, Serialize, ToSchema)]
pub struct Classification {
    /// The whole name, e.g. `5-4-1-1-7472`.
    #[schema(value_type = String, example = "5-4-1-1-7472")]
    #[serde(serialize_with = "as_text")]
    pub name: ClassificationName,
    /// Number of two-cell pieces (2x1 and 1x2).
    pub jiang: u32,
    /// Number of 1x1 pieces.
    pub bing: u32,
    /// Number of 2x1 (horizontal) pieces.
    pub style: u32,
    /// The group's number in its class: by size, largest first, ties by
    /// smallest code.
    pub group_num: u32,
    /// The layout's position in its group sorted by code, from 0.
    pub group_index: u32,
}

/// A classification as the database keys it, written `J-B-S-G-I`: the
/// group's key and the layout's position in it.
#[derive(Debug, Clone, Copy)]
pub struct ClassificationName {
    /// The group.
    pub group: GroupKey,
    /// The position in the group sorted by code.
    pub group_index: u32,
}

impl fmt::Display for ClassificationName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.group, self.group_index)
    }
}

/// A group's name and size.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupRef {
    /// The name `J-B-S-G`.
    #[schema(value_type = String, example = "5-4-1-1")]
    #[serde(serialize_with = "as_text")]
    pub name: GroupKey,
    /// Number of layouts.
    #[schema(example = 25955)]
    pub size: u32,
}

/// One layout of a list of cases.
#[derive(Debug, Serialize, ToSchema)]
pub struct CaseSummary {
    /// The code.
    #[schema(example = "1A9BF0C00")]
    pub code: String,
    /// The short code.
    #[schema(value_type = String, example = "4WVE1")]
    #[serde(serialize_with = "as_text")]
    pub short_code: ShortCode,
    /// The id.
    pub id: u32,
    /// The position in the group sorted by code.
    pub group_index: u32,
    /// The layout equals its own left-right reflection.
    pub is_mirror: bool,
    /// The 2x2 block is at the exit.
    pub solved: bool,
    /// The farthest layouts.
    pub farthest: Farthest,
    /// The nearest solved layouts.
    pub solution: Solution,
}

/// A page of a layout's farthest layouts.
#[derive(Debug, Serialize, ToSchema)]
pub struct FarthestPage {
    /// The layout.
    #[schema(example = "1A9BF0C00")]
    pub code: String,
    /// How many steps away the farthest layouts are.
    #[schema(example = 124)]
    pub farthest_step: u32,
    /// How many there are in all pages.
    #[schema(example = 8)]
    pub farthest_num: u32,
    /// This page of them, ascending codes.
    pub layouts: Vec<String>,
    /// Pass as `after` for the next page; null on the last page.
    #[schema(required = true)]
    pub next: Option<String>,
}

/// A page of a layout's nearest solved layouts.
#[derive(Debug, Serialize, ToSchema)]
pub struct MinSolutionsPage {
    /// The layout.
    #[schema(example = "1A9BF0C00")]
    pub code: String,
    /// How many steps away they are; -1 when the group has no solved layout.
    #[schema(example = 81)]
    pub min_solution_step: i32,
    /// How many there are in all pages.
    #[schema(example = 2)]
    pub min_solution_num: u32,
    /// This page of them, ascending codes.
    pub layouts: Vec<String>,
    /// Pass as `after` for the next page; null on the last page.
    #[schema(required = true)]
    pub next: Option<String>,
}

/// One breadth-first layer: the layouts some number of steps away.
#[derive(Debug, Serialize, ToSchema)]
pub struct Layer {
    /// Steps from the layout asked about.
    pub step: u32,
    /// How many layouts are that far.
    pub size: u32,
    /// The first of them by code, up to the request's `limit`.
    pub codes: Vec<String>,
}

/// The breadth-first layers of a layout's group, from the layout.
#[derive(Debug, Serialize, ToSchema)]
pub struct LayersResponse {
    /// The layout.
    #[schema(example = "1A9BF0C00")]
    pub code: String,
    /// Its group.
    pub group: GroupRef,
    /// Layer `k` holds the layouts `k` steps away, from layer 0 (the layout
    /// alone) to its farthest layouts.
    pub layers: Vec<Layer>,
}

/// A group's summary.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupResponse {
    /// The name `J-B-S-G`.
    #[schema(example = "5-4-1-1")]
    pub name: String,
    /// Number of two-cell pieces.
    pub jiang: u32,
    /// Number of 1x1 pieces.
    pub bing: u32,
    /// Number of horizontal 2x1 pieces.
    pub style: u32,
    /// The group's number in its class.
    pub group_num: u32,
    /// Number of layouts.
    pub size: u32,
    /// The smallest code (group_index 0).
    pub smallest_code: String,
    /// Most steps between two layouts of the group.
    pub diameter: u32,
    /// Number of solved layouts.
    pub n_solved: u32,
    /// Largest `min_solution_step` of its layouts; -1 when none is solved.
    pub max_min_solution_step: i32,
    /// The smallest code with that `min_solution_step`; null when none is
    /// solved.
    #[schema(required = true)]
    pub max_min_solution_code: Option<String>,
    /// The name of the group holding the mirror images of its layouts.
    pub mirror_group: String,
    /// The group is its own mirror image.
    pub is_self_mirror: bool,
}

/// A page of a group's layouts.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupCasesPage {
    /// The group's name.
    pub group: String,
    /// Number of layouts in all pages.
    pub size: u32,
    /// This page, in group_index order.
    pub cases: Vec<CaseSummary>,
    /// Pass as `after` for the next page (a group_index); null on the last
    /// page.
    #[schema(required = true)]
    pub next: Option<u32>,
}

/// A page of groups.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupsPage {
    /// This page, ordered by name (jiang, bing, style, group_num).
    pub groups: Vec<GroupResponse>,
    /// Pass as `after` for the next page (a group name); null on the last
    /// page.
    #[schema(required = true)]
    pub next: Option<String>,
}

/// Totals and counts per class.
#[derive(Debug, Serialize, ToSchema)]
pub struct StatsResponse {
    /// Totals over the classes held.
    pub totals: Totals,
    /// The database holds only some classes.
    pub partial: bool,
    /// The database's schema version.
    pub schema_version: u32,
    /// Version of the engine that computed it.
    pub engine_version: String,
    /// When its build started (UTC).
    pub build_date: String,
    /// Every class held, by name.
    pub classes: Vec<ClassStats>,
}

/// Totals over the classes held.
#[derive(Debug, Serialize, ToSchema)]
pub struct Totals {
    /// Number of classes.
    pub n_classes: u32,
    /// Number of groups.
    pub n_groups: u32,
    /// Number of layouts.
    pub n_layouts: u32,
    /// Number of solved layouts.
    pub n_solved: u32,
}

/// One class's counts: its name, then the fields of its row of the file
/// (`layout_class`), which documents them once ([`ClassRow`]).
#[derive(Debug, Serialize)]
pub struct ClassStats {
    /// The name `J-B-S`.
    pub name: String,
    /// The class's row.
    #[serde(flatten)]
    pub counts: ClassRow,
}

impl PartialSchema for ClassStats {
    /// [`ClassRow`]'s schema with `name` added: one flat object, as the
    /// JSON is (a derived schema of the flattened row would be an `allOf`).
    fn schema() -> RefOr<Schema> {
        let RefOr::T(Schema::Object(mut object)) = ClassRow::schema() else {
            unreachable!("a struct's derived schema is an object")
        };
        object.description = Some("One class's counts.".to_owned());
        let name = ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some("The name `J-B-S`."))
            .examples([serde_json::json!("5-4-1")]);
        object.properties.insert("name".to_owned(), name.into());
        object.required.insert(0, "name".to_owned());
        RefOr::T(Schema::Object(object))
    }
}

impl ToSchema for ClassStats {}

/// The service is up and its database answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct HealthResponse {
    /// Always `ok`.
    #[schema(example = "ok")]
    pub status: String,
    /// The database holds only some classes.
    pub partial: bool,
    /// Number of classes held.
    pub n_classes: u32,
}

/// A route whose layouts are not each one step from the next: a fault of
/// the server's search or of the database.
pub(crate) fn not_a_route(error: NotAStep) -> AppError {
    AppError::Internal(error.to_string())
}

fn short_code(id: u32) -> Result<ShortCode, AppError> {
    ShortCode::from_id(id)
        .ok_or_else(|| AppError::Internal(format!("stored id {id} is out of range")))
}

/// Serialises a value as its text, written straight into the answer.
fn as_text<T: fmt::Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Serialises a layout as its board's rows (`Layout::rows`), written
/// straight into the answer.
fn board_rows<S: Serializer>(layout: &Layout, serializer: S) -> Result<S::Ok, S::Error> {
    let rows = layout.ascii_rows();
    serializer.collect_seq(
        rows.iter()
            .map(|row| std::str::from_utf8(row).expect("a board's characters are ASCII")),
    )
}

impl CaseResponse {
    /// The response for a layout of a group of `group_size` layouts.
    pub(crate) fn new(found: &StoredLayout, group_size: u32) -> Result<CaseResponse, AppError> {
        let code = found.code();
        let layout = code.layout();
        let (group, group_index) = (found.group(), found.group_index());
        let numbers = analysis_of(found.numbers());
        Ok(CaseResponse {
            code,
            short_code: short_code(found.id())?,
            id: found.id(),
            names: NameJson::of(code),
            classification: Classification {
                name: ClassificationName { group, group_index },
                jiang: group.jiang,
                bing: group.bing,
                style: group.style,
                group_num: group.group_num,
                group_index,
            },
            group: GroupRef {
                name: group,
                size: group_size,
            },
            is_mirror: found.is_mirror(),
            solved: layout.is_solved(),
            farthest: Farthest::from(&numbers),
            solution: Solution::from(&numbers),
            metrics: MetricsJson::from(found.metrics()),
            board: layout,
        })
    }
}

impl CaseSummary {
    /// The summary of a layout row, read from the database.
    pub(crate) fn new(row: LayoutRow) -> Result<CaseSummary, AppError> {
        let found = StoredLayout::read(row)?;
        let numbers = analysis_of(found.numbers());
        Ok(CaseSummary {
            code: found.code().to_string(),
            short_code: short_code(found.id())?,
            id: found.id(),
            group_index: found.group_index(),
            is_mirror: found.is_mirror(),
            solved: found.code().is_solved(),
            farthest: Farthest::from(&numbers),
            solution: Solution::from(&numbers),
        })
    }
}

impl From<&GroupRow> for GroupResponse {
    fn from(row: &GroupRow) -> GroupResponse {
        let key = row.key;
        GroupResponse {
            name: key.to_string(),
            jiang: key.jiang,
            bing: key.bing,
            style: key.style,
            group_num: key.group_num,
            size: row.size,
            smallest_code: row.smallest_code.clone(),
            diameter: row.diameter,
            n_solved: row.n_solved,
            max_min_solution_step: row.max_min_solution_step,
            max_min_solution_code: row.max_min_solution_code.clone(),
            mirror_group: GroupKey {
                group_num: row.mirror_group_num,
                ..key
            }
            .to_string(),
            is_self_mirror: row.is_self_mirror(),
        }
    }
}

impl From<&ClassRow> for ClassStats {
    fn from(row: &ClassRow) -> ClassStats {
        ClassStats {
            name: row.name(),
            counts: row.clone(),
        }
    }
}

/// How many layouts have each number of moves, in four lists: entries with
/// a count of zero are left out.
#[derive(Debug, Serialize, ToSchema)]
pub struct Histogram {
    /// By `min_solution_step`, ascending; step -1 counts the layouts of
    /// groups without a solved layout.
    pub min_solution_step: Vec<StepCount>,
    /// By `farthest_step`, ascending.
    pub farthest_step: Vec<StepCount>,
    /// By `min_straight_moves` (`step` is then a number of straight moves),
    /// ascending; -1 as in `min_solution_step`.
    pub min_straight_moves: Vec<StepCount>,
    /// By `min_cell_moves` (`step` is a number of cell moves), ascending.
    pub min_cell_moves: Vec<StepCount>,
}

/// How many layouts have a number of steps.
#[derive(Debug, Serialize, ToSchema)]
pub struct StepCount {
    /// The number of steps.
    pub step: i32,
    /// How many layouts have it (at least 1).
    pub count: u32,
}

/// A group's histograms.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupHistogramResponse {
    /// The group's name `J-B-S-G`.
    #[schema(example = "5-4-1-1")]
    pub group: String,
    /// Number of layouts: each list's counts add up to it.
    pub size: u32,
    /// Its layouts by their numbers.
    pub histogram: Histogram,
}

/// A class's summary and histograms.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClassResponse {
    /// The class's counts, as `/stats` lists them.
    pub class: ClassStats,
    /// Its layouts by their numbers: each list's counts add up to
    /// `n_layouts`.
    pub histogram: Histogram,
}

impl Histogram {
    /// The four lists of the rows of a histogram table.
    pub(crate) fn new(rows: &[HistogramRow]) -> Histogram {
        let list = |count: fn(&HistogramRow) -> u32| {
            rows.iter()
                .filter(|row| count(row) > 0)
                .map(|row| StepCount {
                    step: row.step,
                    count: count(row),
                })
                .collect()
        };
        Histogram {
            min_solution_step: list(|row| row.n_min_solution_step),
            farthest_step: list(|row| row.n_farthest_step),
            min_straight_moves: list(|row| row.n_min_straight_moves),
            min_cell_moves: list(|row| row.n_min_cell_moves),
        }
    }
}
