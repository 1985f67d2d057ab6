// The graph view (/ui/graph/{code}): a layout's group (or the ball around
// it in a group too large to draw whole) as the graph it is, placed by the
// server. One canvas: nodes coloured by steps to solved (or farthest step),
// solved layouts and the chosen one marked, its minimum solution drawn as a
// path. Hover shows a board, a click opens the layout, arrow keys walk
// between neighbours. Pan and zoom redraw a snapshot of the last full
// drawing, so they cost one image copy a frame; the full drawing follows
// when the movement stops.

import * as api from './api.js';
import { drawBoard } from './board.js';
import { decode } from './code.js';
import { el, link, plural, touchScreen } from './dom.js';
import { num, t } from './i18n.js';

/**
 * Colours from near to far (viridis, reversed: near is bright); on a dark
 * background the far end stops at a lighter violet, which stays readable
 * (viridis's own end, #440154, is hardly seen on the dark theme's #17181b).
 */
const RAMPS = {
  light: ['#fde725', '#7ad151', '#22a884', '#2a788e', '#414487', '#440154'],
  dark: ['#fde725', '#7ad151', '#22a884', '#2a8fa0', '#4f6fcf', '#9a6be0'],
};
const UNSOLVABLE = '#9a9a9a';
const PATHS = { light: '#e4003a', dark: '#ff5c7a' };
const DARK = matchMedia('(prefers-color-scheme: dark)');
const theme = () => (DARK.matches ? 'dark' : 'light');
const BUCKETS = 48;
/** Milliseconds after the last pan or zoom before the full redraw. */
const SETTLE_MS = 120;

const COLOUR_KEY = 'klotski.graph.colour';

/** The colouring chosen last, if the browser keeps it. */
function remembered() {
  try {
    return localStorage.getItem(COLOUR_KEY);
  } catch {
    return null;
  }
}

function rampColour(t) {
  const ramp = RAMPS[theme()];
  const x = Math.min(Math.max(t, 0), 1) * (ramp.length - 1);
  const i = Math.min(Math.floor(x), ramp.length - 2);
  const mix = (a, b) => Math.round(a + (b - a) * (x - i));
  const rgb = (hex) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
  const [a, b] = [rgb(ramp[i]), rgb(ramp[i + 1])];
  return `rgb(${mix(a[0], b[0])},${mix(a[1], b[1])},${mix(a[2], b[2])})`;
}

/** Each node's neighbours, from the flat edge list. */
function adjacency(n, edges) {
  const degree = new Uint32Array(n + 1);
  for (const v of edges) degree[v + 1]++;
  for (let i = 0; i < n; i++) degree[i + 1] += degree[i];
  const fill = degree.slice(0, n);
  const list = new Uint32Array(edges.length);
  for (let k = 0; k < edges.length; k += 2) {
    const [a, b] = [edges[k], edges[k + 1]];
    list[fill[a]++] = b;
    list[fill[b]++] = a;
  }
  return (i) => list.subarray(degree[i], degree[i + 1]);
}

/** A grid over the nodes' positions, to find the node under the pointer. */
function spatialIndex(xs, ys) {
  const n = xs.length;
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < n; i++) {
    x0 = Math.min(x0, xs[i]); x1 = Math.max(x1, xs[i]);
    y0 = Math.min(y0, ys[i]); y1 = Math.max(y1, ys[i]);
  }
  const side = Math.max(1, Math.ceil(Math.sqrt(n / 4)));
  const w = (x1 - x0) / side || 1;
  const h = (y1 - y0) / side || 1;
  const cell = (x, y) => [Math.min(side - 1, Math.floor((x - x0) / w)), Math.min(side - 1, Math.floor((y - y0) / h))];
  const cells = Array.from({ length: side * side }, () => []);
  for (let i = 0; i < n; i++) {
    const [cx, cy] = cell(xs[i], ys[i]);
    cells[cy * side + cx].push(i);
  }
  return {
    bounds: { x0, x1, y0, y1 },
    /** The node nearest to (x, y) within `radius`, or -1. */
    nearest(x, y, radius) {
      let best = -1;
      let bestD = radius * radius;
      const [ax, ay] = cell(x - radius, y - radius);
      const [bx, by] = cell(x + radius, y + radius);
      for (let cy = Math.max(ay, 0); cy <= by; cy++) {
        for (let cx = Math.max(ax, 0); cx <= bx; cx++) {
          for (const i of cells[cy * side + cx]) {
            const d = (xs[i] - x) ** 2 + (ys[i] - y) ** 2;
            if (d < bestD) { bestD = d; best = i; }
          }
        }
      }
      return best;
    },
  };
}

/**
 * The API's graph of `code`'s group. While the server places it (a large
 * group's first drawing takes seconds), the view says what is placed and
 * for how long it has been.
 */
async function drawingOf(view, code, signal) {
  const answer = api.graph(code, signal);
  const started = performance.now();
  let what = t('groupOf', code);
  const note = el('p', { 'data-graph-progress': '', role: 'status' });
  const tell = () => {
    const seconds = Math.floor((performance.now() - started) / 1000);
    note.textContent = t('placing', what, seconds ? num(seconds) : '');
  };
  api.caseInfo(code, signal).then((info) => {
    what = t('layoutsOfGroup', plural(info.group.size, 'layout'), info.group.name);
    tell();
  }, () => {});
  tell();
  // Shown only when the answer is slow to come, so a cached drawing does not flicker.
  const shown = setTimeout(() => view.replaceChildren(el('h1', { class: 'graph-title' }, t('graphOf', code)),
    el('div', { class: 'graph-progress' }, el('progress', { 'aria-label': t('placingLayouts') }), note)), 250);
  const ticks = setInterval(tell, 1000);
  try {
    return await answer;
  } finally {
    clearTimeout(shown);
    clearInterval(ticks);
  }
}

/** Opens the graph view of `code` in `view`; `signal` aborts it when it is left. */
export async function graphView(view, code, navigate, signal) {
  const g = await drawingOf(view, code, signal);
  const nodes = g.nodes;
  const n = nodes.code.length;
  const xs = Float32Array.from(nodes.x);
  const ys = Float32Array.from(nodes.y);
  const neighbours = adjacency(n, g.edges);
  const index = spatialIndex(xs, ys);
  const solutionSet = new Set(g.solution);
  const chosenCode = nodes.code[g.chosen];

  const colourBy = el('select', { name: 'colour', 'data-graph-colour': '' },
    el('option', { value: 'min_solution_step' }, t('colourSolved')),
    el('option', { value: 'farthest_step' }, t('colourFarthest')));
  colourBy.value = remembered() === 'farthest_step' ? 'farthest_step' : 'min_solution_step';
  const legend = el('span', { class: 'graph-legend', 'data-graph-legend': '' });
  const canvas = el('canvas', {
    class: 'graph-canvas', 'data-graph-canvas': '', tabindex: '0', role: 'img',
    'aria-label': t('graphLabel', g.group.name),
  });
  const inset = el('div', { class: 'graph-inset', 'data-graph-inset': '' });
  const zoomButton = (label, factor) => el('button', { type: 'button', 'aria-label': label, onclick: () => zoomAt(canvas.clientWidth / 2, canvas.clientHeight / 2, factor) }, factor > 1 ? '+' : '−');
  const stage = el('div', { class: 'graph-stage' }, canvas, inset);
  const edges = plural(g.edges.length / 2, 'edge');
  const what = g.radius === null
    ? t('graphWhole', plural(n, 'layout'), g.group.name, edges)
    : t('graphBall', plural(n, 'layout'), plural(g.radius, 'step'), chosenCode, num(g.group.size), edges);
  document.title = t('graphTabTitle', chosenCode, g.group.name);
  const solution = g.solution.length
    ? t('graphSolution', plural(g.solution.length - 1, 'step'), g.radius !== null && nodes.min_solution_step[g.chosen] > g.radius)
    : t('graphNoSolution');
  view.replaceChildren(
    el('h1', { class: 'graph-title' }, ...t('graphOfGroup', link(`/ui/group/${g.group.name}`, g.group.name))),
    el('div', { class: 'graph-tools' },
      el('label', {}, t('colourBy'), colourBy), legend,
      el('span', { class: 'graph-zoom' }, zoomButton(t('zoomOut'), 1 / 1.5), zoomButton(t('zoomIn'), 1.5))),
    stage,
    el('p', {}, ...t('graphAbout', what, link(`/ui/case/${chosenCode}`, chosenCode), solution)),
    el('p', { class: 'hint' }, t('graphHelp', touchScreen())));

  // Colour buckets: one fill per bucket keeps the full drawing cheap. The
  // ramp runs over the values drawn, from the least to the most.
  let buckets = [];
  function colour() {
    const key = colourBy.value;
    const values = nodes[key];
    let [min, max] = [Infinity, -Infinity];
    for (const v of values) {
      if (v >= 0) [min, max] = [Math.min(min, v), Math.max(max, v)];
    }
    buckets = Array.from({ length: BUCKETS + 1 }, () => []);
    for (let i = 0; i < n; i++) {
      buckets[values[i] < 0 ? BUCKETS : Math.min(BUCKETS - 1, Math.floor(((values[i] - min) / (max - min || 1)) * (BUCKETS - 1)))].push(i);
    }
    if (min > max) {
      legend.replaceChildren(t('legendNone'));
    } else {
      legend.replaceChildren(String(min), el('span', { class: 'graph-ramp', style: `background:linear-gradient(90deg,${RAMPS[theme()].join(',')})` }),
        t(key === 'farthest_step' ? 'legendFarthest' : 'legendSolved', num(max)));
    }
    canvas.dataset.graphColour = key;
    canvas.dataset.graphRange = min > max ? '' : `${min}-${max}`;
  }

  // The view: screen = (world - centre) * scale + half the canvas.
  const camera = { cx: 0, cy: 0, scale: 1 };
  let dpr = 1;
  let width = 0;
  let height = 0;
  function fit() {
    const b = index.bounds;
    const r = canvas.getBoundingClientRect();
    camera.cx = (b.x0 + b.x1) / 2;
    camera.cy = (b.y0 + b.y1) / 2;
    camera.scale = 0.92 * Math.min(r.width / ((b.x1 - b.x0) || 1), r.height / ((b.y1 - b.y0) || 1));
  }
  const sx = (i) => (xs[i] - camera.cx) * camera.scale + width / 2;
  const sy = (i) => (ys[i] - camera.cy) * camera.scale + height / 2;

  const ctx = canvas.getContext('2d');
  const snapshot = document.createElement('canvas');
  let shot = null;
  let focus = g.chosen;

  function resize() {
    const r = canvas.getBoundingClientRect();
    dpr = window.devicePixelRatio || 1;
    width = r.width;
    height = r.height;
    canvas.width = snapshot.width = Math.round(width * dpr);
    canvas.height = snapshot.height = Math.round(height * dpr);
  }

  /** The full drawing, kept as the snapshot pan and zoom move (none while the canvas has no size: laid out anew). */
  function draw() {
    if (!canvas.width || !canvas.height) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const dark = DARK.matches;
    ctx.lineWidth = 0.6;
    ctx.strokeStyle = dark ? 'rgba(200,200,200,0.18)' : 'rgba(60,60,60,0.16)';
    ctx.beginPath();
    for (let k = 0; k < g.edges.length; k += 2) {
      const [a, b] = [g.edges[k], g.edges[k + 1]];
      ctx.moveTo(sx(a), sy(a));
      ctx.lineTo(sx(b), sy(b));
    }
    ctx.stroke();
    const size = Math.max(1.6, Math.min(6, camera.scale * 0.5));
    for (let bucket = 0; bucket <= BUCKETS; bucket++) {
      ctx.fillStyle = bucket === BUCKETS ? UNSOLVABLE : rampColour(bucket / (BUCKETS - 1));
      for (const i of buckets[bucket]) ctx.fillRect(sx(i) - size / 2, sy(i) - size / 2, size, size);
    }
    // Solved layouts: a thin translucent outline once zoomed in (zoomed
    // out, their thousands would draw as one dark blob; steps to solved
    // colours them the ramp's first colour).
    ctx.strokeStyle = dark ? 'rgba(255,255,255,0.5)' : 'rgba(0,0,0,0.4)';
    ctx.lineWidth = 0.6;
    ctx.beginPath();
    for (let i = 0; i < n && size >= 3; i++) {
      if (nodes.code[i][0] === 'D') ctx.rect(sx(i) - size / 2 - 0.8, sy(i) - size / 2 - 0.8, size + 1.6, size + 1.6);
    }
    ctx.stroke();
    if (g.solution.length > 1) {
      ctx.strokeStyle = PATHS[theme()];
      ctx.lineWidth = 2.5;
      ctx.lineJoin = 'round';
      ctx.beginPath();
      g.solution.forEach((i, k) => (k ? ctx.lineTo(sx(i), sy(i)) : ctx.moveTo(sx(i), sy(i))));
      ctx.stroke();
    }
    ring(g.chosen, PATHS[theme()], 9);
    placeCard();
    const snap = snapshot.getContext('2d');
    snap.setTransform(1, 0, 0, 1, 0, 0);
    snap.clearRect(0, 0, snapshot.width, snapshot.height);
    snap.drawImage(canvas, 0, 0);
    shot = { ...camera };
    marks();
    showHovered();
  }

  /** The card in the top corner away from the chosen layout, so that it never hides its ring. */
  function placeCard() {
    inset.classList.toggle('left', sx(g.chosen) > width / 2);
  }

  function ring(i, colour, radius) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    ctx.arc(sx(i), sy(i), radius, 0, 2 * Math.PI);
    ctx.stroke();
  }

  /** The focused node's ring, over the snapshot. */
  function marks() {
    if (focus !== g.chosen) ring(focus, DARK.matches ? '#fff' : '#000', 7);
  }

  /** A frame while moving: the snapshot, moved and scaled. */
  function quick() {
    if (!shot) return draw();
    const k = camera.scale / shot.scale;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const ox = ((shot.cx - camera.cx) * camera.scale + width / 2 - (width / 2) * k) * dpr;
    const oy = ((shot.cy - camera.cy) * camera.scale + height / 2 - (height / 2) * k) * dpr;
    ctx.drawImage(snapshot, ox, oy, snapshot.width * k, snapshot.height * k);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    marks();
  }

  let settle = 0;
  let frame = 0;
  function moved() {
    if (!frame) frame = requestAnimationFrame(() => { frame = 0; quick(); showHovered(); });
    clearTimeout(settle);
    settle = setTimeout(draw, SETTLE_MS);
  }
  function panBy(dx, dy) {
    camera.cx -= dx / camera.scale;
    camera.cy -= dy / camera.scale;
    moved();
  }
  function zoomAt(px, py, factor) {
    const wx = (px - width / 2) / camera.scale + camera.cx;
    const wy = (py - height / 2) / camera.scale + camera.cy;
    camera.scale *= factor;
    camera.cx = wx - (px - width / 2) / camera.scale;
    camera.cy = wy - (py - height / 2) / camera.scale;
    moved();
  }

  /** The node the card shows. */
  let shown = -1;
  function show(i) {
    if (i === shown) return;
    shown = i;
    const pieces = decode(nodes.code[i]);
    const steps = nodes.min_solution_step[i];
    inset.replaceChildren(
      drawBoard(pieces, { small: true, label: t('layoutLabel', nodes.code[i]) }),
      el('div', { 'data-graph-shown': nodes.code[i] }, el('strong', {}, nodes.code[i])),
      el('div', {}, steps < 0 ? t('cannotBeSolved') : steps === 0 ? t('solvedWord') : t('toSolved', plural(steps, 'step'))),
      el('div', {}, t('farthestCard', plural(nodes.farthest_step[i], 'step'))),
      solutionSet.has(i) ? el('div', {}, t('onSolution')) : '');
  }
  function setFocus(i) {
    focus = i;
    canvas.dataset.graphFocus = nodes.code[i];
    show(i);
    quick();
  }
  /**
   * Where the pointer hovers over the canvas, or null. The card shows the
   * layout under it (also after a pan or a zoom moves another one there),
   * else the focused one.
   */
  let hover = null;
  function showHovered() {
    if (!hover) return;
    const i = nodeAt(...hover);
    show(i >= 0 ? i : focus);
  }

  // Pointer: drag pans, a click without a drag opens the node under it,
  // hover shows its board; the wheel zooms. By touch one finger scrolls the
  // page (style.css lets the browser have it) and two pan and zoom.
  const pointers = new Map();
  let dragged = 0;
  const nodeAt = (px, py) => index.nearest((px - width / 2) / camera.scale + camera.cx, (py - height / 2) / camera.scale + camera.cy, 8 / camera.scale);
  canvas.addEventListener('pointerdown', (e) => {
    canvas.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, [e.offsetX, e.offsetY]);
    dragged = 0;
  });
  canvas.addEventListener('pointermove', (e) => {
    hover = [e.offsetX, e.offsetY];
    const last = pointers.get(e.pointerId);
    if (!last) {
      showHovered();
      return;
    }
    const [dx, dy] = [e.offsetX - last[0], e.offsetY - last[1]];
    if (pointers.size === 2) {
      // The midpoint moves by half a finger's move; the spread zooms about it.
      const [other] = [...pointers].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
      const before = Math.hypot(last[0] - other[0], last[1] - other[1]);
      const after = Math.hypot(e.offsetX - other[0], e.offsetY - other[1]);
      panBy(dx / 2, dy / 2);
      if (before > 0) zoomAt((e.offsetX + other[0]) / 2, (e.offsetY + other[1]) / 2, after / before);
    } else if (e.pointerType !== 'touch') {
      panBy(dx, dy);
    }
    dragged += Math.abs(dx) + Math.abs(dy);
    pointers.set(e.pointerId, [e.offsetX, e.offsetY]);
  });
  const release = (e) => {
    if (!pointers.delete(e.pointerId)) return;
    if (e.type === 'pointerup' && dragged < 5 && pointers.size === 0) {
      const i = nodeAt(e.offsetX, e.offsetY);
      if (i >= 0) navigate(`/ui/case/${nodes.code[i]}`);
    }
  };
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointerleave', () => {
    hover = null;
    show(focus);
  });
  canvas.addEventListener('pointercancel', release);
  // Two fingers are the graph's, not the page's scroll.
  canvas.addEventListener('touchmove', (e) => {
    if (e.touches.length > 1 && e.cancelable) e.preventDefault();
  }, { passive: false });
  canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    zoomAt(e.offsetX, e.offsetY, Math.exp(-e.deltaY * 0.0015));
  }, { passive: false });

  // Keyboard: an arrow moves to the neighbour most in its direction.
  const DIRECTIONS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
  canvas.addEventListener('keydown', (e) => {
    const d = DIRECTIONS[e.key];
    if (d) {
      e.preventDefault();
      let best = -1;
      let bestScore = 0;
      for (const j of neighbours(focus)) {
        const [vx, vy] = [xs[j] - xs[focus], ys[j] - ys[focus]];
        const score = (vx * d[0] + vy * d[1]) / (Math.hypot(vx, vy) || 1);
        if (score > bestScore) { bestScore = score; best = j; }
      }
      if (best >= 0) setFocus(best);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      navigate(`/ui/case/${nodes.code[focus]}`);
    } else if (e.key === '+' || e.key === '-') {
      zoomAt(width / 2, height / 2, e.key === '+' ? 1.5 : 1 / 1.5);
    }
  });

  colourBy.addEventListener('change', () => {
    try {
      localStorage.setItem(COLOUR_KEY, colourBy.value);
    } catch {
      // A browser that keeps nothing still colours by it now.
    }
    colour();
    draw();
  });
  const observer = new ResizeObserver(() => { resize(); fit(); draw(); });
  const recolour = () => { colour(); draw(); };
  DARK.addEventListener('change', recolour, { signal });
  signal.addEventListener('abort', () => observer.disconnect());

  // For tests and measurements: where a node is drawn, centring on one,
  // and a scripted pan.
  canvas.graph = {
    point: (c) => { const i = nodes.code.indexOf(c); return i < 0 ? null : [sx(i), sy(i)]; },
    centreOn: (c) => { const i = nodes.code.indexOf(c); camera.cx = xs[i]; camera.cy = ys[i]; camera.scale = Math.max(camera.scale, 40); draw(); },
    panBy,
    zoomAt,
  };

  colour();
  resize();
  fit();
  draw();
  setFocus(g.chosen);
  observer.observe(canvas);
  canvas.dataset.graphNodes = String(n);
  canvas.dataset.graphEdges = String(g.edges.length / 2);
  canvas.dataset.graphSolution = String(g.solution.length);
  canvas.dataset.graphRadius = g.radius === null ? 'whole' : String(g.radius);
}
