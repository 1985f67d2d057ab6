//! `klotski export --out DIR`: the original project's release files.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;
use klotski::{AllCodes, Classification, Code};
use tracing::info;

use crate::output::{write_atomically, Joined};

/// Write `All_Case.txt` and `main.csv` in the original release format, computed
/// from scratch (enumeration and group labelling of all layouts).
#[derive(clap::Args)]
pub struct Args {
    /// Directory to write into (created if missing).
    #[arg(long)]
    out: PathBuf,
}

/// Line separator of the original files, with none after the last line.
const SEPARATOR: &[u8] = b"\n";

pub fn run(args: Args) -> anyhow::Result<()> {
    fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let started = std::time::Instant::now();
    let all = AllCodes::build();
    let labels = klotski::classify_all(&all);
    info!(layouts = all.codes().len(), elapsed = ?started.elapsed(), "enumerated and classified");
    write_all_case(&args.out.join("All_Case.txt"), all.codes())?;
    write_main(&args.out.join("main.csv"), all.codes(), &labels)?;
    info!(out = %args.out.display(), elapsed = ?started.elapsed(), "exported");
    Ok(())
}

/// `All_Case.txt`: every code in id order.
pub fn write_all_case(path: &Path, codes: &[Code]) -> anyhow::Result<()> {
    write_atomically(path, |writer| {
        let mut lines = Joined::new(writer, SEPARATOR);
        for code in codes {
            lines.line(format_args!("{code}"))?;
        }
        Ok(())
    })
}

/// `main.csv`: `id,CODE,M,jiang,bing,style,group_num,group_index` in id order,
/// where M is the mirror flag as the original release computed it
/// ([`klotski::Layout::is_mirror_as_released`]).
pub fn write_main(path: &Path, codes: &[Code], labels: &[Classification]) -> anyhow::Result<()> {
    write_atomically(path, |writer| {
        let mut lines = Joined::new(writer, SEPARATOR);
        for (id, (code, label)) in codes.iter().zip(labels).enumerate() {
            let mirror = if code.layout().is_mirror_as_released() {
                'Y'
            } else {
                'N'
            };
            let class = label.group.class;
            lines.line(format_args!(
                "{id},{code},{mirror},{},{},{},{},{}",
                class.jiang, class.bing, class.style, label.group.group_num, label.group_index
            ))?;
        }
        Ok(())
    })
}
