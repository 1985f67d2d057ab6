//! A group's graph (or the ball around one layout) as files for graph tools:
//! GraphML and GEXF (Gephi, Cytoscape, NetworkX, igraph) or two CSV files,
//! nodes and edges. Nodes carry the code, the classification and the five
//! numbers; edges the move from the smaller code to the larger.

use std::io::Write;

use anyhow::Context;
use edge::keys::group_name;
use klotski::analysis::{analyse_group, GroupGraph, LayoutAnalysis};
use klotski::subgraph::Subgraph;
use klotski::{ClassGroups, Classification, Code, GroupName, Move};
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;
use schema::Database;

/// The nodes and edges of a group's graph, or of a ball in it, with each
/// node's numbers.
pub struct GraphExport {
    /// The group.
    pub group: GroupName,
    /// The layout asked about: the ball's centre.
    pub centre: Code,
    /// The nodes (as `group_index` values) and the steps between them.
    pub subgraph: Subgraph,
    /// The code of each node, by position in the subgraph.
    pub codes: Vec<Code>,
    /// The five numbers of each node, by position in the subgraph.
    pub numbers: Vec<LayoutAnalysis>,
}

/// The file formats of an export.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Format {
    /// GraphML (one file).
    Graphml,
    /// GEXF 1.2 (one file).
    Gexf,
    /// Two CSV files: nodes and edges.
    Csv,
}

/// Where the numbers come from.
pub enum NumberSource<'a> {
    /// The analysis of the whole group, computed now (a fraction of a
    /// second for 1A9BF0C00's group, longer for the largest groups).
    Computed,
    /// A finished database holding the layout's class.
    Stored(&'a Database),
}

impl GraphExport {
    /// The graph of `code`'s group, or with `radius` the layouts at most
    /// that many steps from `code`, with the numbers from `source`.
    pub fn collect(
        code: Code,
        radius: Option<u32>,
        source: NumberSource<'_>,
    ) -> anyhow::Result<GraphExport> {
        let graph = GroupGraph::build(klotski::group_of(code));
        let centre = graph.node(code).expect("a layout is in its own group");
        let subgraph = match radius {
            Some(radius) => Subgraph::ball(&graph, centre, radius),
            None => Subgraph::whole(&graph),
        };
        let codes: Vec<Code> = subgraph.nodes().iter().map(|&n| graph.code(n)).collect();
        let (group, numbers) = match source {
            NumberSource::Computed => {
                let groups = ClassGroups::build(code.layout().class());
                let (group_num, _) = groups.locate(code).expect("a layout is in its own class");
                let all = analyse_group(&graph);
                let numbers = subgraph.nodes().iter().map(|&n| all[n as usize]).collect();
                let class = code.layout().class();
                (GroupName { class, group_num }, numbers)
            }
            NumberSource::Stored(db) => {
                let row = db
                    .layout_by_code(&code.to_string())?
                    .with_context(|| format!("{code} is not in the database"))?;
                let numbers = db
                    .group_members(row.group, subgraph.nodes())?
                    .iter()
                    .map(|row| edge::numbers::analysis_of(&row.numbers))
                    .collect();
                (
                    group_name(row.group).expect("a stored class is valid"),
                    numbers,
                )
            }
        };
        Ok(GraphExport {
            group,
            centre: code,
            subgraph,
            codes,
            numbers,
        })
    }

    /// The classification of the node at `position`.
    pub fn classification(&self, position: usize) -> Classification {
        Classification {
            group: self.group,
            group_index: self.subgraph.nodes()[position],
        }
    }

    /// The move of edge `(a, b)` (positions), from `a`'s layout to `b`'s.
    pub fn edge_move(&self, (a, b): (u32, u32)) -> Move {
        let (before, after) = (self.codes[a as usize], self.codes[b as usize]);
        Move::between(&before.layout(), &after.layout()).expect("an edge is one step")
    }

    /// Writes the GraphML document.
    pub fn write_graphml(&self, out: &mut impl Write) -> std::io::Result<()> {
        let mut xml = Writer::new_with_indent(out, b' ', 1);
        xml.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        xml.write_event(Event::Start(
            BytesStart::new("graphml")
                .with_attributes([("xmlns", "http://graphml.graphdrawing.org/xmlns")]),
        ))?;
        for (name, kind) in NODE_ATTRIBUTES {
            let kind = if kind == "integer" { "int" } else { kind };
            xml.create_element("key")
                .with_attributes([
                    ("id", name),
                    ("for", "node"),
                    ("attr.name", name),
                    ("attr.type", kind),
                ])
                .write_empty()?;
        }
        xml.create_element("key")
            .with_attributes([
                ("id", "move"),
                ("for", "edge"),
                ("attr.name", "move"),
                ("attr.type", "string"),
            ])
            .write_empty()?;
        let group = self.group.to_string();
        xml.write_event(Event::Start(BytesStart::new("graph").with_attributes([
            ("id", group.as_str()),
            ("edgedefault", "undirected"),
        ])))?;
        for position in 0..self.codes.len() {
            let code = self.codes[position].to_string();
            let values = self.node_values(position);
            xml.create_element("node")
                .with_attribute(("id", code.as_str()))
                .write_inner_content(|xml| {
                    for ((name, _), value) in NODE_ATTRIBUTES.iter().zip(&values) {
                        xml.create_element("data")
                            .with_attribute(("key", *name))
                            .write_text_content(BytesText::new(value))?;
                    }
                    Ok(())
                })?;
        }
        for &edge in self.subgraph.edges() {
            let (source, target) = self.edge_codes(edge);
            let text = self.edge_move(edge).to_string();
            xml.create_element("edge")
                .with_attributes([("source", source.as_str()), ("target", target.as_str())])
                .write_inner_content(|xml| {
                    xml.create_element("data")
                        .with_attribute(("key", "move"))
                        .write_text_content(BytesText::new(&text))?;
                    Ok(())
                })?;
        }
        xml.write_event(Event::End(BytesEnd::new("graph")))?;
        xml.write_event(Event::End(BytesEnd::new("graphml")))?;
        xml.into_inner().write_all(b"\n")
    }

    /// Writes the GEXF 1.2 document.
    pub fn write_gexf(&self, out: &mut impl Write) -> std::io::Result<()> {
        let mut xml = Writer::new_with_indent(out, b' ', 1);
        xml.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        xml.write_event(Event::Start(BytesStart::new("gexf").with_attributes([
            ("xmlns", "http://www.gexf.net/1.2draft"),
            ("version", "1.2"),
        ])))?;
        xml.create_element("meta").write_inner_content(|xml| {
            xml.create_element("creator")
                .write_text_content(BytesText::new("klotski"))?;
            xml.create_element("description")
                .write_text_content(BytesText::new(&self.description()))?;
            Ok(())
        })?;
        xml.write_event(Event::Start(BytesStart::new("graph").with_attributes([
            ("mode", "static"),
            ("defaultedgetype", "undirected"),
        ])))?;
        xml.create_element("attributes")
            .with_attribute(("class", "node"))
            .write_inner_content(|xml| {
                for (name, kind) in NODE_ATTRIBUTES {
                    xml.create_element("attribute")
                        .with_attributes([("id", name), ("title", name), ("type", kind)])
                        .write_empty()?;
                }
                Ok(())
            })?;
        xml.create_element("attributes")
            .with_attribute(("class", "edge"))
            .write_inner_content(|xml| {
                xml.create_element("attribute")
                    .with_attributes([("id", "move"), ("title", "move"), ("type", "string")])
                    .write_empty()?;
                Ok(())
            })?;
        xml.write_event(Event::Start(BytesStart::new("nodes")))?;
        for position in 0..self.codes.len() {
            let code = self.codes[position].to_string();
            let values = self.node_values(position);
            xml.create_element("node")
                .with_attributes([("id", code.as_str()), ("label", code.as_str())])
                .write_inner_content(|xml| {
                    xml.create_element("attvalues").write_inner_content(|xml| {
                        for ((name, _), value) in NODE_ATTRIBUTES.iter().zip(&values) {
                            xml.create_element("attvalue")
                                .with_attributes([("for", *name), ("value", value.as_str())])
                                .write_empty()?;
                        }
                        Ok(())
                    })?;
                    Ok(())
                })?;
        }
        xml.write_event(Event::End(BytesEnd::new("nodes")))?;
        xml.write_event(Event::Start(BytesStart::new("edges")))?;
        for (id, &edge) in self.subgraph.edges().iter().enumerate() {
            let (source, target) = self.edge_codes(edge);
            let (id, text) = (id.to_string(), self.edge_move(edge).to_string());
            xml.create_element("edge")
                .with_attributes([
                    ("id", id.as_str()),
                    ("source", source.as_str()),
                    ("target", target.as_str()),
                ])
                .write_inner_content(|xml| {
                    xml.create_element("attvalues").write_inner_content(|xml| {
                        xml.create_element("attvalue")
                            .with_attributes([("for", "move"), ("value", text.as_str())])
                            .write_empty()?;
                        Ok(())
                    })?;
                    Ok(())
                })?;
        }
        xml.write_event(Event::End(BytesEnd::new("edges")))?;
        xml.write_event(Event::End(BytesEnd::new("graph")))?;
        xml.write_event(Event::End(BytesEnd::new("gexf")))?;
        xml.into_inner().write_all(b"\n")
    }

    /// Writes the nodes' CSV file: a header, then one line per node.
    pub fn write_nodes_csv(&self, out: &mut impl Write) -> std::io::Result<()> {
        let names: Vec<&str> = NODE_ATTRIBUTES.iter().map(|(name, _)| *name).collect();
        writeln!(out, "code,{}", names.join(","))?;
        for position in 0..self.codes.len() {
            let values = self.node_values(position);
            writeln!(out, "{},{}", self.codes[position], values.join(","))?;
        }
        Ok(())
    }

    /// Writes the edges' CSV file: a header, then one line per step (no
    /// move text holds a comma).
    pub fn write_edges_csv(&self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(out, "source,target,move")?;
        for &edge in self.subgraph.edges() {
            let (source, target) = self.edge_codes(edge);
            writeln!(out, "{source},{target},{}", self.edge_move(edge))?;
        }
        Ok(())
    }

    /// One line on what the file holds.
    fn description(&self) -> String {
        match self.subgraph.radius() {
            Some(radius) => format!(
                "Klotski group {}: the {} layouts within {radius} steps of {}",
                self.group,
                self.codes.len(),
                self.centre
            ),
            None => format!(
                "Klotski group {}: all its {} layouts",
                self.group,
                self.codes.len()
            ),
        }
    }

    fn edge_codes(&self, (a, b): (u32, u32)) -> (String, String) {
        (
            self.codes[a as usize].to_string(),
            self.codes[b as usize].to_string(),
        )
    }

    /// The values of the node at `position`, in the order of
    /// [`NODE_ATTRIBUTES`].
    fn node_values(&self, position: usize) -> Vec<String> {
        let n = &self.numbers[position];
        vec![
            self.classification(position).to_string(),
            self.codes[position].is_solved().to_string(),
            n.min_solution_step.to_string(),
            n.min_solution_num.to_string(),
            n.solution_num.to_string(),
            n.farthest_step.to_string(),
            n.farthest_num.to_string(),
        ]
    }
}

/// The nodes' attributes after the code, with their GEXF types.
pub const NODE_ATTRIBUTES: [(&str, &str); 7] = [
    ("classification", "string"),
    ("solved", "boolean"),
    ("min_solution_step", "integer"),
    ("min_solution_num", "integer"),
    ("solution_num", "integer"),
    ("farthest_step", "integer"),
    ("farthest_num", "integer"),
];
