//! The table against its converter and the matcher against every name.

use std::collections::BTreeMap;

use super::*;

fn rows() -> Vec<NamedRow> {
    parse_table(NAMED_LAYOUTS_TSV).unwrap_or_else(|error| panic!("the table: {error}"))
}

#[test]
fn every_row_decodes_to_its_code() {
    let rows = rows();
    assert!(rows.len() >= 40, "{} rows", rows.len());
    for row in &rows {
        let decoded = decode_source(row.source_format, row.source_position)
            .unwrap_or_else(|error| panic!("line {}: {error}", row.line));
        assert_eq!(decoded, row.named.code, "line {}", row.line);
    }
    assert_eq!(named_layouts().len(), rows.len());
}

#[test]
fn rows_are_sorted_and_variants_count_from_one() {
    let rows = rows();
    let keys: Vec<(&str, u8)> = rows
        .iter()
        .map(|row| (row.named.name, row.named.variant))
        .collect();
    assert!(
        keys.windows(2).all(|pair| pair[0] < pair[1]),
        "not sorted by name, variant"
    );
    let mut variants: BTreeMap<&str, Vec<u8>> = BTreeMap::new();
    for (name, variant) in keys {
        variants.entry(name).or_default().push(variant);
    }
    for (name, numbers) in variants {
        assert!(
            numbers.iter().copied().eq(1..=numbers.len() as u8),
            "{name}: {numbers:?}"
        );
    }
}

#[test]
fn rows_are_whole() {
    for row in rows() {
        let named = &row.named;
        // Pinyin: syllables of lower-case letters (tone marks allowed) or
        // the name's own digits and Latin letters, one space between.
        assert!(
            named
                .pinyin
                .split(' ')
                .all(|syllable| !syllable.is_empty()
                    && syllable.chars().all(|c| c.is_alphanumeric())),
            "line {}: pinyin {:?}",
            row.line,
            named.pinyin
        );
        assert_eq!(
            named.name.chars().count(),
            named.name_traditional.chars().count(),
            "line {}",
            row.line
        );
        assert!(named.source.starts_with("https://"), "line {}", row.line);
    }
}

#[test]
fn a_bad_table_says_where() {
    let error = parse_table("name\tvariant\n").unwrap_err();
    assert_eq!(error.line, 1);
    let header = NAMED_LAYOUTS_TSV.lines().next().unwrap();
    let text: &'static str =
        Box::leak(format!("{header}\n横刀立马\t0\t橫刀立馬\n").into_boxed_str());
    assert_eq!(
        parse_table(text).unwrap_err().to_string(),
        "line 2: 3 columns, not 10"
    );
    let row = "横刀立马\t0\t橫刀立馬\théng dāo lì mǎ\tx\t1A9BF0C00\t81\thttps://x\tletters\tHAAI";
    let text: &'static str = Box::leak(format!("{header}\n{row}\n").into_boxed_str());
    assert_eq!(
        parse_table(text).unwrap_err().to_string(),
        "line 2: variant \"0\" is not a number from 1"
    );
}

#[test]
fn display_names_carry_the_variant() {
    let plain = find("守口如瓶");
    assert_eq!(plain.display_name(), "守口如瓶");
    let second = find("守口如瓶2");
    assert_eq!(
        (second.variant, second.display_name().as_str()),
        (2, "守口如瓶 2")
    );
    assert_ne!(plain.code, second.code);
}

#[test]
fn names_of_a_layout() {
    let classic = find("横刀立马");
    assert_eq!(classic.code.to_string(), "1A9BF0C00");
    assert!(names_of(classic.code).contains(&classic));
    assert!(names_of("DAAF4CC00".parse().unwrap()).is_empty());
}

/// The search by code gives what a pass over the table gives, in its
/// order, for every named code and the codes beside them.
#[test]
fn names_of_equals_a_pass_over_the_table() {
    let ranks = crate::CodeRanks::build();
    for named in named_layouts() {
        let id = ranks.id(named.code);
        let neighbours = [id.checked_sub(1), Some(id), Some(id + 1)];
        for code in neighbours
            .into_iter()
            .flatten()
            .filter_map(|id| ranks.code(id))
        {
            let passed: Vec<&NamedLayout> = named_layouts()
                .iter()
                .filter(|other| other.code == code)
                .collect();
            assert_eq!(names_of(code), passed, "{code}");
        }
    }
}

fn find(text: &str) -> &'static NamedLayout {
    match find_named(text) {
        NameLookup::One(named) => named,
        other => panic!("{text}: {other:?}"),
    }
}

/// A pinyin without its tone marks, by the pinyin vowels' own table.
fn toneless(pinyin: &str) -> String {
    pinyin
        .chars()
        .map(|c| match c {
            'ā' | 'á' | 'ǎ' | 'à' => 'a',
            'ē' | 'é' | 'ě' | 'è' => 'e',
            'ī' | 'í' | 'ǐ' | 'ì' => 'i',
            'ō' | 'ó' | 'ǒ' | 'ò' => 'o',
            'ū' | 'ú' | 'ǔ' | 'ù' | 'ǖ' | 'ǘ' | 'ǚ' | 'ǜ' | 'ü' => 'u',
            other => other,
        })
        .collect()
}

/// Every form of every name finds its entry: alone, or among the several
/// entries that share that form exactly (a pinyin or an English name).
#[test]
fn every_form_of_every_name_finds_its_entry() {
    for named in named_layouts() {
        let number = match named.variant {
            1 => String::new(),
            variant => format!(" {variant}"),
        };
        let forms = [
            named.name.to_owned(),
            named.name_traditional.to_owned(),
            toneless(named.pinyin).replace(' ', ""),
            named.pinyin.to_owned(),
            named.english.to_uppercase(),
        ];
        for form in forms {
            let text = format!("{form}{number}");
            match find_named(&text) {
                NameLookup::One(found) => assert_eq!(found, named, "{text}"),
                NameLookup::Several(found) => assert!(found.contains(&named), "{text}: {found:?}"),
                NameLookup::Nothing { .. } => panic!("{text} finds nothing"),
            }
        }
    }
}

/// A part of a name finds that name, or a list holding it, or the name it
/// is exactly.
#[test]
fn every_part_of_a_name_finds_it() {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |bound: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % bound
    };
    for named in named_layouts() {
        // Letters and digits only: punctuation alone names nothing.
        let characters: Vec<char> = named.name.chars().filter(|c| c.is_alphanumeric()).collect();
        let start = next(characters.len());
        let end = start + 1 + next(characters.len() - start);
        let part: String = characters[start..end].iter().collect();
        let exact = exact_names_of(&part);
        match find_named(&part) {
            NameLookup::One(found) => {
                assert!(
                    found.name == named.name && found.variant == 1 || exact.contains(&found),
                    "{part}: {found:?}"
                )
            }
            NameLookup::Several(found) => {
                assert!(
                    found.contains(&named) || found == exact,
                    "{part}: {found:?}"
                )
            }
            NameLookup::Nothing { .. } => panic!("{part} finds nothing"),
        }
        assert!(search_named(&part).contains(&named), "{part}");
    }
}

fn exact_names_of(text: &str) -> Vec<&'static NamedLayout> {
    lookup::exact_names(text)
}

#[test]
fn a_part_of_several_names_finds_them_all() {
    let NameLookup::Several(found) = find_named("曹营") else {
        panic!()
    };
    let names: Vec<&str> = found.iter().map(|named| named.name).collect();
    assert!(
        names.contains(&"将拥曹营") && names.contains(&"兵临曹营"),
        "{names:?}"
    );
    assert!(names.iter().all(|name| name.contains("曹营")), "{names:?}");
}

#[test]
fn a_part_of_one_name_with_variants_finds_variant_one() {
    let found = find("守口如");
    assert_eq!(found.display_name(), "守口如瓶");
    assert_eq!(find("口如瓶 2").display_name(), "守口如瓶 2");
}

#[test]
fn nothing_found_suggests_the_nearest_names() {
    let NameLookup::Nothing { nearest } = find_named("横刀立码") else {
        panic!()
    };
    assert_eq!(nearest.len(), lookup::N_NEAREST);
    assert_eq!(nearest[0].name, "横刀立马");
    let NameLookup::Nothing { nearest } = find_named("hengdaolima x") else {
        panic!()
    };
    assert_eq!(nearest[0].name, "横刀立马");
    assert_eq!(
        find_named(" ·"),
        NameLookup::Nothing {
            nearest: Vec::new()
        }
    );
}

#[test]
fn search_puts_the_whole_name_first() {
    let found = search_named("近在咫尺");
    let names: Vec<String> = found.iter().map(|named| named.display_name()).collect();
    assert_eq!(names[..2], ["近在咫尺", "近在咫尺 2"]);
    let found = search_named("曹营");
    assert!(
        found.iter().any(|named| named.name == "将拥曹营"),
        "{found:?}"
    );
    assert_eq!(search_named("").len(), named_layouts().len());
    assert!(search_named("no such name").is_empty());
}

#[test]
fn names_read_alike_are_all_listed_for_their_pinyin() {
    let NameLookup::Several(found) = find_named("zuo you bu bing") else {
        panic!()
    };
    let names: Vec<&str> = found.iter().map(|named| named.name).collect();
    assert_eq!(names, ["左右布兵", "左右步兵"]);
    assert_eq!(find("左右步兵").name, "左右步兵");
}
