// Layouts as pieces, and the code of a layout (docs/spec.md, "The code"):
// bits 35..32 the 2x2 block's address x + 4y; bits 31..0 two-bit
// items, first item highest, over the cells not yet covered in reading
// order: 00 empty, 01 2x1, 10 1x2, 11 1x1.

import { t } from './i18n.js';

export const WIDTH = 4;
export const HEIGHT = 5;

/** The sizes of the four kinds of piece, width x height. */
export const KINDS = {
  '2x2': [2, 2],
  '2x1': [2, 1],
  '1x2': [1, 2],
  '1x1': [1, 1],
};
const ITEM_KINDS = [null, '2x1', '1x2', '1x1'];

/** A cell's name: column letter and row number, `a1` top-left to `d5`. */
export const cellName = (x, y) => 'abcd'[x] + (y + 1);

/** The cell `[x, y]` of a name such as `b4`. */
export const cellAt = (name) => ['abcd'.indexOf(name[0]), Number(name.slice(1)) - 1];

/** A piece of `kind` with its top-left corner at `[x, y]`. */
export function piece(kind, x, y) {
  const [w, h] = KINDS[kind];
  return { kind, x, y, w, h, id: cellName(x, y) };
}

/** The cells a piece covers, as indices `x + 4y`. */
function cellsOf(p) {
  const cells = [];
  for (let dy = 0; dy < p.h; dy++) for (let dx = 0; dx < p.w; dx++) cells.push((p.y + dy) * WIDTH + p.x + dx);
  return cells;
}

/** The pieces of a legal code given as 9 hex digits. */
export function decode(code) {
  const value = BigInt('0x' + code);
  const address = Number(value >> 32n);
  let items = Number(value & 0xffffffffn);
  const covered = new Set();
  const block = piece('2x2', address % 4, Math.floor(address / 4));
  const pieces = [block];
  const cover = (p) => cellsOf(p).forEach((cell) => covered.add(cell));
  cover(block);
  let slot = 0;
  for (let cell = 0; cell < WIDTH * HEIGHT; cell++) {
    if (covered.has(cell)) continue;
    const kind = ITEM_KINDS[(items >>> (30 - 2 * slot)) & 3];
    slot++;
    if (kind) {
      const p = piece(kind, cell % WIDTH, Math.floor(cell / WIDTH));
      pieces.push(p);
      cover(p);
    }
  }
  return pieces;
}

/**
 * The code, as 9 uppercase hex digits, of the legal layout `text` names in
 * any form the engine parses (1 to 9 hex digits, either case, missing
 * trailing digits zeros: `1a9bf0c`), or null: the engine's checks (the
 * 2x2 block's address, pieces on the board and apart, at least two empty
 * cells, no bits left over), made on the decoded pieces.
 */
export function checkedCode(text) {
  if (!/^[0-9a-f]{1,9}$/i.test(text)) return null;
  const code = text.toUpperCase().padEnd(9, '0');
  const address = parseInt(code[0], 16);
  if (address % WIDTH > WIDTH - 2) return null;
  const pieces = decode(code);
  const apart = pieces.every((p, i) => misfit(pieces.slice(0, i), p) == null);
  return apart && illegality(pieces) == null && encode(pieces) === code ? code : null;
}

/** What is wrong with placing `p` among `pieces`, or null when it fits. */
export function misfit(pieces, p) {
  if (p.x + p.w > WIDTH || p.y + p.h > HEIGHT) {
    return t('sticksOut', t(`piece${p.kind}`), p.id);
  }
  const other = pieces.find((q) => p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h);
  return other ? t('overlaps', t(`piece${p.kind}`), p.id, t(`piece${other.kind}`), other.id) : null;
}

/** Why `pieces` (inside the board, not overlapping) is not a legal layout, or null. */
export function illegality(pieces) {
  const blocks = pieces.filter((p) => p.kind === '2x2').length;
  if (blocks !== 1) return t('blocks', blocks);
  const empty = WIDTH * HEIGHT - pieces.reduce((sum, p) => sum + p.w * p.h, 0);
  if (empty < 2) return t('emptyCells', empty);
  return null;
}

/** The code of a legal layout: 9 uppercase hex digits. */
export function encode(pieces) {
  const block = pieces.find((p) => p.kind === '2x2');
  const at = new Map(pieces.map((p) => [p.y * WIDTH + p.x, p]));
  const covered = new Set();
  const cover = (p) => cellsOf(p).forEach((cell) => covered.add(cell));
  cover(block);
  let items = 0n;
  let slot = 0;
  for (let cell = 0; cell < WIDTH * HEIGHT; cell++) {
    if (covered.has(cell)) continue;
    const p = at.get(cell);
    if (p) {
      items |= BigInt(ITEM_KINDS.indexOf(p.kind)) << BigInt(30 - 2 * slot);
      cover(p);
    }
    slot++;
  }
  return ((BigInt(block.y * WIDTH + block.x) << 32n) | items).toString(16).toUpperCase().padStart(9, '0');
}

/** The class `J-B-S` of a layout's pieces: two-cell pieces, 1x1 pieces, 2x1 pieces. */
export function classOf(pieces) {
  const count = (...kinds) => pieces.filter((p) => kinds.includes(p.kind)).length;
  return `${count('2x1', '1x2')}-${count('1x1')}-${count('2x1')}`;
}

/** The board as the API draws it, rows joined by `|`. */
export function rows(pieces) {
  const grid = Array.from({ length: HEIGHT }, () => Array(WIDTH).fill('.'));
  for (const p of pieces) {
    for (let dy = 0; dy < p.h; dy++) {
      for (let dx = 0; dx < p.w; dx++) {
        const mark = { '2x2': '#', '2x1': dx ? '>' : '<', '1x2': dy ? 'v' : '^', '1x1': 'o' }[p.kind];
        grid[p.y + dy][p.x + dx] = mark;
      }
    }
  }
  return grid.map((row) => row.join('')).join('|');
}

/**
 * Where the piece `id` of `pieces` can go in one step (docs/spec.md,
 * "Steps"): every position reachable by one-cell slides through empty
 * cells, the cells it leaves counting as empty, other than where it is.
 * Each is `{x, y, id, cells, straight}`: `id` the name of its new top-left
 * cell, `cells` and `straight` the fewest cell moves and straight moves
 * of this piece alone (the others still) that take it there.
 */
export function destinations(pieces, id) {
  const p = pieces.find((q) => q.id === id);
  if (!p) return [];
  const others = pieces.filter((q) => q !== p);
  const fits = (x, y) => x >= 0 && y >= 0 && misfit(others, { ...p, x, y }) == null;
  const start = { x: p.x, y: p.y, id: p.id, cells: 0, straight: 0 };
  const reach = new Map([[p.id, start]]);
  const found = [];
  // Breadth first over one-cell slides: the layer is the fewest cell moves.
  const queue = [start];
  while (queue.length) {
    const at = queue.shift();
    for (const [dx, dy] of SLIDES) {
      const [nx, ny] = [at.x + dx, at.y + dy];
      if (nx >= WIDTH || ny >= HEIGHT || !fits(nx, ny)) continue;
      const name = cellName(nx, ny);
      if (reach.has(name)) continue;
      const d = { x: nx, y: ny, id: name, cells: at.cells + 1, straight: Infinity };
      reach.set(name, d);
      found.push(d);
      queue.push(d);
    }
  }
  // Breadth first over straight slides: every position on the way fits,
  // so a slide goes on while the next position is one of `reach`.
  let layer = [start];
  for (let n = 1; layer.length; n++) {
    const next = [];
    for (const at of layer) {
      for (const [dx, dy] of SLIDES) {
        for (let k = 1, d; (d = reach.get(cellName(at.x + k * dx, at.y + k * dy))); k++) {
          if (d.straight > n) {
            d.straight = n;
            next.push(d);
          }
        }
      }
    }
    layer = next;
  }
  return found;
}

/** The four one-cell slides: up, down, left, right. */
const SLIDES = [[0, -1], [0, 1], [-1, 0], [1, 0]];

/** `pieces` with the piece `id` moved to the top-left cell `to` (a name). */
export function moved(pieces, id, to) {
  const [x, y] = cellAt(to);
  return pieces.map((p) => (p.id === id ? piece(p.kind, x, y) : p));
}

/** Whether the layout is solved: the 2x2 block at b4, over the exit. */
export const isSolved = (pieces) => pieces.some((p) => p.kind === '2x2' && p.id === 'b4');
