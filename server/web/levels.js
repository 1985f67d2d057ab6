// The level list at /ui/levels: every classic named layout of the
// database (the API's `/named`), grouped by difficulty from its fewest
// steps, each with its name, a small board and its fewest steps; the ones
// solved in this browser (progress.js) marked with the best steps and time.
// Filters (solved or not, by class) are the address's `?show=` and
// `?class=`; `?q=` lists the names holding a text. Loaded only when the list
// is opened, or when a solved level asks for the next one.

import * as api from './api.js';
import { drawBoard } from './board.js';
import { decode } from './code.js';
import { el, link, plural } from './dom.js';
import { num, t } from './i18n.js';
import { clock, resetSolves, solves } from './progress.js';
import { classWords, nameOf } from './titles.js';

/**
 * The difficulty bands, by fewest steps: a level of `from` steps or more
 * (and fewer than the next band's `from`) has `stars` stars. The bounds
 * follow the classic collections' spread: most classic layouts need 20 to
 * 120 steps, 横刀立马 81.
 */
export const BANDS = [
  { stars: 1, from: 1 },
  { stars: 2, from: 30 },
  { stars: 3, from: 60 },
  { stars: 4, from: 90 },
  { stars: 5, from: 120 },
];

/** The band of a level of `steps` fewest steps. */
const bandOf = (steps) => BANDS.findLast((band) => steps >= band.from);

/** The class `J-B-S` of a named entry, from its group's name. */
const classOfEntry = (entry) => entry.group.name.split('-').slice(0, 3).join('-');

/**
 * The levels: the classic layouts of the database whose names hold `q`
 * (all when empty) that can be solved and are not solved already, each
 * layout once (under its first name), the easiest first (the API's order).
 */
export async function levels(q = '', signal) {
  const all = [];
  let after = null;
  do {
    const page = await api.named(q, 1000, after, signal);
    all.push(...page.named);
    after = page.next;
  } while (after != null);
  const seen = new Set();
  return all.filter((entry) => entry.solution.min_step > 0 && !seen.has(entry.code) && seen.add(entry.code));
}

/**
 * The level after the layout `code` (a classic one) to play next: the
 * first not yet solved in this browser after it by difficulty, else the
 * first not yet solved before it; null when every other level is solved.
 */
export async function nextLevel(code, signal) {
  const list = await levels('', signal);
  const solved = solves();
  const at = list.findIndex((entry) => entry.code === code);
  return [...list.slice(at + 1), ...list.slice(0, Math.max(at, 0))]
    .find((entry) => entry.code !== code && !solved.has(entry.code)) ?? null;
}

/** The stars of a band, read out as "3 of 5 stars". */
const stars = (n) => el('span', { class: 'stars', role: 'img', 'aria-label': t('starsLabel', n) },
  '★'.repeat(n), el('span', { class: 'stars-off' }, '☆'.repeat(BANDS.length - n)));

/** A band's heading: its stars and its range of steps. */
function bandHeading(band, count) {
  const next = BANDS.find((b) => b.stars === band.stars + 1);
  return el('h2', { 'data-band': String(band.stars) }, stars(band.stars), ' ',
    next ? t('bandRange', num(band.from), plural(next.from - 1, 'step')) : t('bandFrom', plural(band.from, 'step')),
    el('span', { class: 'muted' }, t('bandCount', plural(count, 'level'))));
}

/** One level: its small board, name and fewest steps, and the player's best when solved. */
function levelItem(entry, solve) {
  const steps = entry.solution.min_step;
  return el('li', { class: `level${solve ? ' level-solved' : ''}`, 'data-level': entry.code },
    link(`/ui/case/${entry.code}`, drawBoard(decode(entry.code), { small: true, label: entry.code }),
      el('span', { class: 'level-name' }, ...nameOf(entry).parts)),
    el('span', { class: 'note' }, el('span', { 'data-level-steps': String(steps) }, plural(steps, 'step')),
      solve ? el('span', { class: 'level-best', 'data-level-best': String(solve.steps) },
        el('span', { 'aria-hidden': 'true' }, '✓ '), t('levelBest', plural(solve.steps, 'step'), clock(solve.ms))) : ''));
}

/** The level list in `view`, its filters from the address. */
export async function levelsView(view, signal) {
  document.title = t('levelsTab');
  const query = new URLSearchParams(location.search);
  const q = query.get('q')?.trim() ?? '';
  const list = await levels(q, signal);
  const classes = [...new Set(list.map(classOfEntry))].sort();
  const show = el('select', { name: 'show', 'data-filter-show': '' },
    ...['all', 'unsolved', 'solved'].map((value) => el('option', { value }, t(`levelsShow_${value}`))));
  const kind = el('select', { name: 'class', 'data-filter-class': '' }, el('option', { value: '' }, t('anyPieces')),
    ...classes.map((name) => el('option', { value: name }, classWords(name).map((part) => part.textContent ?? part).join(''))));
  show.value = ['unsolved', 'solved'].includes(query.get('show')) ? query.get('show') : 'all';
  kind.value = classes.includes(query.get('class')) ? query.get('class') : '';
  const summary = el('p', { 'data-levels-summary': '' });
  const bands = el('div', { class: 'bands', 'data-levels': '' });
  const reset = el('div', { class: 'reset', 'data-reset': '' });

  const draw = () => {
    const solved = solves();
    const shown = list.filter((entry) => (!kind.value || classOfEntry(entry) === kind.value)
      && (show.value === 'all' || (show.value === 'solved') === solved.has(entry.code)));
    const done = list.filter((entry) => solved.has(entry.code)).length;
    summary.textContent = t('levelsSolved', num(done), plural(list.length, 'level'));
    bands.replaceChildren(...BANDS.map((band) => {
      const inBand = shown.filter((entry) => bandOf(entry.solution.min_step) === band);
      return inBand.length ? el('section', { 'data-band-levels': String(band.stars) }, bandHeading(band, inBand.length),
        el('ul', { class: 'thumbs levels' }, ...inBand.map((entry) => levelItem(entry, solved.get(entry.code))))) : null;
    }).filter(Boolean));
    if (!shown.length) bands.append(el('p', { 'data-levels-none': '' }, list.length ? t('levelsNoneShown') : t('levelsNone')));
    drawReset(solved.size);
    // The address keeps the filters, so a reload or a link shows the same list.
    const address = new URLSearchParams();
    if (q) address.set('q', q);
    if (show.value !== 'all') address.set('show', show.value);
    if (kind.value) address.set('class', kind.value);
    history.replaceState(history.state, '', `/ui/levels${address.size ? `?${address}` : ''}`);
  };
  // Forgetting the solves asks first, in the page (no dialog box to miss).
  const drawReset = (n) => {
    const button = (text, action, onclick) => el('button', { type: 'button', 'data-action': action, onclick }, text);
    reset.replaceChildren(...(n ? [button(t('resetSolves'), 'reset-solves', () => reset.replaceChildren(
      el('p', { role: 'alert' }, t('resetConfirm', plural(n, 'solve'))),
      button(t('resetYes'), 'reset-yes', () => { resetSolves(); draw(); }), ' ',
      button(t('resetNo'), 'reset-no', () => drawReset(n))))] : []));
  };
  show.addEventListener('change', draw);
  kind.addEventListener('change', draw);
  view.replaceChildren(
    el('h1', {}, t('levelsTitle')),
    el('p', {}, t('levelsIntro')),
    ...(q ? [el('p', { 'data-levels-query': q }, t('levelsHolding', q), link('/ui/levels', t('levelsAll')))] : []),
    el('form', { class: 'filters', onsubmit: (event) => event.preventDefault() },
      el('label', {}, t('levelsShowLabel'), ' ', show), ' ', el('label', {}, t('piecesLabel'), ' ', kind)),
    summary, bands, reset);
  draw();
}
