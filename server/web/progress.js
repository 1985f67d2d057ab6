// What the browser keeps of the player's games (localStorage): each layout
// solved by hand, named or not, with its best steps, its best time and the
// last solve's time; whether the timer is shown; and the reading and
// writing every kept thing goes through (puzzle mode's too).

const SOLVES = 'klotski.solves';
const TIMER = 'klotski.timer';

/** What the browser keeps under `key` (JSON), or `otherwise`. */
export function load(key, otherwise = null) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? otherwise;
  } catch {
    return otherwise;
  }
}

/** Keeps `value` under `key` (JSON). */
export function save(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A browser that keeps nothing still plays.
  }
}

/** Whether a kept solve is whole (an entry edited by hand is left out). */
const whole = (s) => s && typeof s.code === 'string' && Number.isInteger(s.steps) && s.steps > 0
  && Number.isFinite(s.ms) && s.ms >= 0 && typeof s.when === 'string';

/**
 * The layouts solved in this browser, by start code: `{code, steps, ms,
 * when, name}` (the best steps and the best time, each on its own; the
 * last solve's ISO time; the API's `names[0]` or null).
 */
export function solves() {
  const kept = load(SOLVES);
  return new Map(Object.values(kept && typeof kept === 'object' ? kept : {}).filter(whole).map((s) => [s.code, s]));
}

/** The latest `n` solves, the latest first. */
export const recentSolves = (n) => [...solves().values()].sort((a, b) => b.when.localeCompare(a.when)).slice(0, n);

/** Keeps a solve of `code` in `steps` steps and `ms` milliseconds. */
export function recordSolve(code, steps, ms, name) {
  const all = Object.fromEntries(solves());
  const before = all[code];
  all[code] = {
    code,
    steps: Math.min(steps, before?.steps ?? Infinity),
    ms: Math.min(Math.round(ms), before?.ms ?? Infinity),
    when: new Date().toISOString(),
    name: name ?? before?.name ?? null,
  };
  save(SOLVES, all);
}

/** Forgets every solve. */
export const resetSolves = () => save(SOLVES, {});

/** Whether the timer is shown (it is at first). */
export const timerShown = () => load(TIMER) !== 'hidden';

export const showTimer = (shown) => save(TIMER, shown ? 'shown' : 'hidden');

/** `ms` as a clock reads: 0:42, 12:05, 1:02:03. */
export function clock(ms) {
  const s = Math.floor(ms / 1000);
  const two = (n) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  return h ? `${h}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}
