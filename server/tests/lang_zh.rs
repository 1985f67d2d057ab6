//! Every string of the page's Chinese words (`server/web/lang/zh.js`)
//! typeset as docs/translation.md says: a space where a Chinese character
//! meets a Latin letter or a digit (“请用 5 步解开”), none between Chinese
//! characters nor beside full-width punctuation, no half-width punctuation
//! in Chinese, one colon a sentence. The file is read as text: no browser,
//! no JavaScript engine. tests/browser_lang.rs checks the same rules on the
//! sentences as the page puts them together.

mod chinese;

use chinese::{faults, literals, PLACEHOLDER};

/// The Chinese word file, as the server compiles it in.
const ZH: &str = include_str!("../web/lang/zh.js");

#[test]
fn every_string_of_the_chinese_words_keeps_the_guide() {
    let strings = literals(ZH);
    assert!(
        strings
            .iter()
            .filter(|s| s.chars().any(chinese::han))
            .count()
            > 200,
        "the words were not read: {} strings",
        strings.len()
    );
    let wrong: Vec<String> = strings
        .iter()
        .flat_map(|s| faults(s).into_iter().map(move |f| format!("{f} in {s:?}")))
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_rules_catch_what_a_reader_found() {
    for wrong in [
        "请用 5 步 解开",
        "用 3 步 解开 （最少步数）",
        "全部 25,955 个布局 和它们之间的 47,151 步",
        "不是合法的布局：没有曹操：一个布局恰好有一个曹操。",
        "已走到第0步",
        "最少81 步",
        "分类5-4-1",
        "过关!用了 3 步",
        "没有图表:请稍后再试",
        "每日一题(最少 40 步)",
    ] {
        assert!(!faults(wrong).is_empty(), "{wrong} passed");
    }
    for right in [
        "请用 5 步解开，每走一步都有点评。",
        "已走到第 0 / 81 步。",
        "12月7日的每日一题",
        "2026年12月7日",
        "步数最少的走法有约 2933 万种；直线步数最少的有 3 种。",
        "群 5-4-1-1 的全部 25,955 个布局及其间的 47,151 条连线",
        "布局不合法：必须有且只有一个曹操。过关！用了 3 步。换一种计步方式：至少 90 直线步。",
        "曹操（2x2）",
        "# 步",
    ] {
        assert_eq!(faults(right), Vec::<String>::new(), "{right}");
    }
}

#[test]
fn literals_are_read_outside_comments_and_through_templates() {
    let source = "// 注释 'not a string'\n/* 也不是 \"这个\" */\nconst a = { b: '第一', c: (k) => `第 ${k ? `里面 ${k}` : '否'} 步`, d: \"它\\\"引\" };\nconst r = /[A-Za-z0-9]/;";
    let placeholder = PLACEHOLDER.to_string();
    assert_eq!(
        literals(source),
        [
            "第一".to_owned(),
            format!("里面 {placeholder}"),
            "否".to_owned(),
            format!("第 {placeholder} 步"),
            "它\"引".to_owned(),
        ]
    );
}
