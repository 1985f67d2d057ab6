//! The `--metric` option of `solve`, `path` and `moves`.

use klotski::Metric;

/// How moves are counted.
#[derive(clap::Args)]
pub struct MetricArg {
    /// How moves are counted: `step` (a piece anywhere it slides, turning
    /// as it likes), `straight` (a piece any distance in one direction) or
    /// `cell` (a piece one cell).
    #[arg(long, value_name = "METRIC", default_value = "step")]
    pub metric: Metric,
}
