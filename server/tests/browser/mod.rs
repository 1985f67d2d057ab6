//! What the browser tests share, declared once: each test file says
//! `mod browser;` and uses the parts it needs.
// Each browser test uses a part; the others use the rest.
#![allow(dead_code)]

pub mod access;
pub mod site;
pub mod visit;
pub mod webdriver;
