// The views other than a layout's: the start page, group, class, path and
// compose views, and the helpers they share with the layout's view.

import * as api from './api.js';
import { drawBoard } from './board.js';
import { barChart } from './chart.js';
import { el, link, touchScreen } from './dom.js';
import { KINDS, cellAt, classOf, decode, encode, illegality, misfit, piece } from './code.js';
import { METRICS, metricOf } from './metric.js';
import { moveName, pieceNames } from './names.js';
import { FAMOUS, dailySteps, puzzle, puzzleOfTheDay } from './puzzles.js';
import { dayOf, solvedList } from './puzzlemode.js';
import { explained, num as format, largeCount, plural, pluralParts, stepText, t, unitName } from './i18n.js';

const num = (key, n) => el('strong', { 'data-num': key }, format(n));

/**
 * A layout's numbers as sentences a player reads, each a list of parts:
 * how few moves solve it in `metric` first, then in the other two counts,
 * the shortest solutions in each, and the five numbers (counted in steps).
 */
export function numbersInWords(info, metric) {
  const s = info.solution;
  const f = info.farthest;
  const lines = [];
  if (s.min_step < 0) {
    lines.push(t('wordsUnsolvable', num('min-step', -1)));
  } else if (s.min_step === 0) {
    lines.push(t('wordsSolved', num('min-step', 0)));
  } else {
    lines.push(...metricsInWords(info, metric));
    lines.push(t('wordsMinNum', num('min-num', s.min_num), s.min_num));
    lines.push(t('wordsSolutionNum', num('solution-num', s.num), s.num));
  }
  lines.push(t('wordsFarthest', num('farthest-step', f.step), f.step, num('farthest-num', f.num), f.num));
  return lines;
}

/** The `data-num` key of each metric's fewest moves to solved. */
const NUM_KEYS = { step: 'min-step', straight: 'min-straight', cell: 'min-cell' };

/**
 * A solvable, unsolved layout's distance to solved in the three ways of
 * counting moves (steps, straight moves, cell moves), `metric` first, and
 * how many shortest solutions there are in each, as sentences (i18n.js's
 * `largeCount`: "about" when rounded).
 */
function metricsInWords(info, metric) {
  const [first, ...others] = [METRICS[metric], ...Object.values(METRICS).filter((m) => m.name !== metric)];
  // Steps are what the game is played in; the other two are explained.
  const fewest = (m) => [...pluralParts(m.fewest(info), m.unit, num(NUM_KEYS[m.name], m.fewest(info))),
    m.name === 'step' ? '' : t('metricWhatAside', m.what)];
  const lines = [t('wordsAtLeast', fewest(first))];
  const count = (m) => {
    const [about, figure, magnitude] = largeCount(m.sequences(info));
    return [about, el('strong', { 'data-num': `sequences-${m.name}` }, figure), magnitude];
  };
  lines.push(t('wordsOtherCounts', fewest(others[0]), fewest(others[1])));
  lines.push(t('wordsSequences', first.sequences(info), first.unit, count(first), others.map((m) => [m.unit, count(m)])));
  return lines;
}

/**
 * Shows an error as the whole view: what is wrong (an API error's
 * explanation, or what is wrong with the address), the find box, and the
 * way back.
 */
export function showError(view, error) {
  const title = t(error.error === 'different_groups' ? 'errorNoPath'
    : error.error === 'bad_address' ? 'errorAddress'
      : error.status === 404 ? 'errorNotHeld' : 'errorOther');
  view.replaceChildren(el('div', { class: 'error-view', 'data-error': error.error ?? 'error' },
    el('h1', {}, title),
    el('p', {}, explained(error)),
    el('form', { class: 'find', role: 'search', 'data-find-again': '' },
      el('label', { for: 'find-again' }, t('findLabel')),
      el('input', { id: 'find-again', name: 'q', autocomplete: 'off', spellcheck: 'false', placeholder: t('findPlaceholder') }),
      el('button', { type: 'submit' }, t('open')),
      el('p', { class: 'error', role: 'alert', hidden: '' })),
    el('p', {}, link('/ui/', t('backToStart')))));
}

/** A small board linking to a layout's view. */
export function thumb(code, ...caption) {
  return el('li', { class: 'thumb' },
    link(`/ui/case/${code}`, drawBoard(decode(code), { small: true, label: code }), el('span', {}, code)),
    ...caption);
}

/** The start page: famous layouts, puzzles, the hardest layouts, the totals. */
export async function startView(view, navigate, signal) {
  view.replaceChildren(el('h1', {}, t('startTitle')), el('p', {}, t('startIntro')));
  const stats = await api.stats(signal);
  const held = new Set(stats.classes.map((c) => c.name));
  const famous = el('ul', { class: 'thumbs', 'data-famous': '' });
  view.append(el('section', {}, el('h2', {}, t('famousLayouts')), famous));
  for (const [code, name, pinyin, english] of FAMOUS) {
    const note = el('span', { class: 'note' }, el('span', { lang: 'zh' }, name), t('famousAside', pinyin, english));
    famous.append(thumb(code, note));
    const kind = classOf(decode(code));
    if (!held.has(kind)) {
      note.append(el('br'), ...t('classNotHeld', el('span', { class: 'nowrap' }, kind)));
      continue;
    }
    api.caseInfo(code, signal).then(
      (info) => note.append(el('br'), el('span', { 'data-famous-steps': code }, t('fromSolved', plural(info.solution.min_step, 'step')))),
      (error) => note.append(el('br'), el('span', { class: 'error' }, explained(error))));
  }
  view.append(puzzles(stats, navigate));
  const totals = stats.totals;
  const hardest = el('ul', { class: 'thumbs', 'data-hardest': '' },
    ...stats.classes.filter((c) => c.jiang === 5 && c.bing === 4 && c.max_min_solution_code)
      .map((c) => thumb(c.max_min_solution_code, el('span', { class: 'note' },
        el('span', { class: 'nowrap' }, t('classWord'), link(`/ui/class/${c.name}`, c.name)), ' ',
        el('span', { class: 'nowrap' }, t('fromSolved', plural(c.max_min_solution_step, 'step')))))));
  view.append(
    el('section', {}, el('h2', {}, t('hardestTitle')),
      hardest.children.length ? hardest : el('p', {}, t('noStandardClass'))),
    el('section', { 'data-totals': '' }, el('h2', {}, t('inThisDatabase')),
      el('p', {}, t('totals', plural(totals.n_layouts, 'layout'), plural(totals.n_groups, 'group'), plural(totals.n_classes, 'class'),
        stats.partial, plural(totals.n_solved, 'solvedLayout'))),
      el('ul', { class: 'classes' }, ...stats.classes.map((c) => el('li', {}, link(`/ui/class/${c.name}`, c.name))))));
}

/** The puzzles' form: a layout N steps from solved, of a class or any; the day's puzzle. */
function puzzles(stats, navigate) {
  const steps = el('input', { type: 'number', min: '1', max: '999', value: '20', name: 'steps', 'aria-label': t('stepsFromSolved'), 'data-puzzle-steps': '' });
  const kind = el('select', { name: 'class', 'aria-label': t('classLabel'), 'data-puzzle-class': '' },
    el('option', { value: '' }, t('anyClass')),
    ...stats.classes.filter((c) => c.max_min_solution_step > 0).map((c) => el('option', { value: c.name }, `${t('classWord')}${c.name}`)));
  const note = el('p', { class: 'error', 'data-puzzle-error': '', role: 'alert' });
  // The day's difficulty, shown before it starts (a database with nothing to solve says so when pressed).
  const daily = (() => {
    try {
      return t('dailyButton', plural(dailySteps(stats), 'step'));
    } catch {
      return t('dailyButtonPlain');
    }
  })();
  // A puzzle opens in puzzle mode; the day's is named by the player's own day.
  const open = async (find, day = '1') => {
    note.textContent = t('findingOne');
    try {
      navigate(`/ui/case/${await find()}?puzzle=${day}`);
    } catch (error) {
      note.textContent = explained(error);
    }
  };
  return el('section', { 'data-puzzles': '' }, el('h2', {}, t('puzzles')),
    el('form', { class: 'puzzle', onsubmit: (event) => { event.preventDefault(); open(() => puzzle(Number(steps.value), kind.value)); } },
      ...t('puzzleForm', (parts) => el('label', {}, ...parts), steps, kind),
      el('button', { type: 'submit', 'data-action': 'puzzle' }, t('giveMeOne')), t('or'),
      el('button', { type: 'button', 'data-action': 'daily', onclick: () => {
        const day = dayOf();
        open(async () => (await puzzleOfTheDay(day)).code, day);
      } }, daily)),
    note, solvedList());
}

/** The two charts of a group or class, or the server's reason there are none. */
async function charts(kind, name, signal) {
  const box = el('div', { class: 'charts' });
  try {
    const h = await api.histogram(kind, name, signal);
    box.append(
      barChart(t('chartBySolved'), h.min_solution_step, 'min-solution-step', t('axisFromSolved')),
      barChart(t('chartByFarthest'), h.farthest_step, 'farthest-step', t('axisToFarthest')));
  } catch (error) {
    box.append(el('p', { class: 'error', 'data-chart-error': '' }, t('noCharts', explained(error))));
  }
  return box;
}

export async function groupView(view, name, signal) {
  const g = await api.group(name, signal);
  document.title = t('groupTab', g.name);
  const cases = el('ul', { class: 'thumbs', 'data-group-cases': '' });
  const more = el('button', { type: 'button', 'data-action': 'more' }, t('moreLayouts'));
  let after = null;
  const page = async () => {
    const p = await api.groupCases(g.name, after, undefined, signal);
    cases.append(...p.cases.map((c) => thumb(c.code, el('span', { class: 'note' },
      c.solution.min_step < 0 ? t('unsolvable') : t('toSolved', plural(c.solution.min_step, 'step'))))));
    after = p.next;
    more.hidden = after == null;
  };
  more.addEventListener('click', page);
  const hardest = g.max_min_solution_code;
  view.replaceChildren(
    el('h1', {}, t('groupWord'), el('span', { 'data-group': '' }, g.name)),
    el('ul', { class: 'facts' },
      el('li', {}, ...t('groupSize', plural(g.size, 'layout'), plural(g.diameter, 'step'), link(`/ui/graph/${hardest ?? g.smallest_code}`, t('seeGraph')))),
      el('li', {}, g.n_solved ? t('groupSolved', plural(g.n_solved, 'solvedLayout'), plural(g.max_min_solution_step, 'step')) : t('groupNoSolved'),
        hardest ? link(`/ui/case/${hardest}`, hardest) : ''),
      el('li', {}, ...t('smallestCode', link(`/ui/case/${g.smallest_code}`, g.smallest_code))),
      el('li', {}, ...(g.is_self_mirror ? [t('ownMirror')] : t('mirrorGroup', link(`/ui/group/${g.mirror_group}`, g.mirror_group)))),
      el('li', {}, ...t('groupClass', link(`/ui/class/${g.jiang}-${g.bing}-${g.style}`, `${g.jiang}-${g.bing}-${g.style}`), format(g.group_num)))),
    await charts('group', g.name, signal),
    el('section', {}, el('h2', {}, t('itsLayouts')), cases, more));
  await page();
}

export async function classView(view, name, signal) {
  const stats = await api.stats(signal);
  const c = stats.classes.find((row) => row.name === name);
  if (!c) {
    // The server's explanation of a class it does not hold.
    await api.histogram('class', name, signal);
    throw new Error(t('noClass', name));
  }
  document.title = t('classTab', c.name);
  const list = el('ul', { class: 'groups', 'data-groups': '' });
  const more = el('button', { type: 'button', 'data-action': 'more' }, t('moreGroups'));
  let after = null;
  const page = async () => {
    const p = await api.groups(c.jiang, c.bing, c.style, after, undefined, signal);
    list.append(...p.groups.map((g) => el('li', {}, link(`/ui/group/${g.name}`, g.name),
      t('groupLine', plural(g.size, 'layout'), g.n_solved ? t('hardestSteps', plural(g.max_min_solution_step, 'step')) : t('unsolvable')))));
    after = p.next;
    more.hidden = after == null;
  };
  more.addEventListener('click', page);
  view.replaceChildren(
    el('h1', {}, t('classTitle'), el('span', { 'data-class': '' }, c.name)),
    el('p', {}, t('classSummary', c.jiang, c.style, c.bing, plural(c.n_layouts, 'layout'), plural(c.n_groups, 'group'),
      format(c.n_solvable_groups), plural(c.largest_group_size, 'layout'))),
    ...(c.max_min_solution_code ? [el('p', {}, t('classHardest', plural(c.max_min_solution_step, 'step')),
      link(`/ui/case/${c.max_min_solution_code}`, c.max_min_solution_code))] : []),
    await charts('class', c.name, signal),
    el('section', {}, el('h2', {}, t('itsGroups')), list, more));
  await page();
}

/** A shortest path between two layouts, in the metric of the address or the one chosen last. */
export async function pathView(view, from, to, signal) {
  const { metric, wrong } = metricOf(new URLSearchParams(location.search));
  const { unit } = METRICS[metric];
  // The address says the metric, so that it shows the same path anywhere.
  history.replaceState(history.state, '', `${location.pathname}${metric === 'step' ? '' : `?metric=${metric}`}`);
  const p = await api.path(from, to, metric, signal);
  document.title = t('pathTab', p.from, p.to);
  let k = 0;
  let playing = false;
  const board = el('div', { class: 'board-wrap' });
  const counter = el('p', { 'data-path-step': '' });
  // The list scrolls: one stop of the tab order, so that a keyboard scrolls it too.
  const steps = el('ol', { class: 'solution', tabindex: '0', 'aria-label': t('theSteps') }, ...p.moves.map((m) => el('li', {}, stepText(m.piece, m.from, m.to))));
  // Each piece keeps its name along the path.
  const names = [pieceNames(decode(p.layouts[0]))];
  p.moves.forEach((m, i) => names.push(moveName(names[i], m.from, m.to)));
  const show = () => {
    board.replaceChildren(drawBoard(decode(p.layouts[k]), { label: p.layouts[k], names: names[k] }));
    counter.replaceChildren(t('pathAt', unitName(unit), format(k), format(p.step)), link(`/ui/case/${p.layouts[k]}`, p.layouts[k]));
    [...steps.children].forEach((li, i) => { li.className = i < k ? 'done' : i === k ? 'next' : ''; });
    // The list follows the step, inside itself, without scrolling the page.
    const next = steps.children[k];
    if (next) steps.scrollTop = next.offsetTop - steps.offsetTop - steps.clientHeight / 2;
  };
  const go = (n) => { k = Math.max(0, Math.min(p.step, n)); show(); };
  const button = (text, action, onclick) => el('button', { type: 'button', 'data-action': action, onclick }, text);
  view.replaceChildren(
    el('h1', {}, t('pathTitle', plural(p.step, unit))),
    el('p', {}, ...t('pathFromTo', link(`/ui/case/${p.from}`, p.from), link(`/ui/case/${p.to}`, p.to))),
    // replaceChildren would write a null as the text "null".
    ...(wrong ? [el('p', { class: 'error', 'data-metric-error': '' }, wrong)] : []),
    // As in the layout view, the board and its buttons stay in sight (phones).
    el('div', { class: 'game' }, el('div', { class: 'board-column' }, board, counter,
      el('div', { class: 'controls' },
        button(t('pathStart'), 'first', () => go(0)), button(t('pathBack'), 'prev', () => go(k - 1)),
        button(t('pathNext'), 'next', () => go(k + 1)),
        button(t('play'), 'play', async () => {
          playing = true;
          while (playing && k < p.step && !signal.aborted) {
            go(k + 1);
            await new Promise((done) => setTimeout(done, METRICS[metric].playbackMs));
          }
          playing = false;
        }),
        button(t('stop'), 'stop', () => { playing = false; }))),
      el('div', { class: 'side' }, steps)));
  show();
}

/** Compose a layout on an empty board (or on a copy of `code`). */
export async function composeView(view, code, navigate, signal) {
  const held = new Set((await api.stats(signal)).classes.map((c) => c.name));
  let pieces = code ? decode(code) : [];
  const undone = [];
  let kind = '2x2';
  const board = el('div', { class: 'board-wrap', 'data-compose-board': '' });
  const status = el('p', { 'data-compose-status': '', role: 'status' });
  const open = el('button', { type: 'button', 'data-action': 'open-composed' }, t('openComposed'));
  const undo = el('button', { type: 'button', 'data-action': 'undo-compose' }, t('undoCompose'));
  const palette = el('fieldset', { class: 'palette' }, el('legend', {}, t('pieceToPlace')),
    ...[...Object.keys(KINDS), 'erase'].map((k) => el('label', {},
      el('input', { type: 'radio', name: 'kind', value: k, 'data-kind-choice': k, ...(k === kind ? { checked: '' } : {}), onchange: () => { kind = k; } }),
      ` ${k === 'erase' ? t('takeAway') : t(`palette${k}`)}`)));
  let note = '';
  const show = () => {
    board.replaceChildren(drawBoard(pieces, { cells: true, focusCells: true, label: t('composeBoard') }));
    const why = illegality(pieces);
    const outside = !why && !held.has(classOf(pieces));
    open.disabled = why != null || outside;
    undo.disabled = !undone.length;
    status.className = why ? 'error' : 'ok';
    status.dataset.legal = why ? 'no' : 'yes';
    status.replaceChildren(...[note ? t('composeNote', note) : '',
      why ? t('notLegal', why) : t('legal', el('code', { 'data-composed-code': '' }, encode(pieces))),
      outside ? t('composeNotHeld', classOf(pieces)) : ''].flat());
  };
  const change = (target) => {
    note = '';
    const at = target.dataset.piece ?? target.dataset.cell;
    const covering = target.dataset.piece ? pieces.find((p) => p.id === target.dataset.piece) : null;
    if (kind === 'erase') {
      if (covering) {
        undone.push(pieces);
        pieces = pieces.filter((p) => p !== covering);
      } else {
        note = t('nothingToTake', at);
      }
    } else if (covering) {
      // A piece is replaced only on purpose: with "take away" first.
      note = t('cannotPlaceThere', t(`piece${covering.kind}`), covering.id);
    } else {
      const [x, y] = cellAt(at);
      const p = piece(kind, x, y);
      const wrong = misfit(pieces, p);
      if (wrong) {
        note = t('cannotPlace', wrong);
      } else {
        undone.push(pieces);
        pieces = [...pieces, p];
      }
    }
    show();
    board.querySelector(`[data-cell="${at}"]`)?.focus();
  };
  board.addEventListener('click', (event) => {
    const target = event.target.closest('[data-piece], [data-cell]');
    if (target) change(target);
  });
  // By keyboard: Tab to a cell or a piece, Enter or Space to place or take away.
  board.addEventListener('keydown', (event) => {
    const target = event.target.closest('[data-piece], [data-cell]');
    if (!target || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    change(target);
  });
  undo.addEventListener('click', () => {
    if (!undone.length) return;
    pieces = undone.pop();
    note = '';
    show();
  });
  open.addEventListener('click', () => navigate(`/ui/case/${encode(pieces)}`));
  document.title = t('composeTab');
  view.replaceChildren(
    el('h1', {}, t('composeTitle')),
    el('p', {}, t('composeIntro', touchScreen())),
    el('div', { class: 'play' }, el('div', { class: 'compose-board' }, board, status), el('div', { class: 'side' }, palette,
      el('div', { class: 'buttons' }, open, undo,
        el('button', { type: 'button', 'data-action': 'clear', onclick: () => { undone.push(pieces); pieces = []; note = ''; show(); } }, t('clear'))))));
  show();
}
