// Puzzles: the famous layouts and their names (find.js looks them up), a
// layout a chosen number of steps from solved, and the puzzle of the day.
// All from the documented API: a layout N steps from solved is the layout
// N steps before the end of a minimum solution that starts farther away.

import * as api from './api.js';
import { plural, t } from './i18n.js';
import { dayOf } from './puzzlemode.js';

/**
 * The famous layouts: code, name, pinyin, English. Their boards and step
 * counts (81, 138, 70, 72, 60) are checked against the published ones on
 * the full database.
 */
export const FAMOUS = [
  ['1A9BF0C00', '横刀立马', 'héng dāo lì mǎ', 'Across the bridge on horseback'],
  ['4FEA13400', '峰回路转', 'fēng huí lù zhuǎn', 'The path winds round the peaks'],
  ['1ADEF8000', '指挥若定', 'zhǐ huī ruò dìng', 'Commanding with composure'],
  ['1FA6F8000', '兵分三路', 'bīng fēn sān lù', 'Soldiers in three columns'],
  ['1AFF98000', '齐头并进', 'qí tóu bìng jìn', 'Advancing abreast'],
];

/** A random number generator in [0, 1) from a 32-bit seed (mulberry32). */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (list, random) => list[Math.floor(random() * list.length)];

/**
 * The code of a layout exactly `steps` steps from solved, of class `kind`
 * (`J-B-S`, or '' for any class): a random group of the class that reaches
 * that far, a random page of its layouts, one at least that far from
 * solved (the group's hardest when the page has none), and the layout
 * `steps` steps before the end of its minimum solution.
 */
export async function puzzle(steps, kind = '', random = Math.random) {
  if (!Number.isInteger(steps) || steps < 1) throw new Error(t('puzzleAtLeastOne'));
  const stats = await api.stats();
  const classes = stats.classes.filter((c) => c.max_min_solution_step >= steps && (!kind || c.name === kind));
  if (!classes.length) {
    const among = stats.classes.filter((c) => !kind || c.name === kind);
    const most = Math.max(-1, ...among.map((c) => c.max_min_solution_step));
    throw new Error(t('noPuzzle', kind, plural(steps, 'step'), most));
  }
  const c = pick(classes, random);
  const groups = (await api.groups(c.jiang, c.bing, c.style, null, 100)).groups.filter((g) => g.max_min_solution_step >= steps);
  let from = c.max_min_solution_code;
  if (groups.length) {
    const g = pick(groups, random);
    from = g.max_min_solution_code;
    const page = await api.groupCases(g.name, Math.floor(random() * g.size), 100);
    const far = page.cases.filter((layout) => layout.solution.min_step >= steps);
    if (far.length) from = pick(far, random).code;
  }
  const solution = await api.solution(from);
  return solution.layouts[solution.min_solution_step - steps];
}

/**
 * The difficulty of the puzzle of `day` (`YYYY-MM-DD`, the player's own
 * day), and the random numbers that then pick its layout: the same for
 * everyone whose calendar shows that day.
 */
function daily(stats, day) {
  const random = seeded((Date.parse(`${day}T00:00:00Z`) / 86400000) * 2654435761);
  const most = Math.max(...stats.classes.map((c) => c.max_min_solution_step));
  if (most < 1) throw new Error(t('nothingToSolve'));
  return { steps: Math.min(most, 30 + Math.floor(random() * 60)), random };
}

/** How many steps from solved the puzzle of `day` is (`stats`: the API's `/stats`), known before it is looked for. */
export const dailySteps = (stats, day = dayOf()) => daily(stats, day).steps;

/** The puzzle of `day` (the player's today by default): its steps and code. */
export async function puzzleOfTheDay(day = dayOf()) {
  const { steps, random } = daily(await api.stats(), day);
  return { steps, code: await puzzle(steps, '', random) };
}
