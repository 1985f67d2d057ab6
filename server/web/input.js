// The player's hands on the board: a piece dragged, or picked up (click,
// Enter) and put down on a destination; arrows move the focus or slide the
// piece picked up; z, y and Escape anywhere in the view.

import { CELL, cellOfEvent, nextPiece, unitsPerPixel } from './board.js';
import { HEIGHT, WIDTH, cellName, destinations } from './code.js';
import { t } from './i18n.js';

/** One cell's offset for each arrow key. */
const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** Lets the player play `game` (play.js's), until its view is left. */
export function bindInput(game) {
  bindPointer(game);
  game.boardWrap.addEventListener('keydown', (event) => boardKey(game, event));
  game.boardWrap.addEventListener('focusin', (event) => {
    const id = event.target.closest('[data-piece]')?.dataset.piece;
    if (id) game.cursor = id;
  });
  document.addEventListener('keydown', (event) => pageKey(game, event), { signal: game.signal });
}

/** The piece whose destinations the board shows: the one picked up, or the hint's. */
function lifted(game) {
  return game.selected ?? (game.hint?.level === 2 ? game.hint.move.from : null);
}

/** Picks up the piece `id` (showing where it can go), or puts it down. */
function pick(game, id) {
  game.selected = id;
  if (id != null) game.cursor = id;
  game.draw();
  const piece = game.pieces.find((p) => p.id === id);
  if (piece && !destinations(game.pieces, id).length) {
    game.say(t('blocked', t(`piece${piece.kind}`), id));
  } else if (id != null) {
    game.say('');
  }
}

/** Keys on the board: Enter picks up and puts down, arrows slide or move the focus. */
function boardKey(game, event) {
  const target = event.target;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    const dest = target.dataset?.dest;
    const id = target.closest?.('[data-piece]')?.dataset.piece;
    if (dest) game.enqueue(() => game.move(lifted(game), dest));
    else if (id) game.enqueue(() => pick(game, game.selected === id ? null : id));
  } else if (ARROWS[event.key] && !event.altKey && !event.ctrlKey && !event.metaKey) {
    event.preventDefault();
    game.enqueue(() => arrow(game, ARROWS[event.key]));
  }
}

/** An arrow key: the piece picked up slides a cell (within one step), else the focus moves. */
function arrow(game, [dx, dy]) {
  const p = game.pieces.find((q) => q.id === (game.selected ?? game.cursor));
  if (!p) return;
  if (game.selected != null) {
    const to = cellName(p.x + dx, p.y + dy);
    const inside = p.x + dx >= 0 && p.y + dy >= 0 && p.x + dx + p.w <= WIDTH && p.y + dy + p.h <= HEIGHT;
    if (inside && destinations(game.pieces, p.id).some((d) => d.id === to)) {
      game.move(p.id, to, { keepSelected: true });
    }
    return;
  }
  const next = nextPiece(game.pieces, p.id, [dx, dy]);
  if (next) {
    game.cursor = next;
    game.boardWrap.querySelector('svg').querySelectorAll('[data-piece]').forEach((g) => {
      g.setAttribute('tabindex', g.dataset.piece === next ? '0' : '-1');
    });
    game.boardWrap.querySelector(`[data-piece="${next}"]`)?.focus({ preventScroll: true });
  }
}

/** Keys anywhere in the view: z and y undo and redo, Escape puts the piece down. */
function pageKey(game, event) {
  if (event.target.closest?.('input, textarea, select') || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === 'z') game.enqueue(() => game.jump(game.pos - 1));
  else if (event.key === 'y') game.enqueue(() => game.jump(game.pos + 1));
  else if (event.key === 'Escape') game.enqueue(() => pick(game, null));
}

/**
 * Pointer play: drag a piece (it follows the pointer only through the
 * positions it can reach in one step, and snaps to the nearest), or
 * click a piece, then a round handle or a cell its destination covers.
 */
function bindPointer(game) {
  const board = game.boardWrap;
  let drag = null;
  board.addEventListener('pointerdown', (event) => {
    const g = event.target.closest('[data-piece]');
    if (!g || event.button !== 0) return;
    const p = game.pieces.find((q) => q.id === g.dataset.piece);
    drag = { p, g, x: event.clientX, y: event.clientY, moved: false, reach: [{ x: p.x, y: p.y, id: p.id }, ...destinations(game.pieces, p.id)], at: null };
    g.setPointerCapture?.(event.pointerId);
  });
  board.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const px = event.clientX - drag.x;
    const py = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(px, py) < 6) return;
    drag.moved = true;
    const scale = unitsPerPixel(board.firstChild) / CELL;
    const [ox, oy] = follow(drag.p, drag.reach, px * scale, py * scale);
    drag.at = snap(drag.p, drag.reach, px * scale, py * scale);
    drag.g.style.transform = `translate(${ox * CELL}px, ${oy * CELL}px)`;
    drag.g.classList.add('dragging');
  });
  const end = (event) => {
    const d = drag;
    drag = null;
    if (!d) {
      if (event.type === 'pointerup') clickCell(game, event);
      return;
    }
    if (!d.moved) {
      game.enqueue(() => pick(game, game.selected === d.p.id ? null : d.p.id));
    } else if (d.at && d.at.id !== d.p.id) {
      game.enqueue(() => game.move(d.p.id, d.at.id, { slide: false }));
    } else {
      d.g.classList.remove('dragging');
      d.g.style.transform = '';
    }
  };
  board.addEventListener('pointerup', end);
  board.addEventListener('pointercancel', end);
}

/** A click off the pieces: on a destination, the piece picked up goes there; elsewhere it is put down. */
function clickCell(game, event) {
  const dest = event.target.closest('[data-dest]');
  if (dest) {
    game.enqueue(() => game.move(lifted(game), dest.dataset.dest));
    return;
  }
  const cell = cellOfEvent(game.boardWrap.firstChild, event);
  game.enqueue(() => {
    if (game.selected == null) return;
    const p = game.pieces.find((q) => q.id === game.selected);
    // The nearest destination whose piece would cover the cell.
    const covering = cell && destinations(game.pieces, game.selected).find((d) =>
      cell[0] >= d.x && cell[0] < d.x + p.w && cell[1] >= d.y && cell[1] < d.y + p.h);
    if (covering) game.move(game.selected, covering.id);
    else pick(game, null);
  });
}

/** The reachable position (of `reach`, the start first) nearest to the start moved by `(dx, dy)` cells. */
function snap(p, reach, dx, dy) {
  let best = reach[0];
  let distance = Infinity;
  for (const r of reach) {
    const d = Math.hypot(p.x + dx - r.x, p.y + dy - r.y);
    if (d < distance - 1e-9) [best, distance] = [r, d];
  }
  return best;
}

/**
 * Where a dragged piece is drawn, as an offset in cells: at the nearest
 * reachable position, eased along one axis towards the pointer only where
 * the next cell that way is reachable too, so it never shows over another
 * piece.
 */
function follow(p, reach, dx, dy) {
  const at = snap(p, reach, dx, dy);
  const rest = [p.x + dx - at.x, p.y + dy - at.y];
  const axis = Math.abs(rest[0]) >= Math.abs(rest[1]) ? 0 : 1;
  const sign = Math.sign(rest[axis]);
  const next = axis === 0 ? [at.x + sign, at.y] : [at.x, at.y + sign];
  const open = sign !== 0 && reach.some((r) => r.x === next[0] && r.y === next[1]);
  const ease = open ? Math.max(-0.5, Math.min(0.5, rest[axis])) : 0;
  return [at.x - p.x + (axis === 0 ? ease : 0), at.y - p.y + (axis === 1 ? ease : 0)];
}
