//! Names folded for matching: tone marks, case, spaces and punctuation
//! set aside, full-width letters and digits made plain.

/// `text` folded: lower case, tone marks dropped (`ǚ` and `ü` become `u`),
/// full-width ASCII made plain, and every character that is neither a
/// letter nor a digit (spaces, `：`, `（`, `·`, `-` …) left out.
pub(crate) fn fold(text: &str) -> String {
    text.chars()
        .map(plain_char)
        .filter(|character| character.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// A character without its tone mark, or made plain from its full-width form.
fn plain_char(character: char) -> char {
    const TONED: [(&str, char); 5] = [
        ("āáǎàÁÀ", 'a'),
        ("ēéěèÉÈ", 'e'),
        ("īíǐìÍÌ", 'i'),
        ("ōóǒòÓÒ", 'o'),
        ("ūúǔùǖǘǚǜüÚÙÜ", 'u'),
    ];
    if let Some(&(_, plain)) = TONED.iter().find(|(marked, _)| marked.contains(character)) {
        return plain;
    }
    match character {
        // Full-width forms of the printable ASCII characters.
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(character as u32 - 0xFEE0).unwrap_or(character),
        _ => character,
    }
}

/// The edit distance between two texts, in characters: the fewest
/// insertions, deletions and substitutions turning one into the other.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, char_a) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &char_b) in b.iter().enumerate() {
            let substituted = diagonal + usize::from(char_a != char_b);
            diagonal = row[j + 1];
            row[j + 1] = substituted.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_sets_aside_tones_case_spaces_and_punctuation() {
        for (text, folded) in [
            ("jiāng yōng cáo yíng", "jiangyongcaoying"),
            ("Jiang Yong Cao Ying", "jiangyongcaoying"),
            ("fú xī bā guà：tiān dì pǐ", "fuxibaguatiandipi"),
            ("Lǚ", "lu"),
            ("守口如瓶 2", "守口如瓶2"),
            ("伏羲八卦：天地否", "伏羲八卦天地否"),
            ("轅門射戟Ａ", "轅門射戟a"),
            ("Sword Drawn, Horse Reined", "sworddrawnhorsereined"),
            ("  ", ""),
        ] {
            assert_eq!(fold(text), folded, "{text}");
        }
    }

    #[test]
    fn edit_distances() {
        for (a, b, distance) in [
            ("", "", 0),
            ("abc", "", 3),
            ("", "abc", 3),
            ("kitten", "sitting", 3),
            ("横刀立马", "横刀立马", 0),
            ("横刀立马", "横刀马", 1),
            ("水泄不通", "水泻不通", 1),
        ] {
            assert_eq!(edit_distance(a, b), distance, "{a} {b}");
            assert_eq!(edit_distance(b, a), distance, "{b} {a}");
        }
    }
}
