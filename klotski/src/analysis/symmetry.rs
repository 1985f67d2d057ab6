//! The symmetries of the board that map legal layouts onto legal layouts and
//! steps onto steps: the left-right and top-bottom mirrors and the
//! 180-degree rotation.

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
