// The hints, one level a press: which piece, then where (drawn as an
// arrow), then the move itself; the best move is the API's. The view
// (play.js) asks for the best move, and shows or plays what is given here;
// the hint shown is kept by the game (game.js) until the next step.

import { stepText, t, unitName } from './i18n.js';
import { METRICS } from './metric.js';

/** What is said when a layout has no best move: it is solved (`solved`), or no move of `metric` comes nearer. */
export const noBestMove = (solved, metric) =>
  solved ? t('alreadySolved') : t('noneNearer', unitName(METRICS[metric].unit));

/**
 * The hint after `shown` (the one on the board, or null), given the best
 * move from the layout (the API's `{move, best}`, or undefined when none):
 * `{hint, say}`, a hint to draw and its words; `{play}`, the move to play
 * (the third press); or `{say}` alone when there is no best move.
 */
export function nextHint(best, shown, solved, metric) {
  if (!best) return { say: noBestMove(solved, metric) };
  const level = (shown?.level ?? 0) + 1;
  const { move } = best;
  if (level === 3) return { play: move };
  return {
    hint: { level, move },
    say: level === 1 ? t('hintPiece', t(`piece${move.piece}`), move.from) : t('hintMove', stepText(move.piece, move.from, move.to)),
  };
}
