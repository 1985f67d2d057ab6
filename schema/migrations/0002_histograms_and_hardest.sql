-- Schema version 2: what SQL users ask answers from an index or a small
-- table instead of a scan of all 29.3 million layouts.
--
-- * The index layout_classification (in `indexes.sql`) finds a layout by its
--   name jiang-bing-style-group_num-group_index and pages through a group in
--   group_index order. It replaces layout_group_members, dropped here.
-- * layout_group_histogram and layout_class_histogram count a group's or a
--   class's layouts by min_solution_step and by farthest_step.
-- * layout_group_hardest and layout_class_hardest list a group's or a class's
--   hardest layouts: the first 1,000 by min_solution_step and by
--   farthest_step.
--
-- The four tables are derived from `layout` (by the `schema` crate, in one
-- pass over it), never written by hand: a database of version 1 becomes one
-- of version 2 with `klotski migrate --db PATH`, with the same rows as a new
-- build.

DROP TABLE layout_group_members;

-- A group's layouts counted by their numbers: one row per step that at least
-- one of its layouts has as min_solution_step or as farthest_step.
CREATE TABLE layout_group_histogram (
    -- The group, as in layout_group.
    jiang                 INTEGER NOT NULL,
    bing                  INTEGER NOT NULL,
    style                 INTEGER NOT NULL,
    group_num             INTEGER NOT NULL,
    -- A number of steps: -1 (min_solution_step only: the group has no
    -- solved layout), 0, 1, ...
    step                  INTEGER NOT NULL,
    -- How many of the group's layouts have min_solution_step = step (>= 0).
    n_min_solution_step   INTEGER NOT NULL,
    -- How many of the group's layouts have farthest_step = step (>= 0).
    n_farthest_step       INTEGER NOT NULL,
    PRIMARY KEY (jiang, bing, style, group_num, step),
    FOREIGN KEY (jiang, bing, style, group_num) REFERENCES layout_group
) WITHOUT ROWID;

-- A class's layouts counted by their numbers: the sums of its groups' rows.
CREATE TABLE layout_class_histogram (
    -- The class, as in layout_class.
    jiang                 INTEGER NOT NULL,
    bing                  INTEGER NOT NULL,
    style                 INTEGER NOT NULL,
    -- A number of steps, as in layout_group_histogram.
    step                  INTEGER NOT NULL,
    -- How many of the class's layouts have min_solution_step = step.
    n_min_solution_step   INTEGER NOT NULL,
    -- How many of the class's layouts have farthest_step = step.
    n_farthest_step       INTEGER NOT NULL,
    PRIMARY KEY (jiang, bing, style, step),
    FOREIGN KEY (jiang, bing, style) REFERENCES layout_class
) WITHOUT ROWID;

-- A group's hardest layouts, in two rankings side by side: row `rank` holds
-- the rank-th layout by min_solution_step, largest first, and the rank-th by
-- farthest_step, largest first; ties go to the smaller id (the smaller code).
-- Ranks run from 1 to the group's size or 1,000, whichever is smaller.
CREATE TABLE layout_group_hardest (
    -- The group, as in layout_group.
    jiang                 INTEGER NOT NULL,
    bing                  INTEGER NOT NULL,
    style                 INTEGER NOT NULL,
    group_num             INTEGER NOT NULL,
    -- 1 for the hardest.
    rank                  INTEGER NOT NULL,
    -- layout.id of the rank-th layout by min_solution_step.
    by_min_solution_step  INTEGER NOT NULL REFERENCES layout,
    -- layout.id of the rank-th layout by farthest_step.
    by_farthest_step      INTEGER NOT NULL REFERENCES layout,
    PRIMARY KEY (jiang, bing, style, group_num, rank),
    FOREIGN KEY (jiang, bing, style, group_num) REFERENCES layout_group
) WITHOUT ROWID;

-- A class's hardest layouts, ranked as in layout_group_hardest over the
-- whole class: ranks 1 to the class's size or 1,000, whichever is smaller.
CREATE TABLE layout_class_hardest (
    -- The class, as in layout_class.
    jiang                 INTEGER NOT NULL,
    bing                  INTEGER NOT NULL,
    style                 INTEGER NOT NULL,
    -- 1 for the hardest.
    rank                  INTEGER NOT NULL,
    -- layout.id of the rank-th layout by min_solution_step.
    by_min_solution_step  INTEGER NOT NULL REFERENCES layout,
    -- layout.id of the rank-th layout by farthest_step.
    by_farthest_step      INTEGER NOT NULL REFERENCES layout,
    PRIMARY KEY (jiang, bing, style, rank),
    FOREIGN KEY (jiang, bing, style) REFERENCES layout_class
) WITHOUT ROWID;
