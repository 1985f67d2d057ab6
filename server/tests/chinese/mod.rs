//! How the page writes Chinese (docs/translation.md), as rules a text is
//! checked by: the strings of `server/web/lang/zh.js` (tests/lang_zh.rs)
//! and the words the page shows in Chinese (tests/browser_lang.rs).

// Each test binary uses a part.
#![allow(dead_code)]

/// What stands for a `${...}` of a template literal: neither a Chinese
/// character nor a Latin one, so that nothing is said of its sides.
pub const PLACEHOLDER: char = '\u{FFFC}';

/// The full-width punctuation of Chinese sentences: no space on either side.
const FULL_WIDTH: &str = "，。：；！？“”‘’（）、《》";

/// The half-width marks that Chinese writes full-width.
const HALF_WIDTH: &str = ",.:;!?()";

/// The marks that end a sentence (and a line).
const SENTENCE_END: &str = "。！？\n";

/// A Chinese character: a CJK unified ideograph (extension A included) or
/// a compatibility one.
pub fn han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}')
}

/// A Latin letter or a digit; `#`, the units' place for the number, is one.
fn latin(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '#'
}

/// A space: the plain one, or the no-break one that keeps a number with
/// its measure word on one line (81\u{a0}步).
fn space(c: char) -> bool {
    c == ' ' || c == '\u{a0}'
}

/// A date's words (年, 月, 日), written against its digits.
fn date_word(c: char) -> bool {
    matches!(c, '年' | '月' | '日')
}

/// What `text` breaks of the guide's rules, each fault with the text
/// around it: a Chinese character against a Latin letter or a digit
/// with no space between (a date's 年, 月, 日 aside); a space between two
/// Chinese characters or beside full-width punctuation; half-width
/// punctuation beside a Chinese character; two colons in one sentence.
pub fn faults(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let around = |i: usize| -> String {
        let from = i.saturating_sub(8);
        let to = (i + 9).min(chars.len());
        chars[from..to].iter().collect()
    };
    let mut found = Vec::new();
    for i in 1..chars.len() {
        let (a, b) = (chars[i - 1], chars[i]);
        let digit_date =
            (a.is_ascii_digit() && date_word(b)) || (date_word(a) && b.is_ascii_digit());
        if ((han(a) && latin(b)) || (latin(a) && han(b))) && !digit_date {
            found.push(format!("no space between {a} and {b}: “{}”", around(i)));
        }
    }
    // Spaces: each run of them, by what stands on its two sides.
    let mut i = 0;
    while i < chars.len() {
        if !space(chars[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && space(chars[i]) {
            i += 1;
        }
        let (before, after) = (
            start.checked_sub(1).map(|k| chars[k]),
            chars.get(i).copied(),
        );
        if let (Some(a), Some(b)) = (before, after) {
            if han(a) && han(b) {
                found.push(format!("a space between {a} and {b}: “{}”", around(start)));
            }
        }
        for c in [before, after].into_iter().flatten() {
            if FULL_WIDTH.contains(c) {
                found.push(format!("a space beside {c}: “{}”", around(start)));
            }
        }
    }
    // Half-width punctuation beside a Chinese character (spaces aside).
    for (i, &c) in chars.iter().enumerate() {
        if !HALF_WIDTH.contains(c) {
            continue;
        }
        let before = chars[..i].iter().rev().find(|&&c| !space(c));
        let after = chars[i + 1..].iter().find(|&&c| !space(c));
        if before.is_some_and(|&c| han(c)) || after.is_some_and(|&c| han(c)) {
            found.push(format!("half-width {c} in Chinese: “{}”", around(i)));
        }
    }
    for sentence in text.split(|c| SENTENCE_END.contains(c)) {
        if sentence.matches('：').count() > 1 {
            found.push(format!("two colons in one sentence: “{sentence}”"));
        }
    }
    found
}

/// The text of every string literal of a JavaScript file outside its
/// comments: `'…'`, `"…"` and template literals, each `${…}` of a
/// template read as `PLACEHOLDER` and the literals inside it as literals
/// of their own. A regular expression is read as code: the file's hold no
/// quote.
pub fn literals(source: &str) -> Vec<String> {
    let chars: Vec<char> = source.chars().collect();
    let mut found = Vec::new();
    code(&chars, 0, false, &mut found);
    found
}

/// Reads code from `i` (to the `}` that closes it when `in_template`),
/// adding its literals to `found`; returns where it stopped.
fn code(chars: &[char], mut i: usize, in_template: bool, found: &mut Vec<String>) -> usize {
    let mut depth = 0usize;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1)) {
            ('/', Some('/')) => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            ('/', Some('*')) => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
            }
            (quote @ ('\'' | '"'), _) => {
                let mut text = String::new();
                i += 1;
                while i < chars.len() && chars[i] != quote {
                    i = character(chars, i, &mut text);
                }
                found.push(text);
                i += 1;
            }
            ('`', _) => i = template(chars, i + 1, found),
            ('{', _) => {
                depth += 1;
                i += 1;
            }
            ('}', _) if in_template && depth == 0 => return i + 1,
            ('}', _) => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => i += 1,
        }
    }
    i
}

/// Reads a template literal from just after its opening backtick; returns
/// where it ended.
fn template(chars: &[char], mut i: usize, found: &mut Vec<String>) -> usize {
    let mut text = String::new();
    while i < chars.len() && chars[i] != '`' {
        match (chars[i], chars.get(i + 1)) {
            ('\\', _) => i = character(chars, i, &mut text),
            ('$', Some('{')) => {
                text.push(PLACEHOLDER);
                i = code(chars, i + 2, true, found);
            }
            (c, _) => {
                text.push(c);
                i += 1;
            }
        }
    }
    found.push(text);
    i + 1
}

/// Reads one character of a literal at `i` into `text`, an escape as the
/// character it stands for (`\u00a0`, `\'`); returns where the next begins.
fn character(chars: &[char], i: usize, text: &mut String) -> usize {
    if chars[i] != '\\' {
        text.push(chars[i]);
        return i + 1;
    }
    let hex: String = chars.iter().skip(i + 2).take(4).collect();
    match chars.get(i + 1) {
        Some('u') if hex.len() == 4 && hex.chars().all(|c| c.is_ascii_hexdigit()) => {
            text.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
            i + 6
        }
        Some('n') => {
            text.push('\n');
            i + 2
        }
        other => {
            text.extend(other);
            i + 2
        }
    }
}
