// The player's hands on the board: a piece dragged, or picked up (click,
// Enter) and put down on a destination; arrows move the focus or slide the
// piece picked up; z, y and Escape anywhere in the view. Each input is turned
// into a request to the view (play.js: move, pick, focusPiece, jump), which
// changes the game's state through its owner (game.js).

import { CELL, cellOfEvent, nextPiece, unitsPerPixel } from './board.js';
import { HEIGHT, WIDTH, cellName, destinations } from './code.js';

/** One cell's offset for each arrow key. */
const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** Lets the player play `game` (play.js's), until its view is left. */
export function bindInput(game) {
  bindPointer(game);
  game.boardWrap.addEventListener('keydown', (event) => boardKey(game, event));
  game.boardWrap.addEventListener('focusin', (event) => {
    const id = event.target.closest('[data-piece]')?.dataset.piece;
    if (id) game.focus(id);
  });
  document.addEventListener('keydown', (event) => pageKey(game, event), { signal: game.signal });
}

/** Keys on the board: Enter picks up and puts down, arrows slide or move the focus. */
function boardKey(game, event) {
  const target = event.target;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    const dest = target.dataset?.dest;
    const id = target.closest?.('[data-piece]')?.dataset.piece;
    if (dest) game.enqueue(() => game.move(game.lifted(), dest));
    else if (id) game.enqueue(() => game.togglePick(id));
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
  if (next) game.focusPiece(next);
}

/** Keys anywhere in the view: z and y undo and redo, Escape puts the piece down. */
function pageKey(game, event) {
  if (event.target.closest?.('input, textarea, select') || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === 'z') game.enqueue(() => game.jump(game.pos - 1));
  else if (event.key === 'y') game.enqueue(() => game.jump(game.pos + 1));
  else if (event.key === 'Escape') game.enqueue(() => game.pick(null));
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
      if (event.type === 'pointerup') clickOffPiece(game, event);
      return;
    }
    if (!d.moved) {
      game.enqueue(() => game.togglePick(d.p.id));
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
function clickOffPiece(game, event) {
  const dest = event.target.closest('[data-dest]');
  if (dest) {
    game.enqueue(() => game.move(game.lifted(), dest.dataset.dest));
    return;
  }
  const cell = cellOfEvent(game.boardWrap.firstChild, event);
  game.enqueue(() => game.clickCell(cell));
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
