//! `klotski info CODE`: a layout's names and group, computed without a database.

use std::fmt::Write;

use klotski::{AllCodes, ClassGroups, LayoutRef, ShortCode};

/// Print a layout's code, short code, id, classification, mirror flag,
/// group size and next layouts, each with its move (computed from scratch;
/// takes about a second).
#[derive(clap::Args)]
pub struct Args {
    /// The layout: a code (e.g. 1A9BF0C00 or 1A9BF0C), a short code (e.g.
    /// 4WVE1) or a classification (e.g. 5-4-1-1-7472).
    layout: LayoutRef,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let code = super::resolve(args.layout)?;
    let all = AllCodes::build();
    let layout = code.layout();
    let id = all.id(code);
    let short = ShortCode::from_id(id).expect("ids are below N_LAYOUTS");
    let groups = ClassGroups::build(layout.class());
    let classification = groups.classify(code).expect("a layout is in its own class");
    let mut out = String::new();
    writeln!(out, "code            {code}")?;
    writeln!(out, "short code      {short}")?;
    writeln!(out, "id              {id}")?;
    writeln!(out, "classification  {classification}")?;
    writeln!(out, "is_mirror       {}", layout.is_mirror())?;
    writeln!(out, "solved          {}", layout.is_solved())?;
    writeln!(
        out,
        "group size      {}",
        groups.group_size(classification.group.group_num)
    )?;
    let moves = layout.moves();
    writeln!(out, "next layouts    {}", moves.len())?;
    for step in moves {
        writeln!(out, "  {:<15} {}", step.to_string(), step.after().code())?;
    }
    Ok(super::print_out(&out)?)
}
