//! `klotski path FROM TO`: a shortest path between two layouts.

use edge::json::PathJson;
use klotski::{paths, LayoutRef};

use super::metric::MetricArg;
use super::route::{self, RouteFormat};

/// A shortest path between two layouts of one group.
///
/// Prints one line per move (a step, or with --metric a straight or cell
/// move) with its number, the move and the layout it gives.
#[derive(clap::Args)]
pub struct Args {
    /// Where the path starts: a code, a short code or a classification.
    from: LayoutRef,
    /// Where it ends, in the same group.
    to: LayoutRef,
    #[command(flatten)]
    metric: MetricArg,
    #[command(flatten)]
    format: RouteFormat,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let (from, to) = (super::resolve(args.from)?, super::resolve(args.to)?);
    let metric = args.metric.metric;
    let path = paths::path_between_in(from, to, metric)?;
    eprintln!("{from} to {to}: {} {}", path.len() - 1, metric.moves_name());
    route::print(&path, &args.format, || PathJson::new(&path, metric))
}
