//! `/case/{code}/graph`: the layout's group as a graph to draw, placed on
//! the server.

use std::net::IpAddr;
use std::time::Instant;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::Response;
use serde::Serialize;
use utoipa::ToSchema;

use super::doc::{LayoutCode, SearchRefused};
use super::layout_search::{look_up, search_from};
use crate::answers::{Answer, AnswerKey, Encoding};
use crate::drawing::{Drawing, DrawingKey};
use crate::error::{AppError, ErrorBody};
use crate::extract::{Client, Path};
use crate::model::GroupRef;
use crate::state::AppState;
use crate::stored::StoredLayout;

/// A group (or the ball around a layout) as a graph: its nodes with their
/// positions and numbers, column by column, and its edges.
#[derive(Debug, Serialize, ToSchema)]
pub struct GraphResponse {
    /// The layout asked about.
    #[schema(example = "1A9BF0C00")]
    pub code: String,
    /// Its group.
    pub group: GroupRef,
    /// `null` when the nodes are the whole group; otherwise the group is
    /// larger than the server draws whole, and the nodes are the layouts at
    /// most this many steps from the layout asked about.
    pub radius: Option<u32>,
    /// The position (in the node arrays) of the layout asked about.
    pub chosen: u32,
    /// The nodes, ascending codes: one array per field, the i-th entry of
    /// each for node i.
    pub nodes: GraphNodes,
    /// The steps between nodes, flat: node `edges[2k]` and node
    /// `edges[2k+1]` are one step apart (the smaller first), each step once.
    pub edges: Vec<u32>,
    /// A minimum solution of the layout asked about as node positions, from
    /// it to a solved layout (inside a ball: to its edge); empty when its
    /// group has no solved layout.
    pub solution: Vec<u32>,
}

/// The nodes of a graph, one array per field.
#[derive(Debug, Serialize, ToSchema)]
pub struct GraphNodes {
    /// Codes, ascending.
    pub code: Vec<String>,
    /// Each node's position in its group sorted by code.
    pub group_index: Vec<u32>,
    /// Steps to the nearest solved layout (-1: none in the group).
    pub min_solution_step: Vec<i32>,
    /// How many solved layouts are that near.
    pub min_solution_num: Vec<u32>,
    /// How many solutions.
    pub solution_num: Vec<u32>,
    /// Steps to the farthest layouts of the group.
    pub farthest_step: Vec<u32>,
    /// How many layouts are that far.
    pub farthest_num: Vec<u32>,
    /// Horizontal position, in steps (Pivot MDS of the step distances).
    pub x: Vec<f32>,
    /// Vertical position, in steps.
    pub y: Vec<f32>,
}

/// The layout's group as a graph to draw: every layout with its numbers and
/// a position, and every step between two of them.
///
/// Groups of up to 100,000 layouts come whole (nearly all of them); for a
/// larger one, the widest ball of layouts around this one that holds at
/// most that many. The positions are computed on the server (Pivot MDS
/// of the step distances: two layouts k steps apart are drawn about k units
/// apart) and kept for later requests, so only a group's first request is a
/// search, admitted as `/case/{code}/farthest` is. The answer is kept as
/// sent, by layout and encoding: a query string changes nothing.
#[utoipa::path(
    get,
    path = "/case/{code}/graph",
    tag = "cases",
    params(LayoutCode),
    responses(
        (status = 200, description = "The group's (or the ball's) nodes and edges.", body = GraphResponse),
        (status = 400, description = "Neither a code nor a short code; the detail says why.", body = ErrorBody),
        (status = 404, description = "The database does not hold the layout.", body = ErrorBody),
        SearchRefused,
    )
)]
pub(crate) async fn case_graph_get(
    State(state): State<AppState>,
    Client(client): Client,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let found = look_up(&state, code.parse()?).await?;
    let key = (found.code(), Encoding::accepted(&headers));
    let answer = state
        .answers()
        .get_or_build(key, || answer(state.clone(), client, found, key))
        .await?;
    Ok(answer.response())
}

/// The answer about `chosen` in `key`'s encoding: its drawing (made once,
/// `built.rs`), then the JSON and its encoding in the group's search lane,
/// admitted for `client`.
async fn answer(
    state: AppState,
    client: Option<IpAddr>,
    chosen: StoredLayout,
    key: AnswerKey,
) -> Result<Answer, AppError> {
    let (code, encoding) = key;
    let group = chosen.group();
    let size = state.catalog().group_sizes.get(&group).copied();
    let size = size.ok_or_else(|| AppError::Internal(format!("group {group} has no size")))?;
    let max_nodes = state.config().drawing_layouts;
    let drawing_key = DrawingKey {
        group,
        centre: (size > max_nodes).then_some(code),
    };
    let drawing = state
        .drawings()
        .get_or_build(drawing_key, || {
            draw(state.clone(), client, chosen, max_nodes)
        })
        .await?;
    let at = drawing
        .position(code)
        .ok_or_else(|| AppError::Internal(format!("{code} is not in its own drawing")))?;
    let answers = state.answers();
    let plain = answers.plain(key);
    let content_type = HeaderValue::from_static("application/json");
    state
        .search(group, client, move |_| {
            answers.make(content_type, encoding, plain, || {
                let graph = GraphResponse {
                    code: code.to_string(),
                    group: GroupRef { name: group, size },
                    radius: drawing.subgraph.radius(),
                    chosen: at,
                    nodes: nodes_of(&drawing),
                    edges: drawing
                        .subgraph
                        .edges()
                        .iter()
                        .flat_map(|&(a, b)| [a, b])
                        .collect(),
                    solution: drawing.solution_from(at),
                };
                serde_json::to_vec(&graph).expect("a graph's answer is plain JSON")
            })
        })
        .await
}

/// Places the part of `chosen`'s group to draw around it (a search,
/// admitted for `client`) and reads its nodes' numbers: once per drawing,
/// to its end even when the request that asked for it is gone
/// (`built.rs`).
async fn draw(
    state: AppState,
    client: Option<IpAddr>,
    chosen: StoredLayout,
    max_nodes: u32,
) -> Result<Drawing, AppError> {
    let started = Instant::now();
    let (placed, placing) = search_from(&state, client, &chosen, move |graph, centre| {
        let started = Instant::now();
        let placed = Drawing::place(graph, centre, max_nodes as usize);
        (placed, started.elapsed())
    })
    .await?;
    let group = chosen.group();
    let nodes = placed.subgraph.nodes().to_vec();
    let rows = state
        .query(move |db, _| Ok(db.group_members(group, &nodes)?))
        .await?;
    tracing::info!(
        layouts = rows.len(),
        placing_ms = placing.as_millis() as u64,
        total_ms = started.elapsed().as_millis() as u64,
        "drew group {group}"
    );
    let numbers = rows.into_iter().map(|row| row.numbers).collect();
    Ok(placed.with_numbers(numbers))
}

fn nodes_of(drawing: &Drawing) -> GraphNodes {
    let numbers = &drawing.numbers;
    let column = |f: fn(&schema::LayoutNumbers) -> u32| numbers.iter().map(f).collect();
    GraphNodes {
        code: drawing.codes.iter().map(ToString::to_string).collect(),
        group_index: drawing.subgraph.nodes().to_vec(),
        min_solution_step: numbers.iter().map(|n| n.min_solution_step).collect(),
        min_solution_num: column(|n| n.min_solution_num),
        solution_num: column(|n| n.solution_num),
        farthest_step: column(|n| n.farthest_step),
        farthest_num: column(|n| n.farthest_num),
        x: drawing.x.clone(),
        y: drawing.y.clone(),
    }
}
