-- Schema version 4: the classic named layouts (关卡), 横刀立马 and the
-- others players know the game by (issue 72).
--
-- The collection is the engine's (klotski/data/named_layouts.tsv in the
-- project's repository): each name with the layout public collections give
-- it, where it was found and the fewest steps published there. The table
-- holds the entries whose layout is in this file, written by the builder,
-- or, in a database migrated from an older version, by `klotski migrate`.
-- Join it with `layout` on `code` for every number of every named layout.

-- One row per name and variant. A name that sources give to different
-- layouts has a variant for each (the most widely published is variant 1,
-- shown as the plain name; the others as `守口如瓶 2`, ...); a layout with
-- several names has a row for each.
CREATE TABLE named_layout (
    -- The name in simplified characters, without the variant number.
    name             TEXT    NOT NULL,
    -- 1 for the plain name, 2, 3, ... for the other layouts of that name.
    variant          INTEGER NOT NULL CHECK (variant >= 1),
    -- The name in traditional characters.
    name_traditional TEXT    NOT NULL,
    -- Hanyu pinyin with tone marks, a space between syllables.
    pinyin           TEXT    NOT NULL,
    -- The customary English name, or a plain gloss of the Chinese.
    english          TEXT    NOT NULL,
    -- The layout: layout.code.
    code             TEXT    NOT NULL,
    -- The address of the collection the layout was taken from.
    source           TEXT    NOT NULL,
    -- The fewest steps that source publishes; NULL when it publishes none.
    -- Where it differs from layout.min_solution_step, the source is wrong or
    -- counts moves another way: the view named_layout_errata lists each.
    published_steps  INTEGER,
    PRIMARY KEY (name, variant)
) WITHOUT ROWID;

-- WHERE code = '1A9BF0C00': the names of a layout.
CREATE INDEX named_layout_code ON named_layout (code);

-- The named layouts whose published fewest steps differ from this file's:
-- the layout, the source's number and the file's.
CREATE VIEW named_layout_errata AS
SELECT n.name, n.variant, n.code, n.source, n.published_steps,
       l.min_solution_step, l.min_straight_moves, l.min_cell_moves
FROM named_layout AS n JOIN layout AS l USING (code)
WHERE n.published_steps IS NOT NULL AND n.published_steps <> l.min_solution_step;
