//! The subcommands, one module each with its `Args` and `run`.

pub mod analyse;
pub mod analyse_class;
pub mod build_db;
pub mod export;
pub mod info;
pub mod migrate;
pub mod show;

use klotski::{AllCodes, Code, LayoutRef};

/// The code a user's layout argument names; short codes need the id table.
fn resolve(layout: LayoutRef) -> Code {
    match layout {
        LayoutRef::Code(code) => code,
        LayoutRef::Short(_) => layout.resolve(&AllCodes::build()),
    }
}
