//! Groups: the connected components of the step relation inside one class,
//! numbered and ordered as the spec says.

use std::collections::{HashSet, VecDeque};
use std::fmt;

use rayon::prelude::*;

use crate::cancel;
use crate::class::Class;
use crate::classification::{Classification, GroupName};
use crate::code::Code;
use crate::enumerate;
use crate::index::{AllCodes, CodeIndex};

/// Every layout of one class with its group.
///
/// Groups are numbered by size, largest first, ties by smallest code
/// (`group_num`); inside a group, layouts are numbered by code (`group_index`).
///
/// ```
/// use klotski::{Class, ClassGroups};
/// let groups = ClassGroups::build("0-2-0".parse::<Class>().unwrap());
/// assert_eq!(groups.n_groups(), 1);
/// assert_eq!(groups.group_size(0), 1440);
/// ```
pub struct ClassGroups {
    class: Class,
    index: CodeIndex,
    /// Per layout position: its group_num.
    group_nums: Vec<u32>,
    /// Per layout position: its group_index.
    group_indexes: Vec<u32>,
    /// Layout positions sorted by (group_num, code).
    members: Vec<u32>,
    /// Where each group starts in `members`; one more entry than groups.
    group_starts: Vec<u32>,
}

impl ClassGroups {
    /// Enumerates the class and labels every layout with its group.
    pub fn build(class: Class) -> ClassGroups {
        let index = CodeIndex::new(enumerate::class_codes(class));
        let roots = connected_roots(&index);
        let n = index.len();

        // A root is its component's smallest position, that is, its smallest code.
        let mut sizes = vec![0u32; n];
        for &root in &roots {
            sizes[root as usize] += 1;
        }
        let mut group_roots: Vec<u32> = (0..n as u32).filter(|&p| roots[p as usize] == p).collect();
        group_roots.sort_by_key(|&root| (std::cmp::Reverse(sizes[root as usize]), root));
        let mut num_of_root = vec![0u32; n];
        for (num, &root) in group_roots.iter().enumerate() {
            num_of_root[root as usize] = num as u32;
        }

        let mut group_starts = Vec::with_capacity(group_roots.len() + 1);
        group_starts.push(0);
        for &root in &group_roots {
            group_starts.push(group_starts.last().unwrap() + sizes[root as usize]);
        }
        let mut next_slot = group_starts.clone();
        let mut group_nums = Vec::with_capacity(n);
        let mut group_indexes = Vec::with_capacity(n);
        let mut members = vec![0u32; n];
        for (position, &root) in roots.iter().enumerate() {
            let num = num_of_root[root as usize];
            let slot = &mut next_slot[num as usize];
            group_nums.push(num);
            group_indexes.push(*slot - group_starts[num as usize]);
            members[*slot as usize] = position as u32;
            *slot += 1;
        }
        ClassGroups {
            class,
            index,
            group_nums,
            group_indexes,
            members,
            group_starts,
        }
    }

    /// The class.
    pub fn class(&self) -> Class {
        self.class
    }

    /// The class's codes, ascending.
    pub fn codes(&self) -> &[Code] {
        self.index.codes()
    }

    /// Number of layouts in the class.
    pub fn n_layouts(&self) -> usize {
        self.index.len()
    }

    /// Number of groups.
    pub fn n_groups(&self) -> u32 {
        (self.group_starts.len() - 1) as u32
    }

    /// Size of group `group_num` (which must be below `n_groups`).
    pub fn group_size(&self, group_num: u32) -> u32 {
        let g = group_num as usize;
        self.group_starts[g + 1] - self.group_starts[g]
    }

    /// The codes of group `group_num`, ascending (position i is group_index i).
    pub fn group_codes(&self, group_num: u32) -> impl ExactSizeIterator<Item = Code> + '_ {
        let g = group_num as usize;
        let range = self.group_starts[g] as usize..self.group_starts[g + 1] as usize;
        self.members[range]
            .iter()
            .map(|&position| self.codes()[position as usize])
    }

    /// `(group_num, group_index)` of a code, or `None` when it is not in the class.
    pub fn locate(&self, code: Code) -> Option<(u32, u32)> {
        let position = self.index.position(code)? as usize;
        Some((self.group_nums[position], self.group_indexes[position]))
    }

    /// The classification of a code, or `None` when it is not in the class.
    pub fn classify(&self, code: Code) -> Option<Classification> {
        let (group_num, group_index) = self.locate(code)?;
        Some(Classification {
            group: GroupName {
                class: self.class,
                group_num,
            },
            group_index,
        })
    }

    /// The layout `name` names (a name of this class), or why there is none.
    pub fn named(&self, name: Classification) -> Result<Code, NoSuchLayout> {
        debug_assert_eq!(name.group.class, self.class);
        if name.group.group_num >= self.n_groups() {
            return Err(NoSuchLayout::NoSuchGroup {
                group: name.group,
                n_groups: self.n_groups(),
            });
        }
        let size = self.group_size(name.group.group_num);
        let position = self.group_starts[name.group.group_num as usize] + name.group_index;
        if name.group_index >= size {
            return Err(NoSuchLayout::PastTheEnd { name, size });
        }
        Ok(self.codes()[self.members[position as usize] as usize])
    }

    /// Every layout with its classification, in code order.
    pub fn classified(&self) -> impl ExactSizeIterator<Item = (Code, Classification)> + '_ {
        let class = self.class;
        self.codes()
            .iter()
            .zip(self.group_nums.iter().zip(&self.group_indexes))
            .map(move |(&code, (&group_num, &group_index))| {
                (
                    code,
                    Classification {
                        group: GroupName { class, group_num },
                        group_index,
                    },
                )
            })
    }
}

/// Why a well-formed classification names no layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoSuchLayout {
    /// The class has fewer groups.
    NoSuchGroup {
        /// The group asked for.
        group: GroupName,
        /// How many groups its class has.
        n_groups: u32,
    },
    /// The group has fewer layouts.
    PastTheEnd {
        /// The name asked for.
        name: Classification,
        /// How many layouts its group has.
        size: u32,
    },
}

impl fmt::Display for NoSuchLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NoSuchLayout::NoSuchGroup { group, n_groups: 0 } => {
                write!(
                    f,
                    "class {} has no layouts, so no group {group}",
                    group.class
                )
            }
            NoSuchLayout::NoSuchGroup { group, n_groups } => write!(
                f,
                "class {class} has {n_groups} group{s}, {class}-0 to {class}-{last}: \
                 there is no group {group}",
                class = group.class,
                s = if n_groups == 1 { "" } else { "s" },
                last = n_groups - 1,
            ),
            NoSuchLayout::PastTheEnd { name, size } => write!(
                f,
                "group {} has {size} layouts: group_index {} is past its end",
                name.group, name.group_index
            ),
        }
    }
}

impl std::error::Error for NoSuchLayout {}

/// The classification of every layout, indexed by id. The classes are
/// labelled in parallel, the largest first so that no big one starts last;
/// then one pass in id order picks each layout's label from its class's list
/// with a cursor per class: both are in code order, so no lookups are needed.
pub fn classify_all(all: &AllCodes) -> Vec<Classification> {
    let mut classes = Class::all();
    classes.sort_by(|a, b| {
        enumerate::class_size_estimate(*b).total_cmp(&enumerate::class_size_estimate(*a))
    });
    let mut per_class: Vec<ClassGroups> = classes.into_par_iter().map(ClassGroups::build).collect();
    per_class.sort_by_key(ClassGroups::class);
    let mut cursors = vec![0usize; per_class.len()];
    all.codes()
        .iter()
        .map(|code| {
            let class = code.layout().class();
            let slot = per_class
                .binary_search_by_key(&class, ClassGroups::class)
                .expect("every class is labelled");
            let position = cursors[slot];
            cursors[slot] += 1;
            let groups = &per_class[slot];
            debug_assert_eq!(groups.codes()[position], *code);
            Classification {
                group: GroupName {
                    class,
                    group_num: groups.group_nums[position],
                },
                group_index: groups.group_indexes[position],
            }
        })
        .collect()
}

/// For each position, the smallest position of its connected component.
fn connected_roots(index: &CodeIndex) -> Vec<u32> {
    let mut parent: Vec<u32> = (0..index.len() as u32).collect();
    for (position, code) in index.codes().iter().enumerate() {
        cancel::checkpoint_every(position);
        code.layout().for_each_slide_down_or_right(|next| {
            let other = index
                .position(next.code())
                .expect("a slide stays in the class");
            union(&mut parent, position as u32, other);
        });
    }
    for position in 0..parent.len() {
        // Parents point to smaller positions, so each one is final once visited.
        parent[position] = parent[parent[position] as usize];
    }
    parent
}

/// The root of `node`, halving the path on the way.
fn find(parent: &mut [u32], mut node: u32) -> u32 {
    while parent[node as usize] != node {
        let grandparent = parent[parent[node as usize] as usize];
        parent[node as usize] = grandparent;
        node = grandparent;
    }
    node
}

/// Joins two components under the smaller root, so roots stay component minima.
fn union(parent: &mut [u32], a: u32, b: u32) {
    let (root_a, root_b) = (find(parent, a), find(parent, b));
    let (low, high) = if root_a < root_b {
        (root_a, root_b)
    } else {
        (root_b, root_a)
    };
    parent[high as usize] = low;
}

/// The group of one layout, found by breadth-first search from it: its codes,
/// ascending. Needs no class-wide tables.
pub fn group_of(start: Code) -> Vec<Code> {
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    let mut n_taken = 0;
    while let Some(code) = queue.pop_front() {
        cancel::checkpoint_every(n_taken);
        n_taken += 1;
        code.layout().for_each_step(|next| {
            let next = next.code();
            if seen.insert(next) {
                queue.push_back(next);
            }
        });
    }
    let mut codes: Vec<Code> = seen.into_iter().collect();
    codes.sort_unstable();
    codes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_past_the_class_say_why() {
        let groups = ClassGroups::build("5-4-1".parse().unwrap());
        let error = |text: &str| groups.named(text.parse().unwrap()).unwrap_err().to_string();
        assert_eq!(
            error("5-4-1-0-99999"),
            "group 5-4-1-0 has 25955 layouts: group_index 99999 is past its end"
        );
        assert!(error("5-4-1-999-0").ends_with("there is no group 5-4-1-999"));
        let code = groups.named("5-4-1-1-7472".parse().unwrap()).unwrap();
        assert_eq!(code.to_string(), "1A9BF0C00");
    }

    #[test]
    fn bfs_group_agrees_with_class_labels() {
        let class: Class = "1-1-0".parse().unwrap();
        let groups = ClassGroups::build(class);
        for group_num in 0..groups.n_groups() {
            let codes: Vec<Code> = groups.group_codes(group_num).collect();
            assert_eq!(group_of(codes[codes.len() / 2]), codes);
            for (group_index, &code) in codes.iter().enumerate() {
                assert_eq!(groups.locate(code), Some((group_num, group_index as u32)));
                let name = groups.classify(code).unwrap();
                assert_eq!(groups.named(name), Ok(code));
            }
        }
    }
}
