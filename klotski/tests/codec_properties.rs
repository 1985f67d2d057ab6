//! Property tests of the codec: arbitrary input never panics, and validation
//! agrees exactly with enumeration.

mod common;

use common::all_codes;
use klotski::{Code, ShortCode};
use proptest::prelude::*;

fn is_enumerated(raw: u64) -> bool {
    all_codes()
        .codes()
        .binary_search_by_key(&raw, |code| code.value())
        .is_ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(text in "\\PC{0,12}") {
        match text.parse::<Code>() {
            Ok(code) => {
                prop_assert!(text.len() <= 9);
                prop_assert!(code.to_string().starts_with(&text.to_uppercase()));
            }
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
        let _ = text.parse::<ShortCode>();
    }

    #[test]
    fn hex_strings_parse_exactly_when_enumerated(text in "[0-9a-fA-F]{1,9}") {
        let raw = u64::from_str_radix(&text, 16).unwrap() << (4 * (9 - text.len()));
        prop_assert_eq!(text.parse::<Code>().is_ok(), is_enumerated(raw));
    }

    #[test]
    fn near_valid_values_validate_exactly_when_enumerated(
        id in 0u32..klotski::N_LAYOUTS,
        flips in proptest::collection::vec(0u32..40, 1..4),
    ) {
        let mut raw = all_codes().codes()[id as usize].value();
        for bit in flips {
            raw ^= 1 << bit;
        }
        let result = Code::new(raw);
        prop_assert_eq!(result.is_ok(), is_enumerated(raw), "{:X}: {:?}", raw, result);
    }
}
