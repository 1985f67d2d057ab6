//! `klotski path FROM TO`: a shortest path between two layouts.

use edge::json::PathJson;
use klotski::{paths, LayoutRef};

use super::route::{self, RouteFormat};

/// A shortest path between two layouts of one group.
///
/// Prints one line per step
/// with the step number, the move and the layout it gives.
#[derive(clap::Args)]
pub struct Args {
    /// Where the path starts: a code, a short code or a classification.
    from: LayoutRef,
    /// Where it ends, in the same group.
    to: LayoutRef,
    #[command(flatten)]
    format: RouteFormat,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let (from, to) = (super::resolve(args.from)?, super::resolve(args.to)?);
    let path = paths::path_between(from, to)?;
    eprintln!("{from} to {to}: {} steps", path.len() - 1);
    route::print(&path, &args.format, || PathJson::new(&path))
}
