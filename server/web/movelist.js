// The game's move list: one entry per step, numbered, in a compact
// notation (the piece, the cell it left and the cell it reached), each a
// button that shows the game at that step; the step shown is marked, and
// once the game is solved each step says what it did to the moves left.

import { decode } from './code.js';
import { el } from './dom.js';
import { stepText, t } from './i18n.js';

/** What a step did to the moves left, in words: its `data-value` and its label. */
export const VALUES = {
  best: t('valueBest'),
  nearer: t('valueNearer'),
  same: t('valueSame'),
  farther: t('valueFarther'),
};

/**
 * The value of a step of `length` moves that took the moves left to
 * solved from `before` to `after`: best when it came as many moves nearer
 * as it took, nearer when fewer, same when none, farther when it went away.
 */
export function stepValue(before, after, length) {
  if (after > before) return 'farther';
  if (after === before) return 'same';
  return before - after >= length ? 'best' : 'nearer';
}

/** A step `{from, to}` of the layout `code` in the page's notation: `1x1 a5–b5` (i18n.js's stepText). */
export function notation(code, step) {
  const piece = decode(code).find((p) => p.id === step.from);
  return stepText(piece.kind, step.from, step.to);
}

/** The move list of a game; `go(k)` shows the game after its step `k`. */
export class MoveList {
  constructor(go) {
    this.go = go;
    this.list = el('ol', { class: 'game-moves', 'data-game-moves': '' });
    this.empty = el('p', { class: 'muted', 'data-no-steps': '' }, t('noStepYet'));
    this.element = el('section', { class: 'move-list', 'aria-label': t('stepsOfGame') },
      el('h2', {}, t('yourSteps')), this.empty, this.list);
  }

  /**
   * Shows the steps (`steps[i]` from `codes[i]`) with step `pos` current,
   * and each step's value (`values[i]`, of stepValue) when given.
   */
  show(codes, steps, pos, values = null) {
    // The entries are drawn anew: one chosen by keyboard keeps the focus.
    const focused = this.list.contains(document.activeElement) ? document.activeElement.dataset.step : null;
    this.empty.hidden = steps.length > 0;
    this.list.replaceChildren(...steps.map((step, i) => {
      const k = i + 1;
      const value = values?.[i];
      return el('li', { class: k > pos ? 'undone' : '' },
        el('button', {
          type: 'button', 'data-step': String(k), title: t('showAfterStep', k),
          onclick: () => this.go(k), ...(k === pos ? { 'aria-current': 'step' } : {}),
        }, notation(codes[i], step)),
        value ? el('span', { class: `tag value-${value}`, 'data-value': value }, VALUES[value]) : null);
    }));
    // The current step in sight inside the list, without scrolling the page.
    const current = this.list.querySelector('[aria-current]');
    if (current) this.list.scrollTop = current.offsetTop - this.list.offsetTop - this.list.clientHeight / 2;
    if (focused) this.list.querySelector(`[data-step="${focused}"]`)?.focus({ preventScroll: true });
  }
}
