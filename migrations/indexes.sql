-- The indexes of the current schema. The builder creates them after the bulk
-- load, from the finished table in one sorted pass rather than row by row;
-- the migration runner creates them too, so a migrated database is complete.
-- Every statement is IF NOT EXISTS: running this file again changes nothing.
--
-- Only one index on layout: the file must stay under 2 GB and each index over
-- 29.3 million rows costs 16 to 19 bytes a row (470 to 560 MB). Measured on
-- synthetic rows: the table is 43 bytes a row, this index 19, the whole file
-- 66 (1.93 GB), and an index on the classification (jiang, bing, style,
-- group_num, group_index) would be 19 more, 2.5 GB in all. Left out, with what serves instead:
-- * by classification: layout_group_members maps a group to its ids in
--   group_index order (4 bytes a layout), which the server reads;
-- * by min_solution_step or farthest_step within a class: layout_class and
--   layout_group hold the maxima and a code that has them.
-- Plain SQL on those columns reads the whole table: about 1.5 s with the file
-- in the OS cache (measured on synthetic rows).

-- WHERE code = '1A9BF0C00'. Codes are unique.
CREATE UNIQUE INDEX IF NOT EXISTS layout_code ON layout (code);
