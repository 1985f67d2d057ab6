// A game's address: `/ui/case/{start}?moves={from}{to}...&at={step}`, with
// `&metric=` and `&puzzle=`. The view keeps it current (replaceState), so a
// reload, the back button or a shared link opens the same game, undo and
// redo included, counted the same way.

import { num, quoted, t } from './i18n.js';
import { puzzleParam } from './puzzlemode.js';

/** The address of `game` (play.js's) at step `at`. */
export function gameUrl(game, at) {
  const query = new URLSearchParams();
  if (game.puzzle) query.set('puzzle', puzzleParam(game.puzzleKind));
  if (game.steps.length) query.set('moves', game.steps.map((s) => s.from + s.to).join(''));
  if (at < game.steps.length) query.set('at', String(at));
  if (game.metric !== 'step') query.set('metric', game.metric);
  const text = query.toString();
  return `/ui/case/${game.start}${text ? `?${text}` : ''}`;
}

/**
 * Plays in `game` (game.js's) the steps the address's `query` holds and
 * goes to the step it names; a sentence for each part that was not what it
 * should be (the address is then corrected as the game is drawn).
 */
export function restore(game, query) {
  const moves = query.get('moves') ?? '';
  if (!/^([a-d][1-5]){0,}$/.test(moves) || moves.length % 4) {
    return t('movesNotSteps', quoted(moves));
  }
  const cells = moves.match(/[a-d][1-5]/g) ?? [];
  for (let i = 0; i + 1 < cells.length; i += 2) {
    if (!game.play(cells[i], cells[i + 1])) {
      return t('badStep', i / 2 + 1, cells[i], cells[i + 1]);
    }
  }
  const at = query.get('at');
  if (at == null) return null;
  const k = Number(at);
  if (!/^\d+$/.test(at) || k > game.pos) {
    return t('atNotStep', quoted(at), num(game.pos));
  }
  game.goTo(k);
  return null;
}
