// The layout view: the board, its names and numbers, and play: drag or
// click-then-click or keyboard, undo and redo, hints, a minimum solution
// played back. Legal steps are the API's `/moves`; the page never guesses.

import * as api from './api.js';
import { CELL, cellOfEvent, drawBoard, unitsPerPixel } from './board.js';
import { barChart } from './chart.js';
import { KINDS, cellAt, decode } from './code.js';
import { el, link, numbersInWords, plural, showError } from './views.js';

/** Milliseconds a piece takes to slide, and between steps of a playback. */
const SLIDE_MS = 140;
const PLAYBACK_MS = 450;

/** Opens the layout view of `code` in `view`. */
export async function layoutView(view, code, navigate) {
  const game = new Game(view, navigate);
  await game.start(code);
}

class Game {
  constructor(view, navigate) {
    this.view = view;
    this.navigate = navigate;
    this.history = [];
    this.pos = 0;
    this.selected = null;
    this.hintLevel = 0;
    this.solution = null;
    this.playing = false;
    this.busy = false;
  }

  async start(code) {
    let position;
    try {
      position = await this.fetch(code);
    } catch (error) {
      showError(this.view, error);
      return;
    }
    this.history = [position.info.code];
    this.startInfo = position.info;
    this.layout();
    this.show(position);
  }

  async fetch(code) {
    const [info, moves] = await Promise.all([api.caseInfo(code), api.moves(code)]);
    return { info, moves: moves.moves, pieces: decode(info.code) };
  }

  /** Builds the view's fixed parts once. */
  layout() {
    const v = this.view;
    v.replaceChildren();
    this.boardWrap = el('div', { class: 'board-wrap', 'data-play-board': '' });
    this.steps = el('span', { 'data-steps': '' }, '0');
    this.solvedNote = el('p', { class: 'solved', 'data-solved': '', role: 'status', hidden: '' });
    this.hintNote = el('p', { class: 'hint', 'data-hint': '', 'aria-live': 'polite' });
    const button = (text, action, onclick, title) =>
      el('button', { type: 'button', 'data-action': action, title: title ?? text, onclick }, text);
    this.undoButton = button('Undo', 'undo', () => this.undo(), 'Undo (z)');
    this.redoButton = button('Redo', 'redo', () => this.redo(), 'Redo (y)');
    const controls = el('div', { class: 'controls' },
      el('p', { class: 'counter' }, this.steps, ' steps played'),
      el('div', { class: 'buttons' }, this.undoButton, this.redoButton,
        button('Restart', 'restart', () => this.jump(0))),
      el('div', { class: 'buttons' },
        button('Hint', 'hint', () => this.hint(), 'Names the piece to move, then where'),
        button('Best move', 'best', () => this.best())),
      this.hintNote, this.solvedNote);
    this.head = el('div', { class: 'names' });
    this.numbers = el('ul', { class: 'numbers', 'data-numbers': '' });
    this.moveList = el('ol', { class: 'moves', 'data-moves': '' });
    this.solvePanel = el('div', { 'data-solution': '' });
    this.explore = el('div', { class: 'explore' });
    v.append(
      el('div', { class: 'play' }, this.boardWrap, el('div', { class: 'side' }, this.head, controls, this.numbers)),
      el('div', { class: 'panels' },
        el('section', {}, el('h2', {}, 'Moves from here'), this.moveList),
        el('section', {}, el('h2', {}, 'Solve'),
          el('div', { class: 'buttons' },
            button('Show a minimum solution', 'solve', () => this.solve()),
            button('Next step', 'solution-next', () => this.solutionStep()),
            button('Play it', 'solution-play', () => this.playSolution()),
            button('Stop', 'solution-stop', () => { this.playing = false; })),
          this.solvePanel)),
      el('section', {}, el('h2', {}, 'Explore'), this.explore));
    this.bindBoard();
    document.addEventListener('keydown', this.keys = (event) => this.key(event));
    this.view.addEventListener('view-closed', () => {
      // A playback or a step still under way must not draw over the next view's URL.
      this.closed = true;
      this.playing = false;
      document.removeEventListener('keydown', this.keys);
    }, { once: true });
  }

  /** Draws `position` as the current one. */
  show(position) {
    if (this.closed) return;
    this.current = position;
    this.selected = null;
    this.hintLevel = 0;
    this.hintNote.textContent = '';
    const { info } = position;
    history.replaceState(history.state, '', `/ui/case/${info.code}`);
    document.title = `${info.code} · Klotski`;
    this.draw();
    this.steps.textContent = String(this.pos);
    this.undoButton.disabled = this.pos === 0;
    this.redoButton.disabled = this.pos >= this.history.length - 1;
    this.head.replaceChildren(
      el('h1', {}, 'Layout ', el('code', { 'data-code': '' }, info.code)),
      el('dl', {},
        el('dt', {}, 'Short code'), el('dd', { 'data-short-code': '' }, info.short_code),
        el('dt', {}, 'Classification'), el('dd', { 'data-classification': '' }, info.classification.name),
        el('dt', {}, 'Group'), el('dd', {}, link(`/ui/group/${info.group.name}`, info.group.name),
          ` (${plural(info.group.size, 'layout')}, class `,
          link(`/ui/class/${info.group.name.split('-').slice(0, 3).join('-')}`, info.group.name.split('-').slice(0, 3).join('-')), '); ',
          link(`/ui/graph/${info.code}`, 'see its graph')),
        el('dt', {}, 'Compose'), el('dd', {}, link(`/ui/compose/${info.code}`, 'edit a copy'))));
    this.numbers.replaceChildren(...numbersInWords(info).map((words) => el('li', {}, ...words)));
    if (info.solved) {
      this.solvedNote.hidden = false;
      this.solvedNote.textContent = this.pos
        ? `Solved in ${plural(this.pos, 'step')}! The fewest from the start was ${this.startInfo.solution.min_step}.`
        : 'This layout is solved: the 2x2 block is at the exit.';
    } else {
      this.solvedNote.hidden = true;
    }
    this.moveList.replaceChildren(...position.moves.map((m) => {
      const progress = m.progress ?? 'unsolvable';
      const steps = m.solution.min_step;
      return el('li', { class: `progress-${progress}` },
        el('button', { type: 'button', 'data-move': m.move.text, onclick: () => this.apply(m.move) }, m.move.text),
        ' ',
        el('span', { class: 'tag' }, m.best ? 'best: ' : '', progress === 'same' ? 'as near' : progress),
        steps >= 0 ? ` (${plural(steps, 'step')} left)` : '');
    }));
    this.showSolution();
    this.showExplore();
  }

  draw() {
    const { pieces, moves } = this.current;
    const dests = this.selected == null ? [] : moves
      .filter((m) => m.move.from === this.selected)
      .map((m) => {
        const [x, y] = cellAt(m.move.to);
        const [w, h] = KINDS[m.move.piece];
        return { to: m.move.to, x, y, w, h, text: m.move.text };
      });
    const svg = drawBoard(pieces, { cells: true, selected: this.selected, dests, label: `Board of ${this.current.info.code}` });
    this.boardWrap.replaceChildren(svg);
    const focus = this.selected ?? this.focusAfter;
    this.focusAfter = null;
    if (focus != null) svg.querySelector(`[data-piece="${focus}"]`)?.focus({ preventScroll: true });
  }

  movesOf(id) {
    return this.current.moves.filter((m) => m.move.from === id).map((m) => m.move);
  }

  /** Pointer play: drag a piece, or click a piece then a cell. */
  bindBoard() {
    let drag = null;
    this.boardWrap.addEventListener('pointerdown', (event) => {
      const g = event.target.closest('[data-piece]');
      if (!g || this.busy) return;
      drag = { id: g.dataset.piece, g, x: event.clientX, y: event.clientY, moved: false };
      g.setPointerCapture?.(event.pointerId);
    });
    this.boardWrap.addEventListener('pointermove', (event) => {
      if (!drag) return;
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 6) return;
      drag.moved = true;
      const scale = unitsPerPixel(this.boardWrap.firstChild);
      drag.g.setAttribute('transform', `translate(${dx * scale} ${dy * scale})`);
      drag.g.classList.add('dragging');
    });
    this.boardWrap.addEventListener('pointerup', (event) => {
      const d = drag;
      drag = null;
      if (!d) {
        this.clickCell(event);
        return;
      }
      if (!d.moved) {
        this.select(this.selected === d.id ? null : d.id);
        return;
      }
      const scale = unitsPerPixel(this.boardWrap.firstChild);
      const [x, y] = cellAt(d.id);
      const to = [x + Math.round(((event.clientX - d.x) * scale) / CELL), y + Math.round(((event.clientY - d.y) * scale) / CELL)];
      const move = this.movesOf(d.id).find((m) => String(cellAt(m.to)) === String(to));
      if (move) this.apply(move, false);
      else d.g.removeAttribute('transform');
    });
    this.boardWrap.addEventListener('keydown', (event) => {
      const target = event.target;
      if (event.key === 'Enter' || event.key === ' ') {
        if (target.dataset.dest) this.clickDest(target.dataset.dest);
        else if (target.dataset.piece) this.select(this.selected === target.dataset.piece ? null : target.dataset.piece);
        else return;
        event.preventDefault();
      }
    });
  }

  clickCell(event) {
    const dest = event.target.closest('[data-dest]');
    if (dest) {
      this.clickDest(dest.dataset.dest);
      return;
    }
    if (this.selected == null || this.busy) return;
    const cell = cellOfEvent(this.boardWrap.firstChild, event);
    if (!cell) return;
    // The move whose piece would cover the cell, the shortest first.
    const covering = this.movesOf(this.selected).filter((m) => {
      const [x, y] = cellAt(m.to);
      const [w, h] = KINDS[m.piece];
      return cell[0] >= x && cell[0] < x + w && cell[1] >= y && cell[1] < y + h;
    });
    covering.sort((a, b) => (a.distance ?? 9) - (b.distance ?? 9));
    if (covering.length) this.apply(covering[0]);
    else this.select(null);
  }

  clickDest(to) {
    const move = this.movesOf(this.selected).find((m) => m.to === to);
    if (move) this.apply(move);
  }

  select(id) {
    this.selected = id;
    this.draw();
  }

  key(event) {
    if (event.target.closest('input, textarea, select') || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'z') this.undo();
    else if (event.key === 'y') this.redo();
    else if (event.key === 'Escape') this.select(null);
    else if (event.key.startsWith('Arrow')) {
      const id = event.target.closest?.('[data-piece]')?.dataset.piece ?? this.selected;
      if (id == null) return;
      const direction = event.key.slice(5).toLowerCase();
      const move = this.movesOf(id).find((m) => m.direction === direction && m.distance === 1);
      event.preventDefault();
      if (move) {
        this.focusAfter = move.to;
        this.apply(move);
      }
    } else return;
  }

  /** Plays `move` from the current layout: slides the piece, then loads the next layout. */
  async apply(move, animate = true) {
    if (this.busy) return;
    this.busy = true;
    try {
      const next = this.fetch(move.code);
      if (animate) await this.slide(move);
      const position = await next;
      this.history.length = this.pos + 1;
      this.history.push(position.info.code);
      this.pos++;
      this.show(position);
    } catch (error) {
      this.hintNote.textContent = error.message;
    } finally {
      this.busy = false;
    }
  }

  slide(move) {
    const g = this.boardWrap.querySelector(`[data-piece="${move.from}"]`);
    if (!g || matchMedia('(prefers-reduced-motion: reduce)').matches) return Promise.resolve();
    const [x0, y0] = cellAt(move.from);
    const [x1, y1] = cellAt(move.to);
    g.classList.add('sliding');
    g.setAttribute('transform', `translate(${(x1 - x0) * CELL} ${(y1 - y0) * CELL})`);
    return new Promise((done) => setTimeout(done, SLIDE_MS));
  }

  async jump(pos) {
    if (this.busy || pos < 0 || pos >= this.history.length) return;
    this.busy = true;
    try {
      const position = await this.fetch(this.history[pos]);
      this.pos = pos;
      this.show(position);
    } catch (error) {
      this.hintNote.textContent = error.message;
    } finally {
      this.busy = false;
    }
  }

  undo() { return this.jump(this.pos - 1); }
  redo() { return this.jump(this.pos + 1); }

  best() {
    const move = this.current.moves.find((m) => m.best);
    if (move) this.apply(move.move);
    else this.hintNote.textContent = this.current.info.solved ? 'Already solved.' : 'No move brings this layout nearer to solved.';
  }

  /** First names the piece to move, then where it goes. */
  hint() {
    const best = this.current.moves.find((m) => m.best);
    if (!best) {
      this.best();
      return;
    }
    this.hintLevel++;
    const { move } = best;
    if (this.hintLevel === 1) {
      this.hintNote.textContent = `Try moving the ${move.piece} at ${move.from}.`;
      this.select(move.from);
    } else {
      this.hintNote.textContent = `Move ${move.text}: ${plural(best.solution.min_step, 'step')} left after it.`;
    }
  }

  async solve() {
    try {
      this.solution = await api.solution(this.current.info.code);
      this.showSolution();
    } catch (error) {
      this.solvePanel.replaceChildren(el('p', { class: 'error' }, error.message));
    }
  }

  /** The solution's step from the current layout, or -1 when it is not on it. */
  solutionIndex() {
    return this.solution ? this.solution.layouts.indexOf(this.current.info.code) : -1;
  }

  showSolution() {
    const at = this.solutionIndex();
    if (at < 0) {
      this.solution = null;
      this.solvePanel.replaceChildren();
      return;
    }
    const s = this.solution;
    this.solvePanel.replaceChildren(
      el('p', {}, `A minimum solution of ${s.code}: ${plural(s.min_solution_step, 'step')}; step ${at} of ${s.min_solution_step} reached.`),
      el('ol', { class: 'solution' }, ...s.moves.map((m, i) =>
        el('li', { class: i < at ? 'done' : i === at ? 'next' : '', 'data-solution-step': String(i + 1) }, m.text))));
    // Keeps the next step in sight inside the list, without scrolling the page.
    const list = this.solvePanel.querySelector('.solution');
    const next = list.querySelector('.next');
    if (next) list.scrollTop = next.offsetTop - list.offsetTop - list.clientHeight / 2;
  }

  solutionStep() {
    const at = this.solutionIndex();
    if (at < 0 || at >= this.solution.moves.length) return Promise.resolve();
    return this.apply(this.solution.moves[at]);
  }

  async playSolution() {
    if (this.solutionIndex() < 0) await this.solve();
    this.playing = true;
    while (this.playing && this.solutionIndex() >= 0 && !this.current.info.solved) {
      await this.solutionStep();
      await new Promise((done) => setTimeout(done, PLAYBACK_MS));
    }
    this.playing = false;
  }

  showExplore() {
    const code = this.current.info.code;
    const list = el('div', { 'data-explore-list': '' });
    const open = (title, load, key) => el('button', {
      type: 'button', 'data-action': key,
      onclick: async () => {
        list.replaceChildren(el('p', {}, 'Searching the group…'));
        try {
          const page = await load(code);
          list.replaceChildren(el('p', {}, title(page)),
            el('ul', { class: 'codes' }, ...page.layouts.map((other) => el('li', {},
              link(`/ui/case/${other}`, other), ' · ', link(`/ui/path/${code}/${other}`, 'path')))));
        } catch (error) {
          list.replaceChildren(el('p', { class: 'error' }, error.message));
        }
      },
    }, key === 'farthest' ? 'Farthest layouts' : 'Nearest solved layouts');
    const layers = el('button', {
      type: 'button', 'data-action': 'layers',
      onclick: async () => {
        list.replaceChildren(el('p', {}, 'Searching the group…'));
        try {
          const answer = await api.layers(code);
          list.replaceChildren(barChart(`Layouts of group ${answer.group.name} by steps from ${code}`,
            answer.layers.map((layer) => ({ step: layer.step, count: layer.size })), 'layers'));
        } catch (error) {
          list.replaceChildren(el('p', { class: 'error' }, error.message));
        }
      },
    }, 'Layers from here');
    const to = el('input', { name: 'to', 'aria-label': 'Another layout of the group', placeholder: 'another layout', 'data-path-to': '' });
    this.explore.replaceChildren(
      el('div', { class: 'buttons' },
        open((p) => `${plural(p.farthest_num, 'layout')} ${p.farthest_step} steps away${p.next ? ', the first:' : ':'}`, api.farthest, 'farthest'),
        open((p) => p.min_solution_step < 0 ? 'Its group has no solved layout.' : `${plural(p.min_solution_num, 'solved layout')} ${p.min_solution_step} steps away${p.next ? ', the first:' : ':'}`, api.minSolutions, 'nearest'),
        layers),
      list,
      el('form', { class: 'inline', onsubmit: (event) => { event.preventDefault(); if (to.value.trim()) this.navigate(`/ui/path/${code}/${encodeURIComponent(to.value.trim())}`); } },
        el('label', {}, 'Shortest path to ', to), ' ', el('button', { type: 'submit' }, 'Show')));
  }
}
