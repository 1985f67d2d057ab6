// A game from one layout, kept as steps, and the rules that change it. Steps
// are worked out here (code.js's `destinations`, checked against the API's
// `/moves` by the browser tests), so no input waits for the network. A count
// in straight or cell moves adds up each step's fewest moves of that kind
// (metric.js): exact for the layouts the player went through, however the
// piece was moved there.

import { decode, destinations, encode, moved } from './code.js';
import { stepLength } from './metric.js';
import { moveName, pieceNames } from './names.js';

/** A game from `start`: its steps, the step shown, and the metric it is counted in. */
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

  /** Goes to step `pos` of the game; the steps after it are kept, to redo. */
  goTo(pos) {
    this.pos = pos;
    this.pieces = decode(this.code());
  }

  /** Back to the start with no step to redo. */
  restart() {
    this.codes.length = this.names.length = 1;
    this.steps.length = 0;
    this.values = null;
    this.goTo(0);
  }
}
