// Puzzle mode: a layout a known number of steps from solved, to solve in
// the fewest. The address says it is a puzzle (`?puzzle=1`, or the player's day
// of the day's puzzle, `?puzzle=2026-11-28`); the difficulty is shown
// before the first step, and every step is judged as it is played (the
// API's moves left before and after it). The browser remembers the
// puzzles solved, with the player's result, and a streak: puzzles solved
// in a row without a step that was not best and without a hint.

import { dayName, quoted, t } from './i18n.js';
import { METRICS } from './metric.js';
import { stepValue } from './movelist.js';
import { el, link, plural } from './dom.js';

/** What a step that was not best did, after "That's not the fastest". */
const WHY = {
  nearer: t('whyNearer'),
  same: t('whySame'),
  farther: t('whyFarther'),
};

/** Where the browser keeps the puzzles solved, and the streak. */
const SOLVED = 'klotski.puzzles';
const STREAK = 'klotski.streak';

function load(key, otherwise) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? otherwise;
  } catch {
    return otherwise;
  }
}

function save(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A browser that keeps nothing still plays the puzzle.
  }
}

/**
 * The puzzles solved in this browser, the latest first: `{code, fewest,
 * result, clean, hints, metric, day, when}`; `clean` says whether a solve
 * at the fewest had no step that was not best and no hint.
 */
export function solvedPuzzles() {
  const kept = load(SOLVED, {});
  return Object.values(kept && typeof kept === 'object' ? kept : {})
    .filter((p) => p && typeof p.code === 'string' && Number.isInteger(p.fewest) && Number.isInteger(p.result))
    .sort((a, b) => String(b.when).localeCompare(String(a.when)));
}

/** The number of puzzles solved in a row at the fewest, without a slip or a hint. */
export function streak() {
  const n = load(STREAK, 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** The player's own day of `date` (their time zone's) as `YYYY-MM-DD`: the day's puzzle is named by it. */
export const dayOf = (date = new Date()) =>
  [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((n) => String(n).padStart(2, '0')).join('-');

/** Whether `value` is a day of the calendar written `YYYY-MM-DD`. */
function isDay(value) {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * The puzzle an address names, `{puzzle, wrong}`: `puzzle` is `{day}` (null
 * for a puzzle that is not the day's), or null when it is no puzzle;
 * `wrong` says why a `puzzle` value that is neither 1 nor a day up to today
 * was taken as 1.
 */
export function puzzleOf(query) {
  const value = query.get('puzzle');
  if (value == null) return { puzzle: null, wrong: null };
  const day = isDay(value);
  if (day && value <= dayOf()) return { puzzle: { day: value }, wrong: null };
  const wrong = value === '1' ? null : day ? t('puzzleNotYet', value)
    : t('puzzleParamWrong', quoted(value));
  return { puzzle: { day: null }, wrong };
}

/** The `puzzle` value of a puzzle's address. */
export const puzzleParam = (puzzle) => puzzle.day ?? '1';

/** The streak, in the words the puzzle box and the start page both use. */
const streakWords = () => t('streak', plural(streak(), 'puzzle'));

/** The list of puzzles solved in this browser, each with the result against the fewest; null when none. */
export function solvedList() {
  const solved = solvedPuzzles();
  if (!solved.length) return null;
  return el('section', { 'data-solved-puzzles': '' },
    el('h2', {}, t('puzzlesSolved')),
    el('p', {}, streakWords()),
    el('ul', { class: 'solved-puzzles' }, ...solved.map((p) => {
      const unit = METRICS[p.metric]?.unit ?? 'step';
      const extra = p.result - p.fewest;
      // A solve at the fewest counts as the fewest only when it was clean.
      const fewest = !extra && p.clean !== false;
      return el('li', { 'data-solved-puzzle': p.code },
        link(`/ui/case/${p.code}?puzzle=${p.day ?? '1'}`, p.day ? t('puzzleOfDay', dayName(p.day)) : p.code), t('colon'),
        t('solvedIn', plural(p.result, unit)), t('space'),
        el('span', { class: fewest ? 'tag value-best' : 'tag value-same', 'data-result': fewest ? 'fewest' : 'more' },
          extra ? t('moreThanFewest', plural(extra, unit), plural(p.fewest, unit)) : fewest ? t('theFewest') : t('fewestNotClean')),
        p.hints === true ? [t('space'), el('span', { class: 'tag', 'data-hinted': '' }, t('withHints'))] : null);
    })));
}

/** A puzzle being played: its words beside the board and what it remembers. */
export class PuzzleMode {
  /** `game` is play.js's GameView; `puzzle` is puzzleOf's answer. */
  constructor(game, puzzle) {
    this.game = game;
    this.day = puzzle.day;
    /** Whether a step that was not best, or a hint, was played: the streak then ends. */
    this.slipped = false;
    /** Whether a hint was asked for: a puzzle solved with one is listed so. */
    this.hints = false;
    /** The streak this puzzle ended, and why, to say so until the puzzle is left. */
    this.ended = null;
    this.feedback = el('p', { class: 'feedback', 'data-feedback': '', 'aria-live': 'polite' });
    this.streakShown = el('p', { class: 'muted', 'data-streak': '' });
    // A step is taken back, and the puzzle tried again, with the game's own Undo and Restart.
    this.element = el('section', { class: 'puzzle-mode', 'data-puzzle-mode': '' }, this.feedback, this.streakShown);
  }

  /** The puzzle's name: the day's or not, and its difficulty (the start's fewest in the game's metric). */
  title() {
    const fewest = this.fewest();
    return [this.day ? t('puzzleOfDayTitle', dayName(this.day)) : t('puzzle'), t('colon'),
      el('span', { 'data-puzzle-fewest': String(fewest) }, t('fromSolved', plural(fewest, this.unit())))];
  }

  unit() {
    return METRICS[this.game.metric].unit;
  }

  fewest() {
    return METRICS[this.game.metric].fewest(this.game.startInfo);
  }

  /** A hint was asked for: the puzzle no longer counts for the streak. */
  hinted() {
    this.hints = true;
    this.slip(t('slipHint'));
  }

  /** A step that was not best, or a hint (`why`): the streak ends, and the box says so, whatever its length. */
  slip(why) {
    const n = streak();
    if (!this.slipped) this.ended = { n, why };
    this.slipped = true;
    save(STREAK, 0);
    this.showStreak();
  }

  /** The streak, or the one this puzzle ended. */
  showStreak() {
    this.streakShown.textContent = this.ended
      ? t('streakEnded', plural(this.ended.n, 'puzzle'), this.ended.why, this.ended.n) : streakWords();
  }

  /** Says what the step that led to the layout shown did (or, at the start, what the puzzle asks). */
  async judge() {
    const game = this.game;
    const pos = game.pos;
    this.showStreak();
    if (pos === 0) {
      this.say('start', t('puzzleStart', plural(this.fewest(), this.unit())));
      return;
    }
    const metric = METRICS[game.metric];
    const [before, after] = await Promise.all([game.info(game.codes[pos - 1]), game.info(game.codes[pos])]);
    if (game.pos !== pos || game.closed) return;
    const value = stepValue(metric.fewest(before), metric.fewest(after), game.stepLength(pos - 1));
    const extra = game.count(game.metric) + metric.fewest(after) - this.fewest();
    if (value !== 'best') this.slip(t('slipNotFastest'));
    if (metric.fewest(after) === 0) {
      this.solved(game.count(game.metric));
      return;
    }
    this.say(value, value === 'best' ? t('bestMoveFeedback')
      : t('notFastest', plural(extra, this.unit()), WHY[value]));
  }

  /** Says `text` beside the board, and under it (in sight on a phone). */
  say(value, text) {
    this.feedback.dataset.value = value;
    this.feedback.textContent = text;
    this.game.say(text, true);
  }

  /** The puzzle solved in `count` moves: remembered, the streak counted, the result said. */
  solved(count) {
    const fewest = this.fewest();
    const code = this.game.start;
    const kept = load(SOLVED, {});
    const all = kept && typeof kept === 'object' ? kept : {};
    const first = !all[code];
    const result = Math.min(count, all[code]?.result ?? Infinity);
    // Listed as solved with hints only when every solve of it had one, and
    // in the fewest only when one solve in the fewest was clean (no step
    // that was not best, even one taken back, and no hint).
    const hints = this.hints && (all[code]?.hints ?? true);
    const clean = (!this.slipped && count === fewest) || all[code]?.clean === true;
    all[code] = { code, fewest, result, clean, hints, metric: this.game.metric, day: this.day, when: new Date().toISOString() };
    save(SOLVED, all);
    if (first && !this.slipped && count === fewest) save(STREAK, streak() + 1);
    this.showStreak();
    const words = plural(count, this.unit());
    this.say('solved', count > fewest ? t('puzzleSolvedMore', words, plural(count - fewest, this.unit()))
      : this.slipped ? t('puzzleSolvedSlipped', words) : t('puzzleSolvedFewest', words));
  }
}
