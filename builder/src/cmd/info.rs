//! `klotski info CODE`: a layout's names and group, computed without a database.

use klotski::{AllCodes, ClassGroups, LayoutRef, ShortCode};

/// Print a layout's code, short code, id, classification, mirror flag and
/// group size (computed from scratch; takes about a second).
#[derive(clap::Args)]
pub struct Args {
    /// The layout: a code (e.g. 1A9BF0C00 or 1A9BF0C) or a short code (e.g. 4WVE1).
    layout: LayoutRef,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let all = AllCodes::build();
    let code = args.layout.resolve(&all);
    let layout = code.layout();
    let id = all.id(code);
    let short = ShortCode::from_id(id).expect("ids are below N_LAYOUTS");
    let groups = ClassGroups::build(layout.class());
    let classification = groups.classify(code).expect("a layout is in its own class");
    println!("code            {code}");
    println!("short code      {short}");
    println!("id              {id}");
    println!("classification  {classification}");
    println!("is_mirror       {}", layout.is_mirror());
    println!("solved          {}", layout.is_solved());
    println!(
        "group size      {}",
        groups.group_size(classification.group.group_num)
    );
    println!("next layouts    {}", layout.n_steps());
    Ok(())
}
