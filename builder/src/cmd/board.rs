//! A board drawn for a person: the cells' characters with the column
//! letters above and the row numbers on the left, the names that moves use
//! (`1x1 b4 down 1`: the 1x1 piece in column b, row 4).

use klotski::board::{HEIGHT, WIDTH};
use klotski::{Cell, Layout};

/// The board of `layout` under a line of column letters, each row after its
/// number, every line indented by `indent` spaces:
///
/// ```text
///   abcd
/// 1 ^##^
/// 2 v##v
/// 3 ^<>^
/// 4 voov
/// 5 o..o
/// ```
pub fn draw(layout: &Layout, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let cell_name = |x, y| Cell::at(x, y).expect("on the board").to_string();
    let letters: String = (0..WIDTH).map(|x| cell_name(x, 0).remove(0)).collect();
    let mut out = format!("{pad}  {letters}\n");
    for (y, row) in (0..HEIGHT).zip(layout.rows()) {
        let number = &cell_name(0, y)[1..];
        out += &format!("{pad}{number} {row}\n");
    }
    out
}
