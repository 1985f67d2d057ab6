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
import { PuzzleMode, puzzleOf } from './puzzlemode.js';
import { clock, recordSolve, showTimer, timerShown } from './progress.js';
import { solvedReview, solvedWords } from './review.js';
import { classLink, nameOf, titleOf } from './titles.js';
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

/**
 * A game (game.js, the owner of its state) in the layout view: its
 * elements, drawn each step, and what the API says beside them.
 */
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
    this.countIn(metric);
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
    if (!this.advance(from, to, { keepSelected, shown })) {
      this.say(t('cannotGo', from, to));
      return false;
    }
    if (this.solvedAt != null) this.solvedNow();
    this.render(slide ? { from, to } : null);
    return true;
  }

  /** The game just reached a solved layout: the clock shows its time, and a solve by hand is kept (progress.js). */
  solvedNow() {
    this.showClock();
    if (this.assisted) return;
    recordSolve(this.start, this.count('step'), this.solvedAt - this.startedAt, this.startInfo.names?.[0] ?? null);
  }

  /** Picks up the piece at `id` (null: puts it down), showing where it can go, or saying it is blocked. */
  pick(id) {
    this.select(id);
    this.draw();
    const piece = this.pieces.find((p) => p.id === id);
    if (piece && !destinations(this.pieces, id).length) {
      this.say(t('blocked', t(`piece${piece.kind}`), id));
    } else if (id != null) {
      this.say('');
    }
  }

  /** Picks up the piece at `id`, or puts it down when it is the one held. */
  togglePick(id) {
    this.pick(this.selected === id ? null : id);
  }

  /**
   * A click on the board's cell `cell` (`[x, y]`; null off the board) with a
   * piece held: it goes to the destination that covers the cell, or is put down.
   */
  clickCell(cell) {
    if (this.selected == null) return;
    const covering = this.covering(cell);
    if (covering) this.move(this.selected, covering.id);
    else this.pick(null);
  }

  /** Moves the keyboard's focus to the piece at `id` (an arrow key). */
  focusPiece(id) {
    this.focus(id);
    this.boardWrap.querySelectorAll('[data-piece]').forEach((g) => {
      g.setAttribute('tabindex', g.dataset.piece === id ? '0' : '-1');
    });
    this.boardWrap.querySelector(`[data-piece="${id}"]`)?.focus({ preventScroll: true });
  }

  /** The next hint for the layout shown (hints.js): the piece, then where it goes, then the move played. */
  async askHint() {
    const code = this.code();
    const best = (await this.moves(code)).find((m) => m.best);
    if (this.code() !== code) return;
    const next = nextHint(best, this.hint, isSolved(this.pieces), this.metric);
    if (next.hint || next.play) this.puzzle?.hinted();
    if (next.play) {
      this.move(next.play.from, next.play.to);
      return;
    }
    if (next.hint) {
      this.showHint(next.hint);
      this.draw();
    }
    this.say(next.say);
  }

  /** The time since the first step (until solved), on the clock beside the counter. */
  showClock() {
    const ms = this.startedAt == null ? 0 : (this.solvedAt ?? Date.now()) - this.startedAt;
    this.timer.textContent = clock(ms);
  }

  /** Shows step `pos` of the game. */
  jump(pos) {
    if (pos < 0 || pos >= this.codes.length || pos === this.pos) return;
    this.goTo(pos);
    this.render();
  }

  /** Back to the start with no step to redo, the count and the clock at nothing (Restart; a puzzle tried again). */
  restartFresh() {
    this.restart();
    this.showClock();
    this.render();
  }

  /**
   * The start's name: the puzzle it is, or its classic name, or its fewest
   * steps (titles.js); as HTML parts and as text.
   */
  startName() {
    if (this.puzzle) {
      const parts = this.puzzle.title();
      return { parts, text: parts.map((p) => p.textContent ?? p).join('') };
    }
    return titleOf(this.startInfo.names, this.startInfo.solution.min_step);
  }

  /** The start's other names, and the other layouts its name is given to (numbered variants), as links; null when none. */
  otherNames() {
    const [first, ...others] = this.startInfo.names ?? [];
    const variants = first?.variants ?? [];
    if (!others.length && !variants.length) return null;
    const named = (display) => link(`/ui/case/${encodeURIComponent(display)}`, el('span', { lang: 'zh-CN', 'data-name': display }, display));
    const list = (items) => items.flatMap((item, i) => [i ? t('listComma') : '', item]);
    // Two sentences, set apart by the stylesheet (no space after a Chinese full stop).
    return el('p', { class: 'other-names', 'data-other-names': '' },
      others.length ? el('span', {}, t('alsoNamed'), ...list(others.map((entry) => el('span', {}, ...nameOf(entry).parts))), t('fullStop')) : '',
      variants.length ? el('span', {}, t('variantsOfName', first.display), ...list(variants.map(named)), t('fullStop')) : '');
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
    this.hintButton = button(t('hint'), 'hint', () => this.enqueue(() => this.askHint()), t('hintTitle'));
    this.timer = el('span', { class: 'timer', 'data-timer': '' }, clock(0));
    this.timer.hidden = !timerShown();
    this.timerButton = el('button', {
      type: 'button', class: 'timer-toggle', 'data-action': 'timer', 'aria-pressed': String(timerShown()), title: t('timerTitle'),
      onclick: () => {
        showTimer(this.timer.hidden);
        this.timer.hidden = !timerShown();
        this.timerButton.setAttribute('aria-pressed', String(timerShown()));
      },
    }, t('timer'));
    this.note = el('p', { class: 'hint', 'data-hint': '', 'aria-live': 'polite' });
    this.solvedNote = el('div', { class: 'solved', 'data-solved': '', role: 'status', hidden: '' });
    this.head = el('div', { class: 'names' });
    this.details = el('details', { class: 'details', 'data-details': '' }, el('summary', {}, t('details')));
    this.nextLevel = el('p', { class: 'next-level', 'data-next-level': '', hidden: '' });
    this.moveList = new MoveList((k) => this.enqueue(() => this.jump(k)));
    this.puzzle = this.puzzleKind ? new PuzzleMode(this, this.puzzleKind) : null;
    this.analysis = new AnalysisPanel(this);
    this.view.replaceChildren(el('div', { class: 'game' },
      el('div', { class: 'board-column' }, this.boardWrap,
        el('div', { class: 'controls' },
          el('p', { class: 'counter' }, this.metricChoice, ' ', this.countShown, ' ', this.timer, ' ', this.timerButton, ' ', this.otherCounts),
          this.undoButton, this.redoButton, this.restartButton,
          this.hintButton),
        this.note),
      el('div', { class: 'side' }, this.head, this.details, this.puzzle?.element, this.nextLevel, this.solvedNote, this.moveList.element, this.analysis.element)));
    bindInput(this);
    // The clock ticks while the game runs, until the view is left.
    const tick = setInterval(() => this.startedAt != null && this.solvedAt == null && this.showClock(), 1000);
    this.signal.addEventListener('abort', () => clearInterval(tick), { once: true });
    // At phone width the board sticks smaller once the page is scrolled to read (style.css).
    const box = this.view.querySelector('.game');
    // The smaller board would make the page shorter, scrolled back to the top
    // and the big board again, over and over: the game keeps its height.
    addEventListener('scroll', () => {
      if (scrollY > 60 && !box.classList.contains('reading')) {
        box.style.minHeight = `${box.offsetHeight}px`;
        box.classList.add('reading');
      } else if (scrollY <= 0 && box.classList.contains('reading')) {
        box.classList.remove('reading');
        box.style.minHeight = '';
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
    // Only the last drawing's answers are shown (the same layout may be drawn twice).
    const drawing = ++this.drawings;
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
    const name = this.startName();
    const n = this.codes.length - 1;
    document.title = t('gameTab', name.text, this.pos, n);
    const solved = isSolved(this.pieces);
    this.hintButton.disabled = solved;
    this.boardWrap.classList.toggle('won', solved && this.pos > 0);
    this.showSolved(solved, drawing);
    // Said beside the board (review.js), and under it on a phone, in sight there.
    if (solved && this.pos > 0) this.say(solvedWords(this), true);
    this.showNextLevel(solved && this.pos > 0);
    // The heading names the game; the layout shown is said under it, by its code.
    this.head.replaceChildren(el('h1', { 'data-game-name': '' }, ...name.parts), this.otherNames() ?? '',
      el('p', { class: 'position', 'data-position': '' }, ...(this.pos === 0
        ? [t('startOfGame', n), el('code', { 'data-code': '', 'data-start-code': '' }, code)]
        : [t('stepOfLayout', this.pos, n), el('code', { 'data-code': '' }, code)])));
    this.moveList.show(this.codes, this.steps, this.pos, this.values);
    // A puzzle's analysis would give it away: it opens once the puzzle is solved.
    this.analysis.element.hidden = this.puzzle != null && !(solved && this.pos > 0);
    this.puzzle?.judge().catch((error) => this.say(explained(error)));
    this.info(code).then((info) => {
      if (this.drawings === drawing && !this.closed) this.showNames(info);
    }, (error) => {
      if (this.drawings === drawing) this.say(explained(error));
    });
    if (!this.analysis.element.hidden) this.analysis.show(code);
  }

  /** Whether the layout shown is solved, and if so the review (review.js), its values kept when the game ends there. */
  showSolved(solved, drawing) {
    this.solvedNote.hidden = !solved;
    if (!solved) return;
    const { parts, values } = solvedReview(this);
    this.solvedNote.replaceChildren(...parts);
    values.then((stepValues) => {
      if (!stepValues || this.drawings !== drawing || this.closed) return;
      this.reviewed(stepValues);
      this.moveList.show(this.codes, this.steps, this.pos, this.values);
    });
  }

  /** What the API says of the layout shown (`info`), in the details under its name (one tap away). */
  showNames(info) {
    const kind = info.group.name.split('-').slice(0, 3).join('-');
    this.details.replaceChildren(this.details.firstChild, el('dl', {},
      el('dt', {}, t('codeWord')), el('dd', {}, el('code', {}, info.code)),
      el('dt', {}, t('shortCode')), el('dd', { 'data-short-code': '' }, info.short_code),
      el('dt', {}, t('classification')), el('dd', { 'data-classification': '' }, info.classification.name),
      el('dt', {}, t('group')), el('dd', {}, link(`/ui/group/${info.group.name}`, info.group.name),
        ...t('groupAside', plural(info.group.size, 'layout'), classLink(kind)),
        link(`/ui/graph/${info.code}`, t('seeGraph'))),
      el('dt', {}, t('compose')), el('dd', {}, link(`/ui/compose/${info.code}`, t('editCopy')))));
  }

  /**
   * Under a solved game of a classic layout: a link to the next level (the
   * next not yet solved by difficulty: levels.js, loaded now).
   */
  showNextLevel(solved) {
    this.nextLevel.hidden = !solved || !this.startInfo.names?.length;
    if (this.nextLevel.hidden || this.nextLevel.dataset.for === this.start) return;
    this.nextLevel.dataset.for = this.start;
    import('./levels.js').then((levels) => levels.nextLevel(this.start, this.signal)).then((next) => {
      this.nextLevel.replaceChildren(...(next
        ? [el('a', { href: `/ui/case/${next.code}`, 'data-link': '', 'data-action': 'next-level' }, t('nextLevel'), ...nameOf(next).parts)]
        : [t('allLevelsSolved'), link('/ui/levels', t('allLevels'))]));
    }, (error) => this.nextLevel.replaceChildren(explained(error)));
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
