// The hints, one level a press: which piece, then where (drawn as an
// arrow), then the move itself; the best move is the API's. The hint shown,
// `game.hint` (`{level, move}`), is drawn on the board until the next step
// is drawn (play.js's render).

import { isSolved } from './code.js';
import { stepText, t, unitName } from './i18n.js';
import { METRICS } from './metric.js';

/** The next hint for the layout `game` (play.js's) shows. */
export async function nextHint(game) {
  const code = game.code();
  const best = (await game.moves(code)).find((m) => m.best);
  if (game.code() !== code) return;
  if (!best) {
    game.say(isSolved(game.pieces) ? t('alreadySolved') : t('noneNearer', unitName(METRICS[game.metric].unit)));
    return;
  }
  const level = (game.hint?.level ?? 0) + 1;
  const { move } = best;
  game.puzzle?.hinted();
  if (level === 3) {
    game.move(move.from, move.to);
    return;
  }
  game.hint = { level, move };
  game.selected = null;
  game.draw();
  game.say(level === 1
    ? t('hintPiece', t(`piece${move.piece}`), move.from)
    : t('hintMove', stepText(move.piece, move.from, move.to)));
}
