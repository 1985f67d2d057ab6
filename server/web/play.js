// The layout view: a game (game.js) on the board, drawn for each step with
// what the API says beside it (names, numbers; values of moves, hints and
// solutions on demand: analysis.js, hints.js). Its address (address.js) is
// kept current.

import * as api from './api.js';
import { gameUrl, restore } from './address.js';
import { AnalysisPanel } from './analysis.js';
import { CELL, drawBoard } from './board.js';
import { cellAt, destinations, isSolved } from './code.js';
import { Game } from './game.js';
import { nextHint } from './hints.js';
import { explained, num, stepText, t } from './i18n.js';
import { bindInput } from './input.js';
import { METRICS, chooseMetric, metricOf } from './metric.js';
import { MoveList } from './movelist.js';
import { FAMOUS } from './puzzles.js';
import { PuzzleMode, puzzleOf } from './puzzlemode.js';
import { showSolved, solvedWords } from './review.js';
import { el, link, plural } from './dom.js';

/** Milliseconds a piece takes to slide. */
const SLIDE_MS = 140;

/** Opens the layout view of `code` in `view`, with the game the address holds; `signal` aborts it when it is left. */
export async function layoutView(view, code, navigate, signal) {
  const info = await api.caseInfo(code, signal);
  const query = new URLSearchParams(location.search);
  const { metric, wrong: wrongMetric } = metricOf(query);
  const { puzzle, wrong: wrongPuzzle } = puzzleOf(query);
  const game = new GameView(view, navigate, info, metric, puzzle, signal);
  const wrong = [restore(game, query), wrongMetric, wrongPuzzle].filter(Boolean).join(' ');
  game.build();
  game.render();
  if (wrong) game.say(wrong);
}

/** A game (game.js) in the layout view: its elements, the piece the player holds and the hint, drawn each step. */
class GameView extends Game {
  constructor(view, navigate, startInfo, metric, puzzle, signal) {
    super(startInfo.code, metric);
    this.view = view;
    /** Aborted when the view is left: its requests and listeners end, its answers are dropped. */
    this.signal = signal;
    /** The puzzle the game is (puzzlemode.js's puzzleOf), or null. */
    this.puzzleKind = puzzle;
    this.navigate = navigate;
    this.startInfo = startInfo;
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
   * Plays a step and shows it, sliding the piece unless it was dragged
   * there; `shown`: the page played it (a minimum solution's step), not the player.
   */
  move(from, to, { slide = true, keepSelected = false, shown = false } = {}) {
    if (!this.play(from, to)) {
      this.say(t('cannotGo', from, to));
      return false;
    }
    if (shown) this.steps[this.pos - 1].shown = true;
    this.cursor = to;
    this.selected = keepSelected ? to : null;
    this.render(slide ? { from, to } : null);
    return true;
  }

  /** Shows step `pos` of the game. */
  jump(pos) {
    if (pos < 0 || pos >= this.codes.length || pos === this.pos) return;
    this.goTo(pos);
    this.drawStep();
  }

  /** Back to the start with no step to redo and the count at nothing (Restart; a puzzle tried again). */
  restartFresh() {
    this.restart();
    this.drawStep();
  }

  /** Draws the step gone to, the piece put down. */
  drawStep() {
    this.selected = null;
    if (!this.pieces.some((p) => p.id === this.cursor)) this.cursor = this.pieces[0].id;
    this.render();
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
    this.restartButton = button(t('restart'), 'restart', () => this.enqueue(() => this.restartFresh()));
    this.hintButton = button(t('hint'), 'hint', () => this.enqueue(() => nextHint(this)), t('hintTitle'));
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
    bindInput(this);
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
    this.undoButton.disabled = this.pos === 0;
    this.restartButton.disabled = this.codes.length === 1;
    this.redoButton.disabled = this.pos >= this.codes.length - 1;
    history.replaceState(history.state, '', gameUrl(this, this.pos));
    const name = this.startName(this.pos === 0);
    const n = this.codes.length - 1;
    document.title = t('gameTab', name.text, this.pos, n);
    const solved = isSolved(this.pieces);
    this.hintButton.disabled = solved;
    this.boardWrap.classList.toggle('won', solved && this.pos > 0);
    showSolved(this, solved);
    // Said beside the board (review.js), and under it on a phone, in sight there.
    if (solved && this.pos > 0) this.say(solvedWords(this), true);
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

  /** What the API says of the layout shown (`info`), under its name. */
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
}

/** The top-left cell `{x, y}` of a cell name. */
function xy(name) {
  const [x, y] = cellAt(name);
  return { x, y };
}
