// The layout view: a game on the board. The board plays by itself: steps
// are worked out here (code.js's `destinations`, checked against the API's
// `/moves` by the browser tests), so no input waits for the network and
// none is dropped. What the board shows beside the game (names, numbers,
// values of moves, hints, solutions) is the API's, and the values only on
// demand (analysis.js).
//
// A game is its address: `/ui/case/{start}?moves={from}{to}...&at={step}`
// and `&metric=` (gameUrl), kept current with history.replaceState, so a
// reload, the back button or a shared link opens the same game, undo and
// redo included, counted the same way.
//
// The game is kept as steps; its count in straight or cell moves adds up
// each step's fewest moves of that kind (metric.js), so it is exact for the
// layouts the player went through, however the piece was moved there.

import * as api from './api.js';
import { AnalysisPanel } from './analysis.js';
import { CELL, cellOfEvent, drawBoard, nextPiece, unitsPerPixel } from './board.js';
import { HEIGHT, WIDTH, cellAt, cellName, decode, destinations, encode, isSolved, moved } from './code.js';
import { explained, num, stepText, t, unitName } from './i18n.js';
import { METRICS, chooseMetric, metricOf, stepLength } from './metric.js';
import { MoveList, stepValue } from './movelist.js';
import { moveName, pieceNames } from './names.js';
import { FAMOUS } from './puzzles.js';
import { PuzzleMode, puzzleOf, puzzleParam } from './puzzlemode.js';
import { reviewChart } from './review.js';
import { el, link, plural } from './dom.js';

/** Milliseconds a piece takes to slide. */
const SLIDE_MS = 140;

/** One cell's offset for each arrow key. */
const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/**
 * The address of a game: its start, its steps, the step shown, the metric
 * counted in, and the `puzzle` value when it is a puzzle.
 */
export function gameUrl(start, steps, at, metric, puzzle = null) {
  const query = new URLSearchParams();
  if (puzzle) query.set('puzzle', puzzle);
  if (steps.length) query.set('moves', steps.map((s) => s.from + s.to).join(''));
  if (at < steps.length) query.set('at', String(at));
  if (metric !== 'step') query.set('metric', metric);
  const text = query.toString();
  return `/ui/case/${start}${text ? `?${text}` : ''}`;
}

/** At most 20 characters of `text`, for a note. */
const short = (text) => (text.length > 20 ? `${text.slice(0, 19)}…` : text);

/** Opens the layout view of `code` in `view`, with the game the address holds; `signal` aborts it when it is left. */
export async function layoutView(view, code, navigate, signal) {
  const info = await api.caseInfo(code, signal);
  const query = new URLSearchParams(location.search);
  const { metric, wrong: wrongMetric } = metricOf(query);
  const { puzzle, wrong: wrongPuzzle } = puzzleOf(query);
  const game = new Game(view, navigate, info, metric, puzzle, signal);
  const wrong = [game.restore(query), wrongMetric, wrongPuzzle].filter(Boolean).join(' ');
  game.build();
  game.render();
  if (wrong) game.say(wrong);
}

/** A game from one layout: its steps, the step shown, the metric it is counted in, and the input. */
class Game {
  constructor(view, navigate, startInfo, metric, puzzle, signal) {
    this.view = view;
    /** Aborted when the view is left: its requests and listeners end, its answers are dropped. */
    this.signal = signal;
    /** The puzzle the game is (puzzlemode.js's puzzleOf), or null. */
    this.puzzleKind = puzzle;
    this.navigate = navigate;
    this.startInfo = startInfo;
    this.start = startInfo.code;
    this.metric = metric;
    /**
     * The layouts of the game, the start first; `steps[i]` (`{from, to,
     * straight, cells}`: code.js's destination) leads from `codes[i]` to `codes[i + 1]`.
     */
    this.codes = [this.start];
    /** The pieces' names (names.js) in each layout of the game, kept as the pieces move. */
    this.names = [pieceNames(decode(this.start))];
    this.steps = [];
    this.pos = 0;
    this.pieces = decode(this.start);
    /** The piece the keyboard acts on, and the piece picked up (by click or Enter). */
    this.cursor = this.pieces[0].id;
    this.selected = null;
    this.hint = null;
    /** How many times the layout has been drawn: an answer is shown only for the last. */
    this.drawings = 0;
    /** Every input runs in order, each after the one before has finished. */
    this.queue = Promise.resolve();
    this.infos = new Map([[this.start, Promise.resolve(startInfo)]]);
    this.moveLists = new Map();
    /** Each step's value (movelist.js's stepValue) once the game is solved, until it changes. */
    this.values = null;
  }

  /**
   * Plays the steps the address holds and shows the step it names; a
   * sentence for each part that was not what it should be (the address is
   * then corrected as the game is drawn).
   */
  restore(query) {
    const moves = query.get('moves') ?? '';
    if (!/^([a-d][1-5]){0,}$/.test(moves) || moves.length % 4) {
      return t('movesNotSteps', short(moves));
    }
    const cells = moves.match(/[a-d][1-5]/g) ?? [];
    for (let i = 0; i + 1 < cells.length; i += 2) {
      if (!this.play(cells[i], cells[i + 1])) {
        return t('badStep', i / 2 + 1, cells[i], cells[i + 1]);
      }
    }
    const at = query.get('at');
    if (at == null) return null;
    const k = Number(at);
    if (!/^\d+$/.test(at) || k > this.pos) {
      return t('atNotStep', short(at), num(this.pos));
    }
    this.pos = k;
    this.pieces = decode(this.codes[k]);
    return null;
  }

  /** The code of the layout shown. */
  code() {
    return this.codes[this.pos];
  }

  /** The API's answer about `code`, asked once. */
  info(code) {
    return this.ask(this.infos, code, (c) => api.caseInfo(c, this.signal));
  }

  /** The API's moves of the metric from `code`, each with its value, asked once. */
  moves(code) {
    const metric = this.metric;
    return this.ask(this.moveLists, `${metric} ${code}`, async () => (await api.moves(code, metric, this.signal)).moves);
  }

  /** How many moves of the metric counted in step `i` of the game is. */
  stepLength(i) {
    return stepLength(this.metric, this.steps[i]);
  }

  /** The game's count in `metric` up to the step shown. */
  count(metric) {
    return this.steps.slice(0, this.pos).reduce((sum, step) => sum + stepLength(metric, step), 0);
  }

  /** `n` moves of the metric counted in, in words. */
  words(n) {
    return plural(n, METRICS[this.metric].unit);
  }

  /** Counts in `metric` from now on (and remembers it). */
  setMetric(metric) {
    if (!METRICS[metric] || metric === this.metric) return;
    chooseMetric(metric);
    this.metric = metric;
    this.values = null;
    this.metricChoice.value = metric;
    this.render();
  }

  ask(cache, key, load) {
    if (!cache.has(key)) {
      const answer = load(key);
      cache.set(key, answer);
      answer.catch(() => cache.delete(key));
    }
    return cache.get(key);
  }

  /** Runs `action` after every input before it; its error is said under the board. */
  enqueue(action) {
    this.queue = this.queue.then(() => (this.closed ? null : action())).catch((error) => this.say(explained(error)));
    return this.queue;
  }

  /**
   * Moves the piece at `from` to `to` if that is one step, and says
   * whether it was. Moving the piece the last step moved makes that step
   * longer instead (one piece's slides in a row are one step), or undoes it
   * when the piece is back where it was. The steps after the one shown are
   * dropped.
   */
  play(from, to) {
    if (!destinations(this.pieces, from).some((d) => d.id === to)) return false;
    const pieces = moved(this.pieces, from, to);
    this.values = null;
    this.codes.length = this.names.length = this.pos + 1;
    this.steps.length = this.pos;
    const last = this.steps[this.pos - 1];
    if (last && last.to === from) {
      this.codes.pop();
      this.names.pop();
      this.steps.pop();
      this.pos--;
      // The two slides joined are one step of the layout before the first.
      if (last.from !== to) this.push(decode(this.code()), last.from, to, pieces);
    } else {
      this.push(this.pieces, from, to, pieces);
    }
    this.pieces = pieces;
    return true;
  }

  /** Appends the step of the piece at `from` of `before` to `to`, which gives `after`. */
  push(before, from, to, after) {
    const { straight, cells } = destinations(before, from).find((d) => d.id === to);
    this.steps.push({ from, to, straight, cells });
    this.names.push(moveName(this.names[this.pos], from, to));
    this.codes.push(encode(after));
    this.pos++;
  }

  /** Plays a step and shows it, sliding the piece unless it was dragged there. */
  move(from, to, { slide = true, keepSelected = false } = {}) {
    if (!this.play(from, to)) {
      this.say(t('cannotGo', from, to));
      return false;
    }
    this.cursor = to;
    this.selected = keepSelected ? to : null;
    this.render(slide ? { from, to } : null);
    return true;
  }

  /** Shows step `pos` of the game. */
  jump(pos) {
    if (pos < 0 || pos >= this.codes.length || pos === this.pos) return;
    this.pos = pos;
    this.pieces = decode(this.code());
    this.selected = null;
    if (!this.pieces.some((p) => p.id === this.cursor)) this.cursor = this.pieces[0].id;
    this.render();
  }

  /** Back to the start with no step to redo: a puzzle tried again. */
  restartFresh() {
    this.codes.length = this.names.length = 1;
    this.steps.length = 0;
    this.values = null;
    // Past the start, so that jump draws it even when it is shown.
    this.pos = 1;
    this.jump(0);
  }

  /**
   * The start's name: its famous name, or the puzzle it is, or its code; as
   * HTML parts and as text. `shown`: the start is the layout shown, its code
   * then the view's `data-code`.
   */
  startName(shown = false) {
    const famous = FAMOUS.find(([code]) => code === this.start);
    const code = el('code', { 'data-start-code': '', ...(shown ? { 'data-code': '' } : {}) }, this.start);
    if (this.puzzle) {
      const parts = this.puzzle.title();
      return { parts: [...parts, ' ', code], text: parts.map((p) => p.textContent ?? p).join('') };
    }
    if (famous) {
      const [, name, pinyin] = famous;
      return { parts: [el('span', { lang: 'zh' }, name), ' ', ...(t('showPinyin') ? [el('span', { class: 'pinyin' }, pinyin), ' '] : []), code], text: name };
    }
    return { parts: [t('layoutWord'), code], text: this.start };
  }

  /** Builds the view's fixed parts once. */
  build() {
    const button = (text, action, onclick, title = text) =>
      el('button', { type: 'button', 'data-action': action, title, onclick }, text);
    this.boardWrap = el('div', { class: 'board-wrap', 'data-play-board': '' });
    this.countShown = el('span', { 'data-count': '' }, '0');
    this.otherCounts = el('span', { class: 'other-counts', 'data-other-counts': '' });
    this.metricChoice = el('select', {
      'aria-label': t('countIn'), 'data-metric-choice': '', title: t('countInTitle'),
      onchange: () => this.enqueue(() => this.setMetric(this.metricChoice.value)),
    }, ...Object.values(METRICS).map((m) => el('option', { value: m.name }, m.label)));
    this.metricChoice.value = this.metric;
    this.undoButton = button(t('undo'), 'undo', () => this.enqueue(() => this.jump(this.pos - 1)), t('undoTitle'));
    this.redoButton = button(t('redo'), 'redo', () => this.enqueue(() => this.jump(this.pos + 1)), t('redoTitle'));
    this.restartButton = button(t('restart'), 'restart', () => this.enqueue(() => this.jump(0)));
    this.hintButton = button(t('hint'), 'hint', () => this.enqueue(() => this.nextHint()), t('hintTitle'));
    this.note = el('p', { class: 'hint', 'data-hint': '', 'aria-live': 'polite' });
    this.solvedNote = el('div', { class: 'solved', 'data-solved': '', role: 'status', hidden: '' });
    this.head = el('div', { class: 'names' });
    this.moveList = new MoveList((k) => this.enqueue(() => this.jump(k)));
    this.puzzle = this.puzzleKind ? new PuzzleMode(this, this.puzzleKind) : null;
    this.analysis = new AnalysisPanel(this);
    this.view.replaceChildren(el('div', { class: 'game' },
      el('div', { class: 'board-column' }, this.boardWrap,
        el('div', { class: 'controls' },
          el('p', { class: 'counter' }, this.metricChoice, ' ', this.countShown, ' ', this.otherCounts),
          this.undoButton, this.redoButton, this.restartButton,
          this.hintButton),
        this.note),
      el('div', { class: 'side' }, this.head, this.puzzle?.element, this.solvedNote, this.moveList.element, this.analysis.element)));
    this.bindPointer();
    this.boardWrap.addEventListener('keydown', (event) => this.boardKey(event));
    this.boardWrap.addEventListener('focusin', (event) => {
      const id = event.target.closest('[data-piece]')?.dataset.piece;
      if (id) this.cursor = id;
    });
    document.addEventListener('keydown', (event) => this.pageKey(event), { signal: this.signal });
    // At phone width the board sticks smaller once the page is scrolled to read (style.css).
    const game = this.view.querySelector('.game');
    // The smaller board would make the page shorter, scrolled back to the top
    // and the big board again, over and over: the game keeps its height.
    addEventListener('scroll', () => {
      if (scrollY > 60 && !game.classList.contains('reading')) {
        game.style.minHeight = `${game.offsetHeight}px`;
        game.classList.add('reading');
      } else if (scrollY <= 0 && game.classList.contains('reading')) {
        game.classList.remove('reading');
        game.style.minHeight = '';
      }
    }, { passive: true, signal: this.signal });
    this.signal.addEventListener('abort', () => {
      // A playback or an answer still under way must not draw over the next view.
      this.closed = true;
      this.analysis.stop();
    }, { once: true });
  }

  /** Says `text` under the board; an `echo` of what is said beside it shows there on a phone only. */
  say(text, echo = false) {
    this.note.textContent = text;
    this.note.toggleAttribute('data-echo', echo);
  }

  /** Draws the layout shown, then fills in what the API says about it. */
  render(slide = null) {
    if (this.closed) return;
    this.hint = null;
    this.say('');
    this.draw(slide);
    const code = this.code();
    this.countShown.textContent = num(this.count(this.metric));
    this.otherCounts.textContent = Object.values(METRICS).filter((m) => m.name !== this.metric)
      .map((m) => plural(this.count(m.name), m.unit)).join(' · ');
    this.undoButton.disabled = this.restartButton.disabled = this.pos === 0;
    this.redoButton.disabled = this.pos >= this.codes.length - 1;
    history.replaceState(history.state, '', this.url(this.pos));
    const name = this.startName(this.pos === 0);
    const n = this.codes.length - 1;
    document.title = t('gameTab', name.text, this.pos, n);
    const solved = isSolved(this.pieces);
    this.hintButton.disabled = solved;
    this.boardWrap.classList.toggle('won', solved && this.pos > 0);
    this.showSolved(solved);
    // Also under the board, in sight on a phone.
    if (solved && this.pos > 0) this.say(t('solvedInExcl', this.words(this.count(this.metric))));
    // At the start the heading's code is the layout shown: not said twice.
    this.head.replaceChildren(el('h1', { 'data-game-name': '' }, ...name.parts),
      el('p', { class: 'position', 'data-position': '' }, ...(this.pos === 0 ? [t('theStart', n)]
        : [t('stepOfLayout', this.pos, n), el('code', { 'data-code': '' }, code)])));
    this.moveList.show(this.codes, this.steps, this.pos, this.values);
    // A puzzle's analysis would give it away: it opens once the puzzle is solved.
    this.analysis.element.hidden = this.puzzle != null && !(solved && this.pos > 0);
    this.puzzle?.judge().catch((error) => this.say(explained(error)));
    // Only the last drawing's answer is shown (the same layout may be drawn twice).
    const drawing = ++this.drawings;
    this.info(code).then((info) => {
      if (this.drawings === drawing && !this.closed) this.showNames(info);
    }, (error) => {
      if (this.drawings === drawing) this.say(explained(error));
    });
    if (!this.analysis.element.hidden) this.analysis.show(code);
  }

  /** The address of the game at step `at`. */
  url(at) {
    return gameUrl(this.start, this.steps, at, this.metric, this.puzzle ? puzzleParam(this.puzzleKind) : null);
  }

  showNames(info) {
    const kind = info.group.name.split('-').slice(0, 3).join('-');
    this.head.append(el('dl', {},
      el('dt', {}, t('shortCode')), el('dd', { 'data-short-code': '' }, info.short_code),
      el('dt', {}, t('classification')), el('dd', { 'data-classification': '' }, info.classification.name),
      el('dt', {}, t('group')), el('dd', {}, link(`/ui/group/${info.group.name}`, info.group.name),
        ...t('groupAside', plural(info.group.size, 'layout'), link(`/ui/class/${kind}`, kind)),
        link(`/ui/graph/${info.code}`, t('seeGraph'))),
      el('dt', {}, t('compose')), el('dd', {}, link(`/ui/compose/${info.code}`, t('editCopy')))));
  }

  /** The solved moment, and the review of the game that reached it. */
  showSolved(solved) {
    this.solvedNote.hidden = !solved;
    if (!solved) return;
    if (this.pos === 0) {
      this.solvedNote.replaceChildren(el('p', {}, t('layoutSolved')));
      return;
    }
    const count = this.count(this.metric);
    const fewest = METRICS[this.metric].fewest(this.startInfo);
    this.solvedNote.replaceChildren(
      el('p', { class: 'won-title' }, t('solvedInExcl', this.words(count))),
      el('p', {}, count === fewest ? t('fewestPossible') : t('fewestFromStart', num(fewest))),
      el('p', { class: 'all-counts', 'data-all-counts': '' }, t('inEveryCount', this.countsInWords(),
        Object.values(METRICS).map((m) => num(m.fewest(this.startInfo))).join(t('listComma')))));
    this.review();
  }

  /** The game up to the step shown in the three counts, in words. */
  countsInWords() {
    return Object.values(METRICS).map((m) => plural(this.count(m.name), m.unit)).join(t('listComma'));
  }

  /**
   * After solving: moves to solved over the game against the fewest, in
   * the metric counted in, with the slips marked: the steps that brought
   * the 2x2 block fewer moves nearer than they took.
   */
  async review() {
    const metric = METRICS[this.metric];
    const codes = this.codes.slice(0, this.pos + 1);
    const box = el('div', { class: 'review', 'data-review': '' }, el('p', {}, t('reviewing')));
    this.solvedNote.append(box);
    let infos;
    try {
      infos = await Promise.all(codes.map((c) => this.info(c)));
    } catch (error) {
      box.replaceChildren(el('p', { class: 'error' }, explained(error)));
      return;
    }
    const left = infos.map(metric.fewest);
    const lengths = this.steps.slice(0, this.pos).map((s) => stepLength(metric.name, s));
    const values = lengths.map((length, i) => stepValue(left[i], left[i + 1], length));
    const slips = [];
    values.forEach((value, i) => {
      if (value !== 'best') slips.push(i + 1);
    });
    if (this.codes.length === codes.length) {
      this.values = values;
      this.moveList.show(this.codes, this.steps, this.pos, values);
    }
    const step = (k) => {
      const s = this.steps[k - 1];
      const text = stepText(decode(this.codes[k - 1]).find((p) => p.id === s.from).kind, s.from, s.to);
      return metric.name === 'step' ? text : t('stepWithLength', text, this.words(lengths[k - 1]));
    };
    const how = (k) => left[k] > left[k - 1] ? t('wentFarther') : left[k] === left[k - 1] ? t('cameNoNearer')
      : t('cameOnly', this.words(left[k - 1] - left[k]));
    box.replaceChildren(
      el('h2', {}, t('review')),
      reviewChart(left, lengths, metric),
      slips.length
        ? el('ul', { class: 'slips', 'data-slips': '' }, ...slips.map((k) => el('li', { 'data-slip': String(k) },
          t('slip', k, step(k), how(k), num(left[k - 1]), this.words(left[k])),
          link(this.url(k - 1), t('replay')))))
        : el('p', { 'data-slips': '' }, metric.name === 'step' ? t('perfectSteps') : t('perfectOther', unitName(metric.unit))));
    // On a wide screen the page scrolls the review into sight (on a phone it is a panel of its own).
    if (matchMedia('(min-width: 40rem)').matches) box.scrollIntoView({ block: 'nearest' });
  }

  /** Draws the board; `slide` (`{from, to}`) animates the piece that just moved. */
  draw(slide = null) {
    const hadFocus = this.boardWrap.contains(document.activeElement);
    let selected = this.selected;
    let dests = selected == null ? [] : destinations(this.pieces, selected);
    if (this.hint?.level === 2) {
      selected = this.hint.move.from;
      dests = [{ id: this.hint.move.to, ...xy(this.hint.move.to) }];
    }
    const piece = this.pieces.find((p) => p.id === selected);
    const svg = drawBoard(this.pieces, {
      cells: true,
      selected,
      tabStop: this.cursor,
      marked: this.hint ? this.hint.move.from : null,
      arrow: this.hint?.level === 2 ? { from: this.hint.move.from, to: this.hint.move.to } : null,
      dests: dests.map((d) => ({ to: d.id, x: d.x, y: d.y, w: piece.w, h: piece.h, text: stepText(piece.kind, selected, d.id) })),
      label: t('boardOf', this.code()),
      names: this.names[this.pos],
    });
    this.boardWrap.replaceChildren(svg);
    if (slide && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
      const [x0, y0] = cellAt(slide.from);
      const [x1, y1] = cellAt(slide.to);
      svg.querySelector(`[data-piece="${slide.to}"]`)?.animate(
        [{ transform: `translate(${(x0 - x1) * CELL}px, ${(y0 - y1) * CELL}px)` }, { transform: 'translate(0, 0)' }],
        { duration: SLIDE_MS, easing: 'ease-out' });
    }
    // The focus stays on the board, on the piece the keyboard acts on.
    if (hadFocus) svg.querySelector(`[data-piece="${this.cursor}"]`)?.focus({ preventScroll: true });
  }

  /** The piece whose destinations the board shows: the one picked up, or the hint's. */
  lifted() {
    return this.selected ?? (this.hint?.level === 2 ? this.hint.move.from : null);
  }

  /** Picks up the piece `id` (showing where it can go), or puts it down. */
  pick(id) {
    this.selected = id;
    if (id != null) this.cursor = id;
    this.draw();
    const piece = this.pieces.find((p) => p.id === id);
    if (piece && !destinations(this.pieces, id).length) {
      this.say(t('blocked', t(`piece${piece.kind}`), id));
    } else if (id != null) {
      this.say('');
    }
  }

  /** Keys on the board: Enter picks up and puts down, arrows slide or move the focus. */
  boardKey(event) {
    const target = event.target;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const dest = target.dataset?.dest;
      const id = target.closest?.('[data-piece]')?.dataset.piece;
      if (dest) this.enqueue(() => this.move(this.lifted(), dest));
      else if (id) this.enqueue(() => this.pick(this.selected === id ? null : id));
    } else if (ARROWS[event.key] && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      this.enqueue(() => this.arrow(ARROWS[event.key]));
    }
  }

  /** An arrow key: the piece picked up slides a cell (within one step), else the focus moves. */
  arrow([dx, dy]) {
    const p = this.pieces.find((q) => q.id === (this.selected ?? this.cursor));
    if (!p) return;
    if (this.selected != null) {
      const to = cellName(p.x + dx, p.y + dy);
      const inside = p.x + dx >= 0 && p.y + dy >= 0 && p.x + dx + p.w <= WIDTH && p.y + dy + p.h <= HEIGHT;
      if (inside && destinations(this.pieces, p.id).some((d) => d.id === to)) {
        this.move(p.id, to, { keepSelected: true });
      }
      return;
    }
    const next = nextPiece(this.pieces, p.id, [dx, dy]);
    if (next) {
      this.cursor = next;
      this.boardWrap.querySelector('svg').querySelectorAll('[data-piece]').forEach((g) => {
        g.setAttribute('tabindex', g.dataset.piece === next ? '0' : '-1');
      });
      this.boardWrap.querySelector(`[data-piece="${next}"]`)?.focus({ preventScroll: true });
    }
  }

  /** Keys anywhere in the view: z and y undo and redo, Escape puts the piece down. */
  pageKey(event) {
    if (event.target.closest?.('input, textarea, select') || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'z') this.enqueue(() => this.jump(this.pos - 1));
    else if (event.key === 'y') this.enqueue(() => this.jump(this.pos + 1));
    else if (event.key === 'Escape') this.enqueue(() => this.pick(null));
  }

  /**
   * Pointer play: drag a piece (it follows the pointer only through the
   * positions it can reach in one step, and snaps to the nearest), or
   * click a piece, then a round handle or a cell its destination covers.
   */
  bindPointer() {
    let drag = null;
    this.boardWrap.addEventListener('pointerdown', (event) => {
      const g = event.target.closest('[data-piece]');
      if (!g || event.button !== 0) return;
      const p = this.pieces.find((q) => q.id === g.dataset.piece);
      drag = { p, g, x: event.clientX, y: event.clientY, moved: false, reach: [{ x: p.x, y: p.y, id: p.id }, ...destinations(this.pieces, p.id)], at: null };
      g.setPointerCapture?.(event.pointerId);
    });
    this.boardWrap.addEventListener('pointermove', (event) => {
      if (!drag) return;
      const px = event.clientX - drag.x;
      const py = event.clientY - drag.y;
      if (!drag.moved && Math.hypot(px, py) < 6) return;
      drag.moved = true;
      const scale = unitsPerPixel(this.boardWrap.firstChild) / CELL;
      const [ox, oy] = follow(drag.p, drag.reach, px * scale, py * scale);
      drag.at = snap(drag.p, drag.reach, px * scale, py * scale);
      drag.g.style.transform = `translate(${ox * CELL}px, ${oy * CELL}px)`;
      drag.g.classList.add('dragging');
    });
    const end = (event) => {
      const d = drag;
      drag = null;
      if (!d) {
        if (event.type === 'pointerup') this.clickCell(event);
        return;
      }
      if (!d.moved) {
        this.enqueue(() => this.pick(this.selected === d.p.id ? null : d.p.id));
      } else if (d.at && d.at.id !== d.p.id) {
        this.enqueue(() => this.move(d.p.id, d.at.id, { slide: false }));
      } else {
        d.g.classList.remove('dragging');
        d.g.style.transform = '';
      }
    };
    this.boardWrap.addEventListener('pointerup', end);
    this.boardWrap.addEventListener('pointercancel', end);
  }

  clickCell(event) {
    const dest = event.target.closest('[data-dest]');
    if (dest) {
      this.enqueue(() => this.move(this.lifted(), dest.dataset.dest));
      return;
    }
    const cell = cellOfEvent(this.boardWrap.firstChild, event);
    this.enqueue(() => {
      if (this.selected == null) return;
      const p = this.pieces.find((q) => q.id === this.selected);
      // The nearest destination whose piece would cover the cell.
      const covering = cell && destinations(this.pieces, this.selected).find((d) =>
        cell[0] >= d.x && cell[0] < d.x + p.w && cell[1] >= d.y && cell[1] < d.y + p.h);
      if (covering) this.move(this.selected, covering.id);
      else this.pick(null);
    });
  }

  /** The hints, one level a press: which piece, then where, then the move itself. */
  async nextHint() {
    const code = this.code();
    const best = (await this.moves(code)).find((m) => m.best);
    if (this.code() !== code) return;
    if (!best) {
      this.say(isSolved(this.pieces) ? t('alreadySolved') : t('noneNearer', unitName(METRICS[this.metric].unit)));
      return;
    }
    const level = (this.hint?.level ?? 0) + 1;
    const { move } = best;
    this.puzzle?.hinted();
    if (level === 3) {
      this.move(move.from, move.to);
      return;
    }
    this.hint = { level, move };
    this.selected = null;
    this.draw();
    this.say(level === 1
      ? t('hintPiece', t(`piece${move.piece}`), move.from)
      : t('hintMove', stepText(move.piece, move.from, move.to)));
  }
}

/** The top-left cell `{x, y}` of a cell name. */
function xy(name) {
  const [x, y] = cellAt(name);
  return { x, y };
}

/** The reachable position (of `reach`, the start first) nearest to the start moved by `(dx, dy)` cells. */
function snap(p, reach, dx, dy) {
  let best = reach[0];
  let distance = Infinity;
  for (const r of reach) {
    const d = Math.hypot(p.x + dx - r.x, p.y + dy - r.y);
    if (d < distance - 1e-9) [best, distance] = [r, d];
  }
  return best;
}

/**
 * Where a dragged piece is drawn, as an offset in cells: at the nearest
 * reachable position, eased along one axis towards the pointer only where
 * the next cell that way is reachable too, so it never shows over another
 * piece.
 */
function follow(p, reach, dx, dy) {
  const at = snap(p, reach, dx, dy);
  const rest = [p.x + dx - at.x, p.y + dy - at.y];
  const axis = Math.abs(rest[0]) >= Math.abs(rest[1]) ? 0 : 1;
  const sign = Math.sign(rest[axis]);
  const next = axis === 0 ? [at.x + sign, at.y] : [at.x, at.y + sign];
  const open = sign !== 0 && reach.some((r) => r.x === next[0] && r.y === next[1]);
  const ease = open ? Math.max(-0.5, Math.min(0.5, rest[axis])) : 0;
  return [at.x - p.x + (axis === 0 ? ease : 0), at.y - p.y + (axis === 1 ? ease : 0)];
}
