// The views other than a layout's: the start page, group, class, path and
// compose views, and the helpers they share with the layout's view.

import * as api from './api.js';
import { drawBoard } from './board.js';
import { barChart } from './chart.js';
import { el, link, plural } from './dom.js';
import { KINDS, cellAt, classOf, decode, encode, illegality, misfit, piece } from './code.js';
import { METRICS, metricOf } from './metric.js';
import { FAMOUS, dailySteps, puzzle, puzzleOfTheDay } from './puzzles.js';
import { dayOf, solvedList } from './puzzlemode.js';

const num = (key, n) => el('strong', { 'data-num': key }, n.toLocaleString('en'));

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
    lines.push(['It cannot be solved: no move of any piece ever brings the 2x2 block to the exit (', num('min-step', -1), ').']);
  } else if (s.min_step === 0) {
    lines.push(['It is solved: the 2x2 block is at the exit (', num('min-step', 0), ' steps to go).']);
  } else {
    lines.push(...metricsInWords(info, metric));
    lines.push(['The fewest steps can end in ', num('min-num', s.min_num),
      ` way${s.min_num === 1 ? '' : 's'}: ${s.min_num === 1 ? 'one arrangement' : 'that many arrangements'} of the other pieces with the 2x2 block at the exit (its nearest solved layouts).`]);
    lines.push(['Going on until the block first reaches the exit, by the shortest way there, it can arrive in ', num('solution-num', s.num),
      ` arrangement${s.num === 1 ? '' : 's'} (the solved layouts it reaches first).`]);
  }
  lines.push(['From here, the farthest you can get is ', num('farthest-step', f.step), ` step${f.step === 1 ? '' : 's'}; `,
    num('farthest-num', f.num), ` layout${f.num === 1 ? ' is' : 's are'} that far (its farthest layouts).`]);
  return lines;
}

/** The `data-num` key of each metric's fewest moves to solved. */
const NUM_KEYS = { step: 'min-step', straight: 'min-straight', cell: 'min-cell' };

/**
 * A solvable, unsolved layout's distance to solved in the three ways of
 * counting moves (steps, straight moves, cell moves), `metric` first, and
 * how many shortest solutions there are in each, as sentences. Counts past
 * 2^53 arrive rounded (JavaScript's numbers), so they read "about".
 */
function metricsInWords(info, metric) {
  const [first, ...others] = [METRICS[metric], ...Object.values(METRICS).filter((m) => m.name !== metric)];
  // Steps are what the game is played in; the other two are explained.
  const fewest = (m) => [num(NUM_KEYS[m.name], m.fewest(info)), ` ${m.unit}${m.fewest(info) === 1 ? '' : 's'}`,
    m.name === 'step' ? '' : ` (${m.what})`];
  const lines = [['Solving it takes at least ', ...fewest(first), '.']];
  const count = (m) => {
    const n = m.sequences(info);
    return [Number.isSafeInteger(n) ? '' : 'about ', num(`sequences-${m.name}`, n)];
  };
  lines.push(['Counted another way: at least ', ...fewest(others[0]), ', or ', ...fewest(others[1]), '.']);
  const n = first.sequences(info);
  lines.push([n === 1 ? 'Only ' : '', ...count(first), ` way${n === 1 ? '' : 's'} to solve it in the fewest ${first.unit}s`,
    ...others.flatMap((m) => [', ', ...count(m), ` in the fewest ${m.unit}s`]),
    n === 1 ? `: the shortest solution in ${first.unit}s is unique.` : '.']);
  return lines;
}

/**
 * Shows an error as the whole view: what is wrong (an API error's
 * explanation, or what is wrong with the address), the find box, and the
 * way back.
 */
export function showError(view, error) {
  const title = error.error === 'different_groups' ? 'No path: the two layouts are in different groups'
    : error.error === 'bad_address' ? 'Nothing at this address'
      : error.status === 404 ? 'Not in this database' : 'Cannot show this';
  view.replaceChildren(el('div', { class: 'error-view', 'data-error': error.error ?? 'error' },
    el('h1', {}, title),
    el('p', {}, error.message),
    el('form', { class: 'find', role: 'search', 'data-find-again': '' },
      el('label', { for: 'find-again' }, 'Find a layout'),
      el('input', { id: 'find-again', name: 'q', autocomplete: 'off', spellcheck: 'false', placeholder: 'a code, a name or 横刀立马' }),
      el('button', { type: 'submit' }, 'Open'),
      el('p', { class: 'error', role: 'alert', hidden: '' })),
    el('p', {}, link('/ui/', 'Back to the start page'))));
}

/** A small board linking to a layout's view. */
export function thumb(code, ...caption) {
  return el('li', { class: 'thumb' },
    link(`/ui/case/${code}`, drawBoard(decode(code), { small: true, label: code }), el('span', {}, code)),
    ...caption);
}

/** The start page: famous layouts, puzzles, the hardest layouts, the totals. */
export async function startView(view, navigate, signal) {
  view.replaceChildren(el('h1', {}, 'Klotski 华容道: every layout, solved'),
    el('p', {}, 'Slide the pieces until the 2x2 block reaches the exit at the bottom. Open a layout to play it, ask for hints, or watch a minimum solution.'));
  const stats = await api.stats(signal);
  const held = new Set(stats.classes.map((c) => c.name));
  const famous = el('ul', { class: 'thumbs', 'data-famous': '' });
  view.append(el('section', {}, el('h2', {}, 'Famous layouts'), famous));
  for (const [code, name, pinyin, english] of FAMOUS) {
    const note = el('span', { class: 'note' }, el('span', { lang: 'zh' }, name), ` ${pinyin} · ${english}`);
    famous.append(thumb(code, note));
    const kind = classOf(decode(code));
    if (!held.has(kind)) {
      note.append(el('br'), `class ${kind} is not in this database`);
      continue;
    }
    api.caseInfo(code, signal).then(
      (info) => note.append(el('br'), el('span', { 'data-famous-steps': code }, `${info.solution.min_step} steps from solved`)),
      (error) => note.append(el('br'), el('span', { class: 'error' }, error.message)));
  }
  view.append(puzzles(stats, navigate));
  const t = stats.totals;
  const hardest = el('ul', { class: 'thumbs', 'data-hardest': '' },
    ...stats.classes.filter((c) => c.jiang === 5 && c.bing === 4 && c.max_min_solution_code)
      .map((c) => thumb(c.max_min_solution_code, el('span', { class: 'note' },
        el('span', { class: 'nowrap' }, 'class ', link(`/ui/class/${c.name}`, c.name)), ' ',
        el('span', { class: 'nowrap' }, `${c.max_min_solution_step} steps`)))));
  view.append(
    el('section', {}, el('h2', {}, 'The hardest layout of each standard class (5-4-*)'),
      hardest.children.length ? hardest : el('p', {}, 'This database holds no class 5-4-*.')),
    el('section', { 'data-totals': '' }, el('h2', {}, 'In this database'),
      el('p', {}, `${plural(t.n_layouts, 'layout')} in ${plural(t.n_groups, 'group')} of ${plural(t.n_classes, 'class')}` +
        `${stats.partial ? ' (a partial database)' : ''}; ${plural(t.n_solved, 'solved layout')}.`),
      el('ul', { class: 'classes' }, ...stats.classes.map((c) => el('li', {}, link(`/ui/class/${c.name}`, c.name))))));
}

/** The puzzles' form: a layout N steps from solved, of a class or any; the day's puzzle. */
function puzzles(stats, navigate) {
  const steps = el('input', { type: 'number', min: '1', max: '999', value: '20', name: 'steps', 'aria-label': 'Steps from solved', 'data-puzzle-steps': '' });
  const kind = el('select', { name: 'class', 'aria-label': 'Class', 'data-puzzle-class': '' },
    el('option', { value: '' }, 'any class'),
    ...stats.classes.filter((c) => c.max_min_solution_step > 0).map((c) => el('option', { value: c.name }, `class ${c.name}`)));
  const note = el('p', { class: 'error', 'data-puzzle-error': '', role: 'alert' });
  // The day's difficulty, shown before it starts (a database with nothing to solve says so when pressed).
  const daily = (() => {
    try {
      return `today's puzzle (${plural(dailySteps(stats), 'step')} from solved)`;
    } catch {
      return "today's puzzle";
    }
  })();
  // A puzzle opens in puzzle mode; the day's is named by its UTC day.
  const open = async (find, day = '1') => {
    note.textContent = 'Finding one…';
    try {
      navigate(`/ui/case/${await find()}?puzzle=${day}`);
    } catch (error) {
      note.textContent = error.message;
    }
  };
  return el('section', { 'data-puzzles': '' }, el('h2', {}, 'Puzzles'),
    el('form', { class: 'puzzle', onsubmit: (event) => { event.preventDefault(); open(() => puzzle(Number(steps.value), kind.value)); } },
      el('label', {}, 'A layout ', steps, ' steps from solved'), ' of ', kind, ' ',
      el('button', { type: 'submit', 'data-action': 'puzzle' }, 'Give me one'), ' or ',
      el('button', { type: 'button', 'data-action': 'daily', onclick: () => open(async () => (await puzzleOfTheDay()).code, dayOf()) }, daily)),
    note, solvedList());
}

/** The two charts of a group or class, or the server's reason there are none. */
async function charts(kind, name, signal) {
  const box = el('div', { class: 'charts' });
  try {
    const h = await api.histogram(kind, name, signal);
    box.append(
      barChart('Layouts by steps from solved (-1: cannot be solved)', h.min_solution_step, 'min-solution-step', 'steps from solved'),
      barChart('Layouts by steps to their farthest layout', h.farthest_step, 'farthest-step', 'steps to the farthest layout'));
  } catch (error) {
    box.append(el('p', { class: 'error', 'data-chart-error': '' }, `No charts: ${error.message}`));
  }
  return box;
}

export async function groupView(view, name, signal) {
  const g = await api.group(name, signal);
  document.title = `Group ${g.name} · Klotski`;
  const cases = el('ul', { class: 'thumbs', 'data-group-cases': '' });
  const more = el('button', { type: 'button', 'data-action': 'more' }, 'More layouts');
  let after = null;
  const page = async () => {
    const p = await api.groupCases(g.name, after, undefined, signal);
    cases.append(...p.cases.map((c) => thumb(c.code, el('span', { class: 'note' },
      c.solution.min_step < 0 ? 'unsolvable' : `${c.solution.min_step} to solved`))));
    after = p.next;
    more.hidden = after == null;
  };
  more.addEventListener('click', page);
  const hardest = g.max_min_solution_code;
  view.replaceChildren(
    el('h1', {}, 'Group ', el('span', { 'data-group': '' }, g.name)),
    el('ul', { class: 'facts' },
      el('li', {}, `${plural(g.size, 'layout')}; the farthest two are ${plural(g.diameter, 'step')} apart: `, link(`/ui/graph/${hardest ?? g.smallest_code}`, 'see its graph'), '.'),
      el('li', {}, g.n_solved ? `${plural(g.n_solved, 'solved layout')}; the hardest layout needs ${plural(g.max_min_solution_step, 'step')}: ` : 'No solved layout: nothing in it can be solved.',
        hardest ? link(`/ui/case/${hardest}`, hardest) : ''),
      el('li', {}, 'Smallest code ', link(`/ui/case/${g.smallest_code}`, g.smallest_code), '.'),
      el('li', {}, g.is_self_mirror ? 'It is its own mirror image.' : ['Mirror group ', link(`/ui/group/${g.mirror_group}`, g.mirror_group), '.']),
      el('li', {}, 'Class ', link(`/ui/class/${g.jiang}-${g.bing}-${g.style}`, `${g.jiang}-${g.bing}-${g.style}`), `, group number ${g.group_num}.`)),
    await charts('group', g.name, signal),
    el('section', {}, el('h2', {}, 'Its layouts'), cases, more));
  await page();
}

export async function classView(view, name, signal) {
  const stats = await api.stats(signal);
  const c = stats.classes.find((row) => row.name === name);
  if (!c) {
    // The server's explanation of a class it does not hold.
    await api.histogram('class', name, signal);
    throw new Error(`This database holds no class ${name}.`);
  }
  document.title = `Class ${c.name} · Klotski`;
  const list = el('ul', { class: 'groups', 'data-groups': '' });
  const more = el('button', { type: 'button', 'data-action': 'more' }, 'More groups');
  let after = null;
  const page = async () => {
    const p = await api.groups(c.jiang, c.bing, c.style, after, undefined, signal);
    list.append(...p.groups.map((g) => el('li', {}, link(`/ui/group/${g.name}`, g.name),
      `: ${plural(g.size, 'layout')}, ${g.n_solved ? `hardest ${g.max_min_solution_step} steps` : 'unsolvable'}`)));
    after = p.next;
    more.hidden = after == null;
  };
  more.addEventListener('click', page);
  view.replaceChildren(
    el('h1', {}, 'Class ', el('span', { 'data-class': '' }, c.name)),
    el('p', {}, `${c.jiang} two-cell pieces (${c.style} of them 2x1), ${c.bing} 1x1 pieces: ` +
      `${plural(c.n_layouts, 'layout')} in ${plural(c.n_groups, 'group')}, ${c.n_solvable_groups} with a solved layout; ` +
      `the largest group has ${plural(c.largest_group_size, 'layout')}.`),
    ...(c.max_min_solution_code ? [el('p', {}, `The hardest layout needs ${plural(c.max_min_solution_step, 'step')}: `,
      link(`/ui/case/${c.max_min_solution_code}`, c.max_min_solution_code))] : []),
    await charts('class', c.name, signal),
    el('section', {}, el('h2', {}, 'Its groups'), list, more));
  await page();
}

/** A shortest path between two layouts, in the metric of the address or the one chosen last. */
export async function pathView(view, from, to, signal) {
  const { metric, wrong } = metricOf(new URLSearchParams(location.search));
  const unit = METRICS[metric].unit;
  // The address says the metric, so that it shows the same path anywhere.
  history.replaceState(history.state, '', `${location.pathname}${metric === 'step' ? '' : `?metric=${metric}`}`);
  const p = await api.path(from, to, metric, signal);
  document.title = `Path ${p.from} to ${p.to} · Klotski`;
  let k = 0;
  let playing = false;
  const board = el('div', { class: 'board-wrap' });
  const counter = el('p', { 'data-path-step': '' });
  // The list scrolls: one stop of the tab order, so that a keyboard scrolls it too.
  const steps = el('ol', { class: 'solution', tabindex: '0', 'aria-label': 'The steps' }, ...p.moves.map((m) => el('li', {}, m.text)));
  const show = () => {
    board.replaceChildren(drawBoard(decode(p.layouts[k]), { label: p.layouts[k] }));
    counter.replaceChildren(`${unit[0].toUpperCase()}${unit.slice(1)} ${k} of ${p.step}: `, link(`/ui/case/${p.layouts[k]}`, p.layouts[k]));
    [...steps.children].forEach((li, i) => { li.className = i < k ? 'done' : i === k ? 'next' : ''; });
    // The list follows the step, inside itself, without scrolling the page.
    const next = steps.children[k];
    if (next) steps.scrollTop = next.offsetTop - steps.offsetTop - steps.clientHeight / 2;
  };
  const go = (n) => { k = Math.max(0, Math.min(p.step, n)); show(); };
  const button = (text, action, onclick) => el('button', { type: 'button', 'data-action': action, onclick }, text);
  view.replaceChildren(
    el('h1', {}, 'A shortest path: ', plural(p.step, unit)),
    el('p', {}, 'From ', link(`/ui/case/${p.from}`, p.from), ' to ', link(`/ui/case/${p.to}`, p.to), '.'),
    // replaceChildren would write a null as the text "null".
    ...(wrong ? [el('p', { class: 'error', 'data-metric-error': '' }, wrong)] : []),
    // As in the layout view, the board and its buttons stay in sight (phones).
    el('div', { class: 'game' }, el('div', { class: 'board-column' }, board, counter,
      el('div', { class: 'controls' },
        button('Start', 'first', () => go(0)), button('Back', 'prev', () => go(k - 1)),
        button('Next', 'next', () => go(k + 1)),
        button('Play', 'play', async () => {
          playing = true;
          while (playing && k < p.step && !signal.aborted) {
            go(k + 1);
            await new Promise((done) => setTimeout(done, METRICS[metric].playbackMs));
          }
          playing = false;
        }),
        button('Stop', 'stop', () => { playing = false; }))),
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
  const open = el('button', { type: 'button', 'data-action': 'open-composed' }, 'Open this layout');
  const undo = el('button', { type: 'button', 'data-action': 'undo-compose' }, 'Undo');
  const palette = el('fieldset', { class: 'palette' }, el('legend', {}, 'Piece to place'),
    ...[...Object.keys(KINDS), 'erase'].map((k) => el('label', {},
      el('input', { type: 'radio', name: 'kind', value: k, 'data-kind-choice': k, ...(k === kind ? { checked: '' } : {}), onchange: () => { kind = k; } }),
      k === 'erase' ? ' take away' : ` ${k}`)));
  let note = '';
  const show = () => {
    board.replaceChildren(drawBoard(pieces, { cells: true, focusCells: true, label: 'Board being composed' }));
    const why = illegality(pieces);
    const outside = !why && !held.has(classOf(pieces));
    open.disabled = why != null || outside;
    undo.disabled = !undone.length;
    status.className = why ? 'error' : 'ok';
    status.dataset.legal = why ? 'no' : 'yes';
    status.replaceChildren(...[note ? `${note}. ` : '',
      why ? `Not a legal layout: ${why}.` : ['Legal: code ', el('code', { 'data-composed-code': '' }, encode(pieces)), '.'],
      outside ? ` Its class, ${classOf(pieces)}, is not in this database.` : ''].flat());
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
        note = `Nothing to take away at ${at}`;
      }
    } else if (covering) {
      // A piece is replaced only on purpose: with "take away" first.
      note = `Cannot place: the ${covering.kind} at ${covering.id} is there (choose "take away" to remove it)`;
    } else {
      const [x, y] = cellAt(at);
      const p = piece(kind, x, y);
      const wrong = misfit(pieces, p);
      if (wrong) {
        note = `Cannot place: ${wrong}`;
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
  document.title = 'Compose · Klotski';
  view.replaceChildren(
    el('h1', {}, 'Compose a layout'),
    el('p', {}, 'Choose a piece, then click the cell for its top-left corner (or Tab to it and press Enter); choose "take away", then click a piece to remove it.'),
    el('div', { class: 'play' }, el('div', { class: 'compose-board' }, board, status), el('div', { class: 'side' }, palette,
      el('div', { class: 'buttons' }, open, undo,
        el('button', { type: 'button', 'data-action': 'clear', onclick: () => { undone.push(pieces); pieces = []; note = ''; show(); } }, 'Clear')))));
  show();
}
