//! The symmetries of the board that map legal layouts onto legal layouts and
//! steps onto steps: the left-right and top-bottom mirrors and the
//! 180-degree rotation.

use rayon::prelude::*;

use super::GroupGraph;
use crate::layout::Layout;

/// A symmetry of the board, its own inverse.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Symmetry {
    LeftRight,
    TopBottom,
    Rotation,
}

impl Symmetry {
    pub(crate) const ALL: [Symmetry; 3] =
        [Symmetry::LeftRight, Symmetry::TopBottom, Symmetry::Rotation];

    /// The image of `layout`.
    pub(crate) fn apply(self, layout: Layout) -> Layout {
        match self {
            Symmetry::LeftRight => layout.mirror_left_right(),
            Symmetry::TopBottom => layout.mirror_top_bottom(),
            Symmetry::Rotation => layout.mirror_left_right().mirror_top_bottom(),
        }
    }

    /// The node of `node`'s image, or `None` when the image is in another group.
    pub(crate) fn image_node(self, graph: &GroupGraph, node: u32) -> Option<u32> {
        graph.node(self.apply(graph.code(node).layout()).code())
    }
}

/// The symmetries that map one group onto itself (a subgroup of the board's
/// four, identity included) and every node's images under them.
pub(crate) struct Orbits {
    /// Per symmetry of the group other than the identity: the symmetry, and
    /// entry `v` the node of v's image.
    images: Vec<(Symmetry, Vec<u32>)>,
}

impl Orbits {
    /// Finds the group's symmetries (one layout decides each: symmetries map
    /// groups onto groups) and every node's images.
    pub(crate) fn of(graph: &GroupGraph) -> Orbits {
        let images = Symmetry::ALL
            .iter()
            .filter(|symmetry| symmetry.image_node(graph, 0).is_some())
            .map(|&symmetry| {
                let image = (0..graph.n_nodes() as u32)
                    .into_par_iter()
                    .map(|node| {
                        symmetry
                            .image_node(graph, node)
                            .expect("the group is its own image")
                    })
                    .collect();
                (symmetry, image)
            })
            .collect();
        Orbits { images }
    }

    /// How many symmetries the group has, the identity included: 1, 2 or 4.
    pub(crate) fn order(&self) -> u32 {
        self.images.len() as u32 + 1
    }

    /// Every node's image under `symmetry`, when it maps the group onto itself.
    pub(crate) fn image(&self, symmetry: Symmetry) -> Option<&[u32]> {
        self.images
            .iter()
            .find(|(candidate, _)| *candidate == symmetry)
            .map(|(_, image)| image.as_slice())
    }

    /// Per symmetry of the group other than the identity, every node's image.
    pub(crate) fn image_maps(&self) -> impl Iterator<Item = &[u32]> + '_ {
        self.images.iter().map(|(_, image)| image.as_slice())
    }

    /// `node`'s images under every symmetry of the group, the identity first;
    /// a node some symmetry keeps appears more than once.
    pub(crate) fn images_of(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        std::iter::once(node).chain(
            self.images
                .iter()
                .map(move |(_, image)| image[node as usize]),
        )
    }

    /// How many distinct nodes `node`'s orbit holds.
    pub(crate) fn orbit_size(&self, node: u32) -> u32 {
        let mut members: Vec<u32> = self.images_of(node).collect();
        members.sort_unstable();
        members.dedup();
        members.len() as u32
    }
}
