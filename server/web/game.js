// A game from one layout, kept as steps, and the rules that change it: the
// one owner of a game's state (the step shown, the piece picked up, the hint,
// the clock). The other modules read it and ask for a change through a
// method here; none assigns to it (server/tests/page_modules.rs). Steps are
// worked out here (code.js's `destinations`, checked against the API's
// `/moves` by the browser tests), so no input waits for the network. A count
// in straight or cell moves adds up each step's fewest moves of that kind
// (metric.js): exact for the layouts the player went through, however the
// piece was moved there.

import { decode, destinations, encode, isSolved, moved } from './code.js';
import { stepLength } from './metric.js';
import { moveName, pieceNames } from './names.js';

/**
 * A game from `start`: its steps, the step shown, the metric it is counted
 * in, and the player's hands on it (the piece picked up, the hint shown).
 */
export class Game {
  constructor(start, metric) {
    this.start = start;
    this.metric = metric;
    /**
     * The layouts of the game, the start first; `steps[i]` (`{from, to,
     * straight, cells}`: code.js's destination) leads from `codes[i]` to `codes[i + 1]`.
     */
    this.codes = [start];
    /** The pieces' names (names.js) in each layout of the game, kept as the pieces move. */
    this.names = [pieceNames(decode(start))];
    this.steps = [];
    this.pos = 0;
    this.pieces = decode(start);
    /** Each step's value (movelist.js's stepValue) once the game is solved, until it changes. */
    this.values = null;
    /** The piece the keyboard acts on, and the piece picked up (by click or Enter), by their cells. */
    this.cursor = this.pieces[0].id;
    this.selected = null;
    /** The hint shown (hints.js's `{level, move}`), until the next step or metric; null when none. */
    this.hint = null;
    /** When the first step was played in the view, and when the game was solved (ms since the epoch). */
    this.startedAt = null;
    this.solvedAt = null;
    /** Whether the page played a step into the game (a minimum solution's): it is then not solved by hand. */
    this.assisted = false;
  }

  /** The code of the layout shown. */
  code() {
    return this.codes[this.pos];
  }

  /** How many moves of the metric counted in step `i` of the game is. */
  stepLength(i) {
    return stepLength(this.metric, this.steps[i]);
  }

  /** The game's count in `metric` up to the step shown. */
  count(metric) {
    return this.steps.slice(0, this.pos).reduce((sum, step) => sum + stepLength(metric, step), 0);
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

  /**
   * Plays a step as the view shows it: the clock starts at the first and
   * stops at solved; the piece is put down (or kept picked up), the keyboard
   * on it; a step the page played (`shown`) marks the game assisted. Says
   * whether it was a step.
   */
  advance(from, to, { keepSelected = false, shown = false } = {}) {
    if (!this.play(from, to)) return false;
    const now = Date.now();
    this.startedAt ??= now;
    this.solvedAt = isSolved(this.pieces) ? now : null;
    if (shown) {
      this.steps[this.pos - 1].shown = true;
      this.assisted = true;
    }
    this.hint = null;
    this.cursor = to;
    this.selected = keepSelected ? to : null;
    return true;
  }

  /** Goes to step `pos` of the game, the piece put down; the steps after it are kept, to redo. */
  goTo(pos) {
    this.pos = pos;
    this.pieces = decode(this.code());
    this.hint = null;
    this.selected = null;
    if (!this.pieces.some((p) => p.id === this.cursor)) this.cursor = this.pieces[0].id;
  }

  /** Counts in `metric` from now on: the values and the hint of the other metric go. */
  countIn(metric) {
    this.metric = metric;
    this.values = null;
    this.hint = null;
  }

  /** Picks up the piece at `id` (null: puts it down); the keyboard then acts on it. */
  select(id) {
    this.selected = id;
    if (id != null) this.cursor = id;
  }

  /** The keyboard acts on the piece at `id` from now on. */
  focus(id) {
    if (this.pieces.some((p) => p.id === id)) this.cursor = id;
  }

  /** Shows `hint` (hints.js's `{level, move}`) with no piece picked up. */
  showHint(hint) {
    this.hint = hint;
    this.selected = null;
  }

  /** The piece whose destinations the board shows: the one picked up, or the hint's (its second level). */
  lifted() {
    return this.selected ?? (this.hint?.level === 2 ? this.hint.move.from : null);
  }

  /** The destination of the piece picked up whose piece would cover cell `[x, y]` (the nearest), if any. */
  covering(cell) {
    const p = this.pieces.find((q) => q.id === this.selected);
    return p && cell ? destinations(this.pieces, p.id).find((d) =>
      cell[0] >= d.x && cell[0] < d.x + p.w && cell[1] >= d.y && cell[1] < d.y + p.h) : undefined;
  }

  /** Each step's value, from the review of the game solved at its last step (`values`, one a step). */
  reviewed(values) {
    if (this.pos === this.codes.length - 1 && values.length === this.pos) this.values = values;
  }

  /** Back to the start with no step to redo, the clock at nothing, and no step played by the page. */
  restart() {
    this.codes.length = this.names.length = 1;
    this.steps.length = 0;
    this.values = null;
    this.startedAt = this.solvedAt = null;
    this.assisted = false;
    this.goTo(0);
  }
}
