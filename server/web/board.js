// The board as SVG, drawn from a list of pieces (code.js): never edited in
// place, redrawn for each layout.

import { HEIGHT, WIDTH, cellName, rows } from './code.js';

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

/**
 * An SVG board of `pieces`. Options: `cells` draws a clickable rectangle per
 * cell (`data-cell`), focusable with `focusCells`; `selected` marks a piece; `dests` are outlines of the
 * selected piece where it can go (`data-dest`), each `{to, x, y, w, h, text}`;
 * `label` names the board for screen readers. `tabStop` makes the board one
 * stop of the tab order, at that piece (the others are reached with the
 * arrow keys); `marked` outlines a piece (a hint).
 */
export function drawBoard(pieces, { cells = false, focusCells = false, selected = null, dests = [], label = 'Klotski board', small = false, tabStop, marked = null } = {}) {
  const width = WIDTH * CELL + 2 * FRAME;
  const height = HEIGHT * CELL + 2 * FRAME;
  const svg = node('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: small ? 'board small' : 'board',
    role: 'img',
    'aria-label': label,
    'data-board': rows(pieces),
  });
  node('rect', { x: 0, y: 0, width, height, rx: 16, class: 'frame' }, svg);
  node('rect', { x: FRAME, y: FRAME, width: WIDTH * CELL, height: HEIGHT * CELL, class: 'floor' }, svg);
  // The exit: the bottom edge under columns b and c.
  node('rect', { x: FRAME + CELL, y: height - FRAME, width: 2 * CELL, height: FRAME, class: 'exit' }, svg);
  if (!small) {
    const text = node('text', { x: width / 2, y: height - 4, class: 'exit-label', 'text-anchor': 'middle' }, svg);
    text.textContent = 'exit';
  }
  if (cells) {
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const b = box(x, y, 1, 1);
        const focus = focusCells ? { tabindex: '0', role: 'button', 'aria-label': `cell ${cellName(x, y)}` } : {};
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
      g.setAttribute('aria-label', `${p.kind} at ${p.id}`);
    }
    const b = box(p.x, p.y, p.w, p.h);
    node('rect', { ...b, rx: 14 }, g);
    if (p.kind === '2x2' && !small) {
      const t = node('text', { x: b.x + b.width / 2, y: b.y + b.height / 2 + 24, 'text-anchor': 'middle', class: 'block-label' }, g);
      t.textContent = '曹';
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
  return svg;
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
