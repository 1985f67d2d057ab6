// Analysis on demand: the layout's numbers, every move's value, the best
// move, a minimum solution and the group's explorations, behind one toggle
// that the browser remembers (off at first: playing shows the board and the
// move count only). Moves, values and solutions are in the metric the game
// counts in (steps, straight moves or cell moves).

import * as api from './api.js';
import { barChart } from './chart.js';
import { isSolved } from './code.js';
import { noBestMove } from './hints.js';
import { explained, num, stepText, t, unitName } from './i18n.js';
import { METRICS } from './metric.js';
import { el, link, plural } from './dom.js';
import { numbersInWords, thumb } from './views.js';

/** Where the browser remembers the toggle. */
const REMEMBERED = 'klotski.analysis';

const remembered = () => {
  try {
    return localStorage.getItem(REMEMBERED) === 'on';
  } catch {
    return false;
  }
};

/** The analysis beside a game (play.js's `GameView`): shown for the layout the game shows. */
export class AnalysisPanel {
  constructor(game) {
    this.game = game;
    this.on = remembered();
    this.solution = null;
    this.playing = false;
    this.toggle = el('button', {
      type: 'button', class: 'toggle', 'data-action': 'analysis', 'aria-pressed': String(this.on),
      onclick: () => this.switch(!this.on),
    }, t('analysis'));
    this.body = el('div', { class: 'analysis', 'data-analysis': '' });
    this.body.hidden = !this.on;
    this.element = el('section', { class: 'analysis-panel' }, this.toggle, this.body);
  }

  switch(on) {
    this.on = on;
    this.toggle.setAttribute('aria-pressed', String(on));
    this.body.hidden = !on;
    try {
      localStorage.setItem(REMEMBERED, on ? 'on' : 'off');
    } catch {
      // A browser that keeps nothing still toggles.
    }
    if (on) this.show(this.game.code());
    else this.stop();
  }

  stop() {
    this.playing = false;
  }

  /** Shows the analysis of `code` (when on), the solution's step marked. */
  async show(code) {
    if (!this.on) return;
    this.code = code;
    this.numbers ??= this.build();
    this.showSolution();
    this.showExplore(code);
    let info;
    let moves;
    try {
      [info, moves] = await Promise.all([this.game.info(code), this.game.moves(code)]);
    } catch (error) {
      if (this.code === code) this.numbers.replaceChildren(el('li', { class: 'error' }, explained(error)));
      return;
    }
    if (this.code !== code) return;
    const unit = METRICS[this.game.metric].unit;
    this.numbers.replaceChildren(...numbersInWords(info, this.game.metric).map((words) => el('li', {}, ...words)));
    // At a solved layout there is no move to make: the buttons say so by being disabled.
    for (const b of [this.bestButton, this.nextButton, this.playButton]) {
      b.disabled = info.solution.min_step === 0;
      b.title = b.disabled ? t('noMoveLeft') : '';
    }
    if (info.solution.min_step === 0 && this.game.pos > 0) {
      // Solved: the game's result, where the moves from here were.
      const game = this.game;
      const fewest = METRICS[game.metric].fewest(game.startInfo);
      this.movesTitle.textContent = t('result');
      this.moveList.replaceChildren(el('li', { 'data-result': '' },
        t('solvedResult', game.words(game.count(game.metric)), num(fewest), game.words(fewest))));
      return;
    }
    this.movesTitle.textContent = t('movesFromHere', METRICS[this.game.metric].label);
    this.moveList.replaceChildren(...moves.map((m) => {
      const progress = m.progress ?? 'unsolvable';
      const left = m.min_moves;
      return el('li', { class: `progress-${progress}` },
        el('button', { type: 'button', 'data-move': m.move.text, onclick: () => this.game.enqueue(() => this.game.move(m.move.from, m.move.to)) },
          stepText(m.move.piece, m.move.from, m.move.to)),
        ' ',
        el('span', { class: 'tag' }, m.best ? t('bestTag') : '', t(`progress_${progress}`)),
        left >= 0 ? t('leftAside', plural(left, unit)) : '');
    }));
  }

  /** Builds the panel's parts once; returns the list of numbers. */
  build() {
    const button = (text, action, onclick) => el('button', { type: 'button', 'data-action': action, onclick }, text);
    const numbers = el('ul', { class: 'numbers', 'data-numbers': '' });
    this.moveList = el('ol', { class: 'moves', 'data-moves': '' });
    this.movesTitle = el('h2', { 'data-moves-title': '' }, t('movesFromHere', METRICS[this.game.metric].label));
    // Next step works at once: it asks for a minimum solution when none is shown.
    this.nextButton = button(t('nextMove', unitName('step')), 'solution-next', () => this.game.enqueue(async () => {
      if (this.solutionIndex() < 0) await this.solve();
      this.solutionStep();
    }));
    this.bestButton = button(t('bestMove'), 'best', () => this.game.enqueue(() => this.best()));
    this.solvePanel = el('div', { 'data-solution': '' });
    this.explore = el('div', { class: 'explore' });
    this.body.append(numbers,
      el('div', { class: 'buttons' }, this.bestButton),
      el('section', {}, this.movesTitle, this.moveList),
      el('section', {}, el('h2', {}, t('solve')),
        el('div', { class: 'buttons' },
          button(t('showSolution'), 'solve', () => this.solve()),
          this.nextButton,
          this.playButton = button(t('playIt'), 'solution-play', () => this.play()),
          button(t('stop'), 'solution-stop', () => this.stop())),
        this.solvePanel),
      el('section', {}, el('h2', {}, t('explore')), this.explore));
    return numbers;
  }

  async best() {
    const game = this.game;
    const best = (await game.moves(game.code())).find((m) => m.best);
    if (best) game.move(best.move.from, best.move.to);
    else game.say(noBestMove(isSolved(game.pieces), game.metric));
  }

  async solve() {
    try {
      this.solution = await api.solution(this.game.code(), this.game.metric, this.game.signal);
      this.showSolution();
    } catch (error) {
      this.solvePanel.replaceChildren(el('p', { class: 'error' }, explained(error)));
    }
  }

  /** The solution's move at the layout shown, or -1 when it is not on it (or counts in another metric). */
  solutionIndex() {
    return this.solution?.metric === this.game.metric ? this.solution.layouts.indexOf(this.game.code()) : -1;
  }

  showSolution() {
    const unit = METRICS[this.game.metric].unit;
    this.nextButton.textContent = t('nextMove', unitName(unit));
    const at = this.solutionIndex();
    if (at < 0) {
      this.solution = null;
      this.solvePanel.replaceChildren();
      return;
    }
    const s = this.solution;
    this.solvePanel.replaceChildren(
      el('p', { 'data-solution-reached': '' }, t('solutionReached', s.code, plural(s.min_solution_step, unit), unitName(unit), at, s.min_solution_step)),
      // The list scrolls: one stop of the tab order, so that a keyboard scrolls it too.
      el('ol', { class: 'solution', tabindex: '0', 'aria-label': t('theSteps') }, ...s.moves.map((m, i) =>
        el('li', { class: i < at ? 'done' : i === at ? 'next' : '', 'data-solution-step': String(i + 1) }, stepText(m.piece, m.from, m.to)))));
    // Keeps the next step in sight inside the list, without scrolling the page.
    const list = this.solvePanel.querySelector('.solution');
    const next = list.querySelector('.next');
    if (next) list.scrollTop = next.offsetTop - list.offsetTop - list.clientHeight / 2;
  }

  solutionStep() {
    const at = this.solutionIndex();
    if (at < 0 || at >= this.solution.moves.length) return;
    const m = this.solution.moves[at];
    // Played by the page: the game is then not solved by hand (game.js).
    this.game.move(m.from, m.to, { shown: true });
  }

  async play() {
    if (this.solutionIndex() < 0) await this.solve();
    this.playing = true;
    while (this.playing && this.solutionIndex() >= 0 && this.solutionIndex() < this.solution.moves.length) {
      await this.game.enqueue(() => this.solutionStep());
      await new Promise((done) => setTimeout(done, METRICS[this.game.metric].playbackMs));
    }
    this.playing = false;
  }

  showExplore(code) {
    const list = el('div', { 'data-explore-list': '' });
    const searching = () => list.replaceChildren(el('p', {}, t('searchingGroup')));
    const failed = (error) => list.replaceChildren(el('p', { class: 'error' }, explained(error)));
    const open = (title, load, key) => el('button', {
      type: 'button', 'data-action': key,
      onclick: async () => {
        searching();
        try {
          const page = await load(code, undefined, this.game.signal);
          list.replaceChildren(el('p', {}, title(page)),
            el('ul', { class: 'thumbs small-thumbs' }, ...page.layouts.map((other) =>
              thumb(other, [other], el('span', { class: 'note' }, link(`/ui/path/${code}/${other}`, t('pathLink')))))));
        } catch (error) {
          failed(error);
        }
      },
    }, t(key === 'farthest' ? 'farthestLayouts' : 'nearestSolved'));
    const layers = el('button', {
      type: 'button', 'data-action': 'layers',
      onclick: async () => {
        searching();
        try {
          const answer = await api.layers(code, this.game.signal);
          list.replaceChildren(barChart(t('layersTitle', answer.group.name, code),
            answer.layers.map((layer) => ({ step: layer.step, count: layer.size })), 'layers', t('axisFromHere')));
        } catch (error) {
          failed(error);
        }
      },
    }, t('layersFromHere'));
    const to = el('input', { name: 'to', 'aria-label': t('anotherLayoutLabel'), placeholder: t('anotherLayout'), 'data-path-to': '' });
    this.explore.replaceChildren(
      el('div', { class: 'buttons' },
        open((p) => t('stepsAway', plural(p.farthest_num, 'layout'), plural(p.farthest_step, 'step'), p.next != null), api.farthest, 'farthest'),
        open((p) => p.min_solution_step < 0 ? t('groupNoSolvedShort') : t('stepsAway', plural(p.min_solution_num, 'solvedLayout'), plural(p.min_solution_step, 'step'), p.next != null), api.minSolutions, 'nearest'),
        layers),
      list,
      el('form', { class: 'inline', onsubmit: (event) => { event.preventDefault(); if (to.value.trim()) this.game.navigate(`/ui/path/${code}/${encodeURIComponent(to.value.trim())}`); } },
        el('label', {}, ...t('shortestPathTo', to)), ' ', el('button', { type: 'submit' }, t('show'))));
  }
}
