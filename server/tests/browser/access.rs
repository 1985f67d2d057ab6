//! What every check of the page's accessibility runs: axe-core's WCAG 2.2
//! AA rules in the page, and the target sizes a phone needs.

use serde_json::{json, Value};

use super::visit::Visit;

/// axe-core, minified, as npm ships it.
const AXE: &str = include_str!("axe/axe.min.js");

/// The rules run: WCAG 2.0, 2.1 and 2.2, levels A and AA.
const WCAG_22_AA: [&str; 5] = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/// axe-core's findings on the page as it is: one line a rule broken,
/// with the elements that break it. The rules of WCAG 2.2 AA, and the one
/// axe-core holds experimental that a name read aloud holds the words
/// shown (WCAG 2.5.3, label in name: a piece that shows 张飞).
pub fn axe_findings(visit: &Visit) -> Vec<String> {
    let loaded = visit.browser.script("return typeof window.axe");
    if loaded != "object" {
        visit.browser.script(AXE);
    }
    let found = visit.browser.script_with(
        "return axe.run(document, { runOnly: { type: 'tag', values: arguments[0] }, rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
           .then((r) => r.violations.map((v) => `${v.id} (${v.impact}): ${v.help}: `
             + v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} [${n.failureSummary.replace(/\\s+/g, ' ')}]`).join('; ')));",
        json!([WCAG_22_AA]),
    );
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect()
}

/// The controls smaller than 44x44 px and the links less than 24 px tall
/// or wide, on the page as it is (a radio button or a check box counts as
/// its label).
pub fn small_targets(visit: &Visit) -> Value {
    visit.browser.script(
        "const seen = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
         const name = (e) => `${e.tagName.toLowerCase()} \"${(e.textContent || e.getAttribute('aria-label') || e.name || '').trim().slice(0, 30)}\"`;
         const small = [];
         for (const e of document.querySelectorAll('button, select, input, textarea, summary')) {
           const t = ['radio', 'checkbox'].includes(e.type) && e.closest('label') ? e.closest('label') : e;
           if (!seen(t)) continue;
           const r = t.getBoundingClientRect();
           if (r.width < 43.99 || r.height < 43.99) small.push(`${name(t)} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
         }
         for (const a of document.querySelectorAll('a[href]')) {
           if (!seen(a)) continue;
           const r = a.getBoundingClientRect();
           if (r.width < 23.99 || r.height < 23.99) small.push(`${name(a)} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
         }
         return small;",
    )
}
