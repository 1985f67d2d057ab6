//! A layout's answer ([`CaseResponse`]) written straight into its body.
//!
//! It is the hottest route's answer: a few hundred bytes of fixed keys,
//! integers and ASCII names. serde_json checks every key and name for
//! characters to escape and writes the names through `fmt`; written here,
//! keys as they are and integers by `itoa`, into one buffer allocated
//! once, it costs less than half as much (BENCHMARKS.md).
//! `CaseResponse`'s `Serialize` stays the definition of the answer: the
//! tests check these bytes against serde_json's for generated answers.

use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};

use crate::model::CaseResponse;
use edge::named::NameJson;

/// Bytes allocated for the body: more than any unnamed layout's answer
/// needs, so that it is never grown but for the few with names.
const CAPACITY: usize = 1024;

/// A layout's answer, answered as `application/json`.
pub(crate) struct CaseJson(pub(crate) CaseResponse);

impl IntoResponse for CaseJson {
    fn into_response(self) -> Response {
        let mut body = Vec::with_capacity(CAPACITY);
        write_case(&self.0, &mut Json::new(&mut body));
        (
            [(CONTENT_TYPE, HeaderValue::from_static("application/json"))],
            body,
        )
            .into_response()
    }
}

/// Writes `case` as serde_json writes it: its fields in order, compact.
fn write_case(case: &CaseResponse, json: &mut Json<'_>) {
    json.open();
    json.key("code");
    json.ascii(&case.code.digits());
    json.key("short_code");
    json.ascii(&case.short_code.digits());
    json.key("id");
    json.integer(case.id);
    json.key("names");
    json.names(&case.names);

    let classification = &case.classification;
    let name = classification.name;
    let group = name.group;
    json.key("classification");
    json.open();
    json.key("name");
    json.name(&[
        group.jiang,
        group.bing,
        group.style,
        group.group_num,
        name.group_index,
    ]);
    json.key("jiang");
    json.integer(classification.jiang);
    json.key("bing");
    json.integer(classification.bing);
    json.key("style");
    json.integer(classification.style);
    json.key("group_num");
    json.integer(classification.group_num);
    json.key("group_index");
    json.integer(classification.group_index);
    json.close();

    let group = case.group.name;
    json.key("group");
    json.open();
    json.key("name");
    json.name(&[group.jiang, group.bing, group.style, group.group_num]);
    json.key("size");
    json.integer(case.group.size);
    json.close();

    json.key("is_mirror");
    json.boolean(case.is_mirror);
    json.key("solved");
    json.boolean(case.solved);

    json.key("farthest");
    json.open();
    json.key("step");
    json.integer(case.farthest.step);
    json.key("num");
    json.integer(case.farthest.num);
    json.close();

    json.key("solution");
    json.open();
    json.key("min_step");
    json.integer(case.solution.min_step);
    json.key("min_num");
    json.integer(case.solution.min_num);
    json.key("num");
    json.integer(case.solution.num);
    json.close();

    let metrics = &case.metrics;
    json.key("metrics");
    json.open();
    json.key("min_straight_moves");
    json.integer(metrics.min_straight_moves);
    json.key("min_cell_moves");
    json.integer(metrics.min_cell_moves);
    json.key("n_min_step_sequences");
    json.integer(metrics.n_min_step_sequences);
    json.key("n_min_straight_sequences");
    json.integer(metrics.n_min_straight_sequences);
    json.key("n_min_cell_sequences");
    json.integer(metrics.n_min_cell_sequences);
    json.close();

    json.key("board");
    json.open_list();
    for row in case.board.ascii_rows() {
        json.ascii(&row);
    }
    json.close_list();
    json.close();
}

/// Compact JSON appended to a buffer, for keys and strings that need no
/// escaping. A key or value after another in its object or list is
/// preceded by a comma: one follows anything but `{`, `[` and `:`.
struct Json<'a> {
    out: &'a mut Vec<u8>,
    integers: itoa::Buffer,
}

impl<'a> Json<'a> {
    fn new(out: &'a mut Vec<u8>) -> Json<'a> {
        Json {
            out,
            integers: itoa::Buffer::new(),
        }
    }

    /// A comma, unless what comes is the first in its object or list, or
    /// a key's value.
    fn separate(&mut self) {
        if !matches!(self.out.last(), None | Some(b'{' | b'[' | b':')) {
            self.out.push(b',');
        }
    }

    fn open(&mut self) {
        self.separate();
        self.out.push(b'{');
    }

    fn close(&mut self) {
        self.out.push(b'}');
    }

    fn open_list(&mut self) {
        self.separate();
        self.out.push(b'[');
    }

    fn close_list(&mut self) {
        self.out.push(b']');
    }

    /// A key: letters, digits and `_` only.
    fn key(&mut self, key: &str) {
        debug_assert!(key.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_'));
        self.separate();
        self.out.push(b'"');
        self.out.extend_from_slice(key.as_bytes());
        self.out.extend_from_slice(b"\":");
    }

    /// A string of printable ASCII characters other than `"` and `\`,
    /// which JSON writes as they are.
    fn ascii(&mut self, text: &[u8]) {
        debug_assert!(text
            .iter()
            .all(|&c| (b' '..=b'~').contains(&c) && c != b'"' && c != b'\\'));
        self.separate();
        self.out.push(b'"');
        self.out.extend_from_slice(text);
        self.out.push(b'"');
    }

    /// A name: its numbers joined by `-` (`5-4-1-1-7472`), as a string.
    fn name(&mut self, numbers: &[u32]) {
        self.separate();
        self.out.push(b'"');
        for (position, &number) in numbers.iter().enumerate() {
            if position > 0 {
                self.out.push(b'-');
            }
            self.out
                .extend_from_slice(self.integers.format(number).as_bytes());
        }
        self.out.push(b'"');
    }

    /// A layout's names: almost always none; the few there are, with
    /// their Chinese characters, by serde_json.
    fn names(&mut self, names: &[NameJson]) {
        self.separate();
        if names.is_empty() {
            self.out.extend_from_slice(b"[]");
        } else {
            serde_json::to_writer(&mut *self.out, names).expect("names serialise");
        }
    }

    fn integer(&mut self, value: impl itoa::Integer) {
        self.separate();
        self.out
            .extend_from_slice(self.integers.format(value).as_bytes());
    }

    fn boolean(&mut self, value: bool) {
        self.separate();
        self.out
            .extend_from_slice(if value { b"true" } else { b"false" });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::OnceLock;

    use axum::body::to_bytes;
    use edge::json::{Farthest, MetricsJson, Solution};
    use klotski::{CodeRanks, ShortCode, N_LAYOUTS};
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    use schema::GroupKey;

    use super::*;
    use crate::model::{Classification, ClassificationName, GroupRef};

    fn ranks() -> &'static CodeRanks {
        static RANKS: OnceLock<CodeRanks> = OnceLock::new();
        RANKS.get_or_init(CodeRanks::build)
    }

    fn group_key([jiang, bing, style, group_num]: [u32; 4]) -> GroupKey {
        GroupKey {
            jiang,
            bing,
            style,
            group_num,
        }
    }

    /// Answers with every field drawn over its whole type, so that the
    /// names' parts need not agree with each other or with the code: the
    /// writer must equal serde_json's for any values, not only stored ones.
    fn answers() -> impl Strategy<Value = CaseResponse> {
        let names = (
            any::<[u32; 4]>(),
            any::<u32>(),
            any::<[u32; 5]>(),
            any::<[u32; 4]>(),
        );
        let numbers = (
            any::<(u32, bool, bool)>(),
            any::<(u32, u32)>(),
            any::<(i32, u32, u32)>(),
            any::<(i32, i32, i64, i64, i64)>(),
        );
        // Any code, or one of the named layouts, whose names are written.
        let named = klotski::named_layouts();
        let codes = prop_oneof![
            (0..N_LAYOUTS).prop_map(|id| ranks().code(id).expect("an id below N_LAYOUTS")),
            (0..named.len()).prop_map(|index| named[index].code),
        ];
        (codes, 0..N_LAYOUTS, any::<u32>(), names, numbers).prop_map(
            |(code, short_id, id, names, numbers)| {
                let (name, group_index, parts, group) = names;
                let ((size, is_mirror, solved), farthest, solution, metrics) = numbers;
                let name = ClassificationName {
                    group: group_key(name),
                    group_index,
                };
                CaseResponse {
                    code,
                    short_code: ShortCode::from_id(short_id).expect("an id below N_LAYOUTS"),
                    id,
                    names: NameJson::of(code),
                    classification: Classification {
                        name,
                        jiang: parts[0],
                        bing: parts[1],
                        style: parts[2],
                        group_num: parts[3],
                        group_index: parts[4],
                    },
                    group: GroupRef {
                        name: group_key(group),
                        size,
                    },
                    is_mirror,
                    solved,
                    farthest: Farthest {
                        step: farthest.0,
                        num: farthest.1,
                    },
                    solution: Solution {
                        min_step: solution.0,
                        min_num: solution.1,
                        num: solution.2,
                    },
                    metrics: MetricsJson {
                        min_straight_moves: metrics.0,
                        min_cell_moves: metrics.1,
                        n_min_step_sequences: metrics.2,
                        n_min_straight_sequences: metrics.3,
                        n_min_cell_sequences: metrics.4,
                    },
                    board: code.layout(),
                }
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

        /// The bytes are serde_json's, whatever the values.
        #[test]
        fn writes_what_serde_json_writes(case in answers()) {
            let mut ours = Vec::new();
            write_case(&case, &mut Json::new(&mut ours));
            let serde = serde_json::to_vec(&case).unwrap();
            prop_assert_eq!(String::from_utf8(ours).unwrap(), String::from_utf8(serde).unwrap());
        }
    }

    /// The response is the body with the JSON content type, as
    /// `axum::Json` answers it.
    #[tokio::test]
    async fn answers_as_axum_json_does() {
        let strategy = answers();
        let mut runner = TestRunner::deterministic();
        let case = strategy.new_tree(&mut runner).unwrap().current();
        let axums = axum::Json(&case).into_response();
        let ours = CaseJson(case).into_response();
        assert_eq!(ours.status(), axums.status());
        assert_eq!(ours.headers(), axums.headers());
        let ours = to_bytes(ours.into_body(), usize::MAX).await.unwrap();
        let axums = to_bytes(axums.into_body(), usize::MAX).await.unwrap();
        assert_eq!(ours, axums);
    }
}
