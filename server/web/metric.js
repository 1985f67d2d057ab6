// The three ways of counting moves (docs/spec.md, "Steps"): a step (one
// piece any distance, turns allowed), a straight move (one piece any
// distance in one direction) and a cell move (one piece one cell); which
// one the layout view counts in, and what each reads from the API.

import { t } from './i18n.js';

/**
 * Each metric: its name in the API, its words, the milliseconds between
 * its moves played back (shorter moves, quicker), and its numbers in a
 * layout's JSON.
 */
export const METRICS = {
  step: {
    name: 'step', unit: 'step', label: t('labelStep'), what: t('whatStep'), playbackMs: 450,
    fewest: (info) => info.solution.min_step,
    sequences: (info) => info.metrics.n_min_step_sequences,
  },
  straight: {
    name: 'straight', unit: 'straightMove', label: t('labelStraight'), what: t('whatStraight'), playbackMs: 400,
    fewest: (info) => info.metrics.min_straight_moves,
    sequences: (info) => info.metrics.n_min_straight_sequences,
  },
  cell: {
    name: 'cell', unit: 'cellMove', label: t('labelCell'), what: t('whatCell'), playbackMs: 300,
    fewest: (info) => info.metrics.min_cell_moves,
    sequences: (info) => info.metrics.n_min_cell_sequences,
  },
};

/**
 * How many moves of `metric` a game's step is: 1 step, or the fewest
 * straight or cell moves of its piece alone from where the step began to
 * where it ended (`lengths`: code.js's `{straight, cells}` of the step).
 */
export function stepLength(metric, lengths) {
  return metric === 'step' ? 1 : metric === 'straight' ? lengths.straight : lengths.cells;
}

/** Where the browser remembers the metric chosen. */
const REMEMBERED = 'klotski.metric';

/** The metric of this visit: the last one chosen or opened by address. */
let current = null;

function remembered() {
  try {
    return localStorage.getItem(REMEMBERED);
  } catch {
    return null;
  }
}

/**
 * The metric a view opened with `query` counts in, and what is wrong with
 * the address's: its `metric=` when it names one (it stays for this
 * visit), else the one chosen last (the browser remembers it), else steps.
 */
export function metricOf(query) {
  const asked = query.get('metric');
  if (Object.hasOwn(METRICS, asked ?? '')) {
    current = asked;
    return { metric: asked, wrong: null };
  }
  current ??= Object.hasOwn(METRICS, remembered() ?? '') ? remembered() : 'step';
  const wrong = asked ? t('wrongMetric', asked, METRICS[current].label) : null;
  return { metric: current, wrong };
}

/** Chooses `metric` for this visit and the next. */
export function chooseMetric(metric) {
  current = metric;
  try {
    localStorage.setItem(REMEMBERED, metric);
  } catch {
    // A browser that keeps nothing still counts in it now.
  }
}
