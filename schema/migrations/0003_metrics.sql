-- Schema version 3: the three ways of counting moves, and how many optimal
-- solutions there are (issue 50).
--
-- A step moves one piece any distance, turning as it likes; a straight move
-- slides one piece any distance in one direction; a cell move slides one
-- piece by one cell. Every cell move is a straight move and every straight
-- move is a step, so the groups are the same in all three; only the
-- distances differ. A minimum move sequence is a sequence of the fewest
-- moves from the layout to a solved layout; two sequences differ when they
-- pass through a different layout at some position.
--
-- The counts are exact SQL INTEGERs: the largest over all 29,334,498
-- layouts is 1,198,222,023,398,400,000 cell-move sequences (61 bits, layout
-- 02C9DF400), below 2^63.
--
-- The new columns are filled by the writer, or, in a database migrated from
-- an older version, by `klotski migrate`, which computes them group by group
-- from the engine; in a finished file they are never NULL.

-- Fewest straight moves to a solved layout; 0 when solved, -1 when the group
-- has none (as min_solution_step, the fewest steps).
ALTER TABLE layout ADD COLUMN min_straight_moves INTEGER;
-- Fewest cell moves to a solved layout; 0 when solved, -1 when none.
ALTER TABLE layout ADD COLUMN min_cell_moves INTEGER;
-- How many distinct minimum step sequences lead to a solved layout: 1 for a
-- solved layout (the empty sequence), 0 when the group has none.
ALTER TABLE layout ADD COLUMN n_min_step_sequences INTEGER;
-- The same in straight moves.
ALTER TABLE layout ADD COLUMN n_min_straight_sequences INTEGER;
-- The same in cell moves.
ALTER TABLE layout ADD COLUMN n_min_cell_sequences INTEGER;

-- The histograms count layouts by fewest straight moves and fewest cell
-- moves too: the column `step` is then a number of moves of that kind.
ALTER TABLE layout_group_histogram
    ADD COLUMN n_min_straight_moves INTEGER NOT NULL DEFAULT 0;
ALTER TABLE layout_group_histogram
    ADD COLUMN n_min_cell_moves INTEGER NOT NULL DEFAULT 0;
ALTER TABLE layout_class_histogram
    ADD COLUMN n_min_straight_moves INTEGER NOT NULL DEFAULT 0;
ALTER TABLE layout_class_histogram
    ADD COLUMN n_min_cell_moves INTEGER NOT NULL DEFAULT 0;

-- The rankings of the hardest layouts gain a ranking by min_straight_moves
-- and one by min_cell_moves (largest first, ties to the smaller id), beside
-- those by min_solution_step and farthest_step: rank 1 is the hardest
-- layout of the group or class in that metric.
ALTER TABLE layout_group_hardest
    ADD COLUMN by_min_straight_moves INTEGER REFERENCES layout;
ALTER TABLE layout_group_hardest
    ADD COLUMN by_min_cell_moves INTEGER REFERENCES layout;
ALTER TABLE layout_class_hardest
    ADD COLUMN by_min_straight_moves INTEGER REFERENCES layout;
ALTER TABLE layout_class_hardest
    ADD COLUMN by_min_cell_moves INTEGER REFERENCES layout;
