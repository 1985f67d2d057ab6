-- The indexes of the current schema. The builder creates them after the bulk
-- load, from the finished table in one sorted pass rather than row by row;
-- the migration runner creates them too, so a migrated database is complete.
-- Every statement is IF NOT EXISTS: running this file again changes nothing.
--
-- Two indexes on layout, each about 19 bytes a layout (560 MB in a full
-- build). Questions about the analysis numbers are served by the small
-- tables derived from layout (layout_group_histogram, layout_class_histogram,
-- layout_group_hardest, layout_class_hardest) rather than by more indexes on
-- layout, each of which would cost as much again: docs/database.md lists
-- each index and table with its bytes and the queries it serves.

-- WHERE code = '1A9BF0C00'. Codes are unique.
CREATE UNIQUE INDEX IF NOT EXISTS layout_code ON layout (code);

-- WHERE jiang = 5 AND bing = 4 AND style = 1 AND group_num = 1 AND
-- group_index = 7472: a layout by its name; a group's layouts in group_index
-- order (a range of the index); the layouts of a class; count(*) of a group
-- or a class without reading the table.
CREATE INDEX IF NOT EXISTS layout_classification
    ON layout (jiang, bing, style, group_num, group_index);
