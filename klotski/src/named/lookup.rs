//! Finding named layouts from what a user types: a name in simplified or
//! traditional characters, in pinyin with or without tones, in English,
//! with or without a variant number; case, spaces and punctuation set
//! aside ([`fold`]).

use std::sync::OnceLock;

use super::fold::{edit_distance, fold};
use super::{named_layouts, NamedLayout};

/// How many names [`NameLookup::Nothing`] suggests at most.
pub const N_NEAREST: usize = 5;

/// What a text names, as [`find_named`] reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameLookup {
    /// One named layout: the text is its name, or part of its name and of
    /// no other (variant 1 when that name has several).
    One(&'static NamedLayout),
    /// Several named layouts, in the table's order: the text is part of
    /// each one's name (or, rarely, the whole of several names, as a
    /// pinyin shared by two names).
    Several(Vec<&'static NamedLayout>),
    /// No name has the text in it; the nearest names, closest first (at
    /// most [`N_NEAREST`]).
    Nothing {
        /// The names nearest the text, closest first.
        nearest: Vec<&'static NamedLayout>,
    },
}

/// The folded names of an entry: each form of its name alone, and each
/// followed by its variant number.
struct Keys {
    /// The name, its traditional characters, its pinyin, its English name.
    plain: [String; 4],
    /// The same, each followed by the variant number.
    numbered: [String; 4],
}

impl Keys {
    fn of(named: &NamedLayout) -> Keys {
        let plain = [
            named.name,
            named.name_traditional,
            named.pinyin,
            named.english,
        ]
        .map(fold);
        let numbered = plain.clone().map(|key| format!("{key}{}", named.variant));
        Keys { plain, numbered }
    }

    /// Whether the text (folded) is exactly this entry's name: a plain
    /// name only names variant 1.
    fn is(&self, variant: u8, folded: &str) -> bool {
        self.numbered.iter().any(|key| key == folded)
            || variant == 1 && self.plain.iter().any(|key| key == folded)
    }

    fn all(&self) -> impl Iterator<Item = &String> {
        self.plain.iter().chain(&self.numbered)
    }

    /// How well the folded text matches: 0 the whole name, 1 its start,
    /// 2 a part of it; `None` when it is in no name.
    fn rank(&self, variant: u8, folded: &str) -> Option<u8> {
        if self.is(variant, folded) {
            return Some(0);
        }
        if self.all().any(|key| key.starts_with(folded)) {
            return Some(1);
        }
        self.all().any(|key| key.contains(folded)).then_some(2)
    }

    /// The edit distance from the folded text to the nearest form of the name.
    fn distance(&self, folded: &str) -> usize {
        self.plain
            .iter()
            .map(|key| edit_distance(folded, key))
            .min()
            .expect("four forms")
    }
}

/// Every entry with its folded names, in the table's order.
fn entries() -> &'static [(&'static NamedLayout, Keys)] {
    static ENTRIES: OnceLock<Vec<(&'static NamedLayout, Keys)>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        named_layouts()
            .iter()
            .map(|named| (named, Keys::of(named)))
            .collect()
    })
}

/// The entries whose name the text is exactly (a name without a variant
/// number is variant 1), in the table's order.
pub(crate) fn exact_names(text: &str) -> Vec<&'static NamedLayout> {
    let folded = fold(text);
    entries()
        .iter()
        .filter(|(named, keys)| keys.is(named.variant, &folded))
        .map(|&(named, _)| named)
        .collect()
}

/// What a text names: the entry it names exactly; else the entries whose
/// name contains it (one or several, never a guess among them: the
/// variants of one name count as that name, variant 1); else the names
/// nearest it.
///
/// ```
/// use klotski::named::{find_named, NameLookup};
/// let NameLookup::One(named) = find_named("Shou Kou Ru Ping 2") else { panic!() };
/// assert_eq!(named.display_name(), "守口如瓶 2");
/// assert!(matches!(find_named("曹营"), NameLookup::Several(_)));
/// assert!(matches!(find_named("xyz"), NameLookup::Nothing { .. }));
/// ```
pub fn find_named(text: &str) -> NameLookup {
    let folded = fold(text);
    if folded.is_empty() {
        return NameLookup::Nothing {
            nearest: Vec::new(),
        };
    }
    let mut found = exact_names(text);
    if found.is_empty() {
        found = entries()
            .iter()
            .filter(|(_, keys)| keys.all().any(|key| key.contains(&folded)))
            .map(|&(named, _)| named)
            .collect();
    }
    // Variants of one name only: the name without a number, variant 1.
    if found.len() > 1 && found.iter().all(|named| named.name == found[0].name) {
        found.retain(|named| named.variant == 1);
    }
    match found.len() {
        0 => NameLookup::Nothing {
            nearest: nearest(&folded),
        },
        1 => NameLookup::One(found[0]),
        _ => NameLookup::Several(found),
    }
}

/// The [`N_NEAREST`] entries nearest a folded text, closest first (ties in
/// the table's order).
fn nearest(folded: &str) -> Vec<&'static NamedLayout> {
    let mut by_distance: Vec<(usize, usize, &'static NamedLayout)> = entries()
        .iter()
        .enumerate()
        .map(|(idx, (named, keys))| (keys.distance(folded), idx, *named))
        .collect();
    by_distance.sort_unstable_by_key(|&(distance, idx, _)| (distance, idx));
    by_distance
        .into_iter()
        .take(N_NEAREST)
        .map(|(_, _, named)| named)
        .collect()
}

/// Every entry whose name (in any of its forms) contains the text, best
/// first: the whole name, then names starting with it, then the rest;
/// shorter names first within each, then the table's order. An empty text
/// is in every name.
///
/// ```
/// use klotski::named::search_named;
/// let found = search_named("曹营");
/// assert!(found.iter().any(|named| named.name == "将拥曹营"));
/// assert!(found.iter().any(|named| named.name == "兵临曹营"));
/// ```
pub fn search_named(text: &str) -> Vec<&'static NamedLayout> {
    let folded = fold(text);
    let mut found: Vec<(u8, usize, usize, &'static NamedLayout)> = entries()
        .iter()
        .enumerate()
        .filter_map(|(idx, (named, keys))| {
            let rank = keys.rank(named.variant, &folded)?;
            Some((rank, named.name.chars().count(), idx, *named))
        })
        .collect();
    found.sort_unstable_by_key(|&(rank, length, idx, _)| (rank, length, idx));
    found.into_iter().map(|(_, _, _, named)| named).collect()
}
