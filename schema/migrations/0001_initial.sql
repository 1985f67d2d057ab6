-- The Klotski (华容道) layout database, schema version 1.
--
-- One row per legal layout of the 4x5 board (29,334,498 in a full build), one
-- per group of layouts joined by steps (25,422) and one per class (203).
-- Definitions of every term are in the project's spec, docs/spec.md.
--
-- The `schema` crate applies this file inside one transaction, then records
-- the version in PRAGMA user_version and in meta.schema_version. Indexes are
-- in `indexes.sql`, created after the bulk load.
--
-- Written for SQLite 3.31 or newer (the first with generated columns).

-- 'KLOT' in ASCII: tells any tool that reads the header what this file is.
PRAGMA application_id = 1263292244;

-- What this file is and how it was built, as text key/value pairs.
CREATE TABLE meta (
    -- schema_version: the last migration applied (equals PRAGMA user_version);
    -- engine_version: version of the engine that computed the rows;
    -- build_date:     UTC time the build started, 'YYYY-MM-DDTHH:MM:SSZ';
    -- classes:        the classes included, 'J-B-S' names joined by ',';
    -- complete:       'true' once the build finished and passed its checks;
    -- partial:        'true' when not all 203 classes are included.
    key   TEXT NOT NULL PRIMARY KEY,
    -- The value, as text ('true'/'false' for flags).
    value TEXT NOT NULL
) WITHOUT ROWID;

-- One row per layout. Every column but `code` and `short_code` is a small
-- integer, which SQLite stores in 0 to 3 bytes: about 43 bytes a row.
CREATE TABLE layout (
    -- Rank of the code among all 29,334,498 legal codes in ascending order,
    -- from 0. Ascending id is therefore ascending code.
    id                INTEGER PRIMARY KEY,
    -- The layout's code: 9 uppercase hex digits, e.g. '1A9BF0C00'.
    code              TEXT    NOT NULL,
    -- The id in base 32 (digits 1-9 and A-Z without I, L, O), most significant
    -- first: id 0 is '11111', id 4091296 is '4WVE1'. Computed when read, never
    -- stored.
    short_code        TEXT    GENERATED ALWAYS AS (
        substr('123456789ABCDEFGHJKMNPQRSTUVWXYZ', ((id >> 20) & 31) + 1, 1) ||
        substr('123456789ABCDEFGHJKMNPQRSTUVWXYZ', ((id >> 15) & 31) + 1, 1) ||
        substr('123456789ABCDEFGHJKMNPQRSTUVWXYZ', ((id >> 10) & 31) + 1, 1) ||
        substr('123456789ABCDEFGHJKMNPQRSTUVWXYZ', ((id >> 5) & 31) + 1, 1) ||
        substr('123456789ABCDEFGHJKMNPQRSTUVWXYZ', (id & 31) + 1, 1)
    ) VIRTUAL,
    -- Number of two-cell pieces (2x1 and 1x2), 0..7.
    jiang             INTEGER NOT NULL,
    -- Number of 1x1 pieces, 0..14.
    bing              INTEGER NOT NULL,
    -- Number of horizontal 2x1 pieces, 0..jiang.
    style             INTEGER NOT NULL,
    -- The layout's group within its class jiang-bing-style: groups are
    -- numbered from 0 by size, largest first, ties by smallest code.
    group_num         INTEGER NOT NULL,
    -- Position of the code in its group sorted ascending, from 0.
    group_index       INTEGER NOT NULL,
    -- 1 when the layout equals its own left-right reflection, else 0.
    is_mirror         INTEGER NOT NULL,
    -- The mirror flag as the original release computed it, 1 or 0: is_mirror,
    -- plus 1,984 layouts it marked by mistake (2x2 block in columns 0-1 with
    -- the cells beside it empty, the rest symmetric). Only the view `main`
    -- uses it, to reproduce the original table; is_mirror is the true flag.
    -- 1 wherever is_mirror is 1. Costs no payload bytes (0 and 1 are stored
    -- in the row header).
    is_mirror_as_released INTEGER NOT NULL,
    -- Largest number of steps from this layout to another of its group
    -- (0 for a layout alone in its group).
    farthest_step     INTEGER NOT NULL,
    -- How many layouts of the group are farthest_step steps away (>= 1).
    farthest_num      INTEGER NOT NULL,
    -- Fewest steps to a solved layout (2x2 block at the bottom middle, code
    -- starting with 'D'); 0 when solved itself, -1 when its group has none.
    min_solution_step INTEGER NOT NULL,
    -- How many solved layouts are min_solution_step steps away; 0 when none.
    min_solution_num  INTEGER NOT NULL,
    -- How many solved layouts are solutions: reachable by a shortest path that
    -- meets no other solved layout first. >= min_solution_num.
    solution_num      INTEGER NOT NULL
);

-- One row per group: a set of layouts joined by steps, inside one class.
CREATE TABLE layout_group (
    -- The group's class and number: its name is jiang-bing-style-group_num.
    jiang                 INTEGER NOT NULL,
    bing                  INTEGER NOT NULL,
    style                 INTEGER NOT NULL,
    group_num             INTEGER NOT NULL,
    -- Number of layouts in the group.
    size                  INTEGER NOT NULL,
    -- The group's smallest code (the layout with group_index 0).
    smallest_code         TEXT    NOT NULL,
    -- Largest farthest_step of the group's layouts: the most steps between
    -- two of them.
    diameter              INTEGER NOT NULL,
    -- Number of solved layouts in the group.
    n_solved              INTEGER NOT NULL,
    -- Largest min_solution_step of the group's layouts: how far its hardest
    -- layout is from being solved; -1 when n_solved = 0.
    max_min_solution_step INTEGER NOT NULL,
    -- The smallest code whose min_solution_step is max_min_solution_step;
    -- NULL when n_solved = 0.
    max_min_solution_code TEXT,
    -- group_num of the group holding the left-right mirror images of this
    -- group's layouts (always in the same class).
    mirror_group_num      INTEGER NOT NULL,
    -- 1 when the group is its own mirror image (mirror_group_num = group_num).
    is_self_mirror        INTEGER GENERATED ALWAYS AS (mirror_group_num = group_num) VIRTUAL,
    PRIMARY KEY (jiang, bing, style, group_num)
) WITHOUT ROWID;

-- The layout ids of each group, for instant lookup of a layout by its name
-- jiang-bing-style-group_num-group_index and for paging through a group.
-- An index on layout (jiang, bing, style, group_num, group_index) would do the
-- same in plain SQL but cost 19 bytes a layout (550 MB); this costs 4.
-- Layout jiang-bing-style-group_num-i is the id at bytes 4*(i % 1000) + 1 to
-- 4*(i % 1000) + 4 of chunk i / 1000.
CREATE TABLE layout_group_members (
    -- The group, as in layout_group.
    jiang     INTEGER NOT NULL,
    bing      INTEGER NOT NULL,
    style     INTEGER NOT NULL,
    group_num INTEGER NOT NULL,
    -- Which thousand of the group's layouts: group_index / 1000.
    chunk     INTEGER NOT NULL,
    -- The ids of those layouts in group_index order (1000, fewer in the last
    -- chunk), 4 bytes each, least significant first. 4,000 bytes fit in one
    -- page of 4 KiB, so finding one id reads one page.
    ids       BLOB    NOT NULL,
    PRIMARY KEY (jiang, bing, style, group_num, chunk),
    FOREIGN KEY (jiang, bing, style, group_num) REFERENCES layout_group
);

-- One row per class jiang-bing-style: totals over its groups.
CREATE TABLE layout_class (
    -- The class: jiang, bing and style as in layout.
    jiang                 INTEGER NOT NULL,
    bing                  INTEGER NOT NULL,
    style                 INTEGER NOT NULL,
    -- Number of layouts in the class.
    n_layouts             INTEGER NOT NULL,
    -- Number of groups in the class.
    n_groups              INTEGER NOT NULL,
    -- Number of groups holding at least one solved layout.
    n_solvable_groups     INTEGER NOT NULL,
    -- Number of solved layouts in the class.
    n_solved              INTEGER NOT NULL,
    -- Size of the class's largest group (group_num 0).
    largest_group_size    INTEGER NOT NULL,
    -- Largest diameter of the class's groups.
    diameter              INTEGER NOT NULL,
    -- Largest min_solution_step in the class; -1 when nothing is solvable.
    max_min_solution_step INTEGER NOT NULL,
    -- The smallest code with that min_solution_step; NULL when -1.
    max_min_solution_code TEXT,
    PRIMARY KEY (jiang, bing, style)
) WITHOUT ROWID;

-- The original project's tables, column for column, so its users' SQL runs
-- unchanged.

-- main: classification of every layout; is_mirror is 'Y' or 'N', with the
-- original's mistakes (see layout.is_mirror_as_released), so that the rows
-- joined by ',' are the lines of the original main.csv.
CREATE VIEW main (id, code, is_mirror, jiang_num, bing_num, style_num, group_num, group_index) AS
SELECT id, code, CASE is_mirror_as_released WHEN 1 THEN 'Y' ELSE 'N' END,
       jiang, bing, style, group_num, group_index
FROM layout;

-- farthest: the farthest layouts' distance and count.
CREATE VIEW farthest (id, farthest_step, farthest_num) AS
SELECT id, farthest_step, farthest_num
FROM layout;

-- solution: the nearest solved layouts' distance and count, and the number of
-- solutions.
CREATE VIEW solution (id, min_solution_step, min_solution_num, solution_num) AS
SELECT id, min_solution_step, min_solution_num, solution_num
FROM layout;
