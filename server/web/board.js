// The board as SVG, drawn from a list of pieces (code.js): never edited in
// place, redrawn for each layout.

import { HEIGHT, WIDTH, cellAt, cellName, rows } from './code.js';
import { pieceNames as namesShown } from './header.js';
import { t } from './i18n.js';
import { pieceNames } from './names.js';

const NS = 'http://www.w3.org/2000/svg';
/** Units per cell, and the frame around the cells. */
export const CELL = 100;
const FRAME = 20;
const GAP = 5;
const node = svgNode;

/** An SVG element with attributes, appended to `parent` when given. */
export function svgNode(name, attributes = {}, parent = null) {
  const element = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.append(element);
  return element;
}

/** The rectangle of `w` x `h` cells with its top-left cell at `[x, y]`. */
function box(x, y, w, h) {
  return {
    x: FRAME + x * CELL + GAP,
    y: FRAME + y * CELL + GAP,
    width: w * CELL - 2 * GAP,
    height: h * CELL - 2 * GAP,
  };
}

/** What the 2x2 block shows when the pieces' names are not written: the first of 曹操. */
const BLOCK = '曹';

/**
 * A piece's name read aloud: its kind and cell, after the name written on
 * it (`shown`) when the kind's word does not hold it, so that what is read
 * holds what is seen.
 */
function pieceLabel(p, shown) {
  const kind = t(`piece${p.kind}`);
  return shown && !kind.includes(shown) ? t('pieceNamed', shown, kind, p.id) : t('pieceAt', kind, p.id);
}

/**
 * An SVG board of `pieces`. Options: `cells` draws a clickable rectangle per
 * cell (`data-cell`), focusable with `focusCells`; `selected` marks a piece; `dests` are outlines of the
 * selected piece where it can go (`data-dest`), each `{to, x, y, w, h, text}`;
 * `label` names the board for screen readers. `tabStop` makes the board one
 * stop of the tab order, at that piece (the others are reached with the
 * arrow keys); `marked` outlines a piece (a hint), and `arrow` (`{from, to}`:
 * a piece's top-left cell and where it goes) draws its move. A full-size
 * board is a `group` of focusable pieces, its columns a-d and rows 1-5
 * named on the frame; a small one is an image.
 */
export function drawBoard(pieces, { cells = false, focusCells = false, selected = null, dests = [], label = t('board'), small = false, tabStop, marked = null, arrow = null, names = null } = {}) {
  const written = !small && namesShown() ? names ?? pieceNames(pieces) : null;
  const width = WIDTH * CELL + 2 * FRAME;
  const height = HEIGHT * CELL + 2 * FRAME;
  const svg = node('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: small ? 'board small' : 'board',
    role: small ? 'img' : 'group',
    'aria-label': label,
    'data-board': rows(pieces),
  });
  node('rect', { x: 0, y: 0, width, height, rx: 16, class: 'frame' }, svg);
  node('rect', { x: FRAME, y: FRAME, width: WIDTH * CELL, height: HEIGHT * CELL, class: 'floor' }, svg);
  // The exit: the bottom edge under columns b and c.
  node('rect', { x: FRAME + CELL, y: height - FRAME, width: 2 * CELL, height: FRAME, class: 'exit' }, svg);
  if (!small) {
    const text = node('text', { x: width / 2, y: height - 4, class: 'exit-label', 'text-anchor': 'middle' }, svg);
    text.textContent = t('exit');
    coordinates(svg);
  }
  if (cells) {
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const b = box(x, y, 1, 1);
        const focus = focusCells ? { tabindex: '0', role: 'button', 'aria-label': t('cellLabel', cellName(x, y)) } : {};
        node('rect', { ...b, class: 'cell', 'data-cell': cellName(x, y), ...focus }, svg);
      }
    }
  }
  for (const p of pieces) {
    const g = node('g', {
      class: `piece k${p.kind}${p.id === selected ? ' selected' : ''}${p.id === marked ? ' marked' : ''}`,
      'data-piece': p.id,
      'data-kind': p.kind,
    }, svg);
    if (!small) {
      g.setAttribute('tabindex', tabStop === undefined || tabStop === p.id ? '0' : '-1');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', pieceLabel(p, written?.get(p.id) ?? (p.kind === '2x2' ? BLOCK : null)));
    }
    const b = box(p.x, p.y, p.w, p.h);
    node('rect', { ...b, rx: 14 }, g);
    if (written) {
      // A 1x2's name is written down it, as on a wooden board.
      const name = node('text', { x: b.x + b.width / 2, y: b.y + b.height / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central',
        class: `piece-name${p.kind === '1x2' ? ' vertical' : ''}`, 'aria-hidden': 'true' }, g);
      name.textContent = written.get(p.id);
    } else if (p.kind === '2x2' && !small) {
      const name = node('text', { x: b.x + b.width / 2, y: b.y + b.height / 2 + 24, 'text-anchor': 'middle', class: 'block-label' }, g);
      name.textContent = BLOCK;
    }
  }
  // Where the selected piece can go: its outline there, and a handle on
  // the destination's top-left cell (outlines overlap; handles never do).
  for (const d of dests) node('rect', { ...box(d.x, d.y, d.w, d.h), rx: 14, class: 'dest-area' }, svg);
  for (const d of dests) {
    const handle = node('circle', {
      cx: FRAME + (d.x + 0.5) * CELL,
      cy: FRAME + (d.y + 0.5) * CELL,
      r: 24,
      class: 'dest',
      'data-dest': d.to,
      tabindex: tabStop === undefined ? '0' : '-1',
      role: 'button',
      'aria-label': d.text,
    }, svg);
    node('title', {}, handle).textContent = d.text;
  }
  if (arrow) drawArrow(svg, pieces.find((p) => p.id === arrow.from), arrow.to);
  return svg;
}

/** The names of the columns (a-d, over the top edge) and rows (1-5, along the left edge), as the CLI and the API name cells. */
function coordinates(svg) {
  const label = (x, y, text) => {
    node('text', { x, y, class: 'coordinate', 'text-anchor': 'middle', 'aria-hidden': 'true' }, svg).textContent = text;
  };
  for (let x = 0; x < WIDTH; x++) label(FRAME + (x + 0.5) * CELL, FRAME - 5, 'abcd'[x]);
  for (let y = 0; y < HEIGHT; y++) label(FRAME / 2, FRAME + (y + 0.5) * CELL + 5, String(y + 1));
}

/** An arrow from the centre of piece `p` to its centre once moved to the cell named `to`. */
function drawArrow(svg, p, to) {
  if (!p) return;
  const [tx, ty] = cellAt(to);
  const centre = (x, y) => [FRAME + (x + p.w / 2) * CELL, FRAME + (y + p.h / 2) * CELL];
  const [x1, y1] = centre(p.x, p.y);
  const [x2, y2] = centre(tx, ty);
  const length = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  // The head: a triangle whose tip is the destination's centre.
  const [bx, by] = [x2 - 34 * ux, y2 - 34 * uy];
  const g = node('g', { class: 'hint-arrow', 'data-hint-arrow': `${p.id}-${to}`, 'aria-hidden': 'true' }, svg);
  node('line', { x1, y1, x2: bx, y2: by }, g);
  node('polygon', { points: `${x2},${y2} ${bx - 20 * uy},${by + 20 * ux} ${bx + 20 * uy},${by - 20 * ux}` }, g);
}

/**
 * The piece the arrow key `[dx, dy]` moves the focus to from the piece
 * `id`: of the pieces whose centre lies that way, the nearest, a step
 * across counting twice a step along; null when there is none.
 */
export function nextPiece(pieces, id, [dx, dy]) {
  const p = pieces.find((q) => q.id === id);
  if (!p) return null;
  const centre = (q) => [q.x + q.w / 2, q.y + q.h / 2];
  const [cx, cy] = centre(p);
  let best = null;
  for (const q of pieces) {
    const [qx, qy] = centre(q);
    const along = (qx - cx) * dx + (qy - cy) * dy;
    const across = Math.abs((qx - cx) * dy) + Math.abs((qy - cy) * dx);
    if (q === p || along <= 0) continue;
    const score = along + 2 * across;
    if (!best || score < best.score) best = { id: q.id, score };
  }
  return best?.id ?? null;
}

/** The cell under a pointer event on `svg`, or null off the cells. */
export function cellOfEvent(svg, event) {
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const local = point.matrixTransform(svg.getScreenCTM().inverse());
  const x = Math.floor((local.x - FRAME) / CELL);
  const y = Math.floor((local.y - FRAME) / CELL);
  return x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT ? [x, y] : null;
}

/** Board units per screen pixel of `svg`. */
export function unitsPerPixel(svg) {
  return 1 / svg.getScreenCTM().a;
}
