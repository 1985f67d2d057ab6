// The review of a solved game: moves to solved (in the metric counted in)
// after each step of the game, against the fewest (one nearer each move),
// every step that came fewer moves nearer than it took marked.

import { svgNode as node } from './board.js';
import { num, plural, t, unitName } from './i18n.js';

/**
 * A chart of `left` (moves of `metric` to solved after each step of the
 * game, the start first) over the moves played (`lengths`: each step's
 * moves): the game's line, the fewest's dashed line, and a dot per step,
 * coloured by whether it came as many moves nearer as it took, fewer or
 * none, or went farther.
 */
export function reviewChart(left, lengths, metric) {
  const width = 600;
  const height = 240;
  const [padLeft, padBottom, padTop, padRight] = [44, 36, 10, 10];
  // The moves played before each point.
  const played = [0];
  lengths.forEach((length, k) => played.push(played[k] + length));
  const n = played[played.length - 1];
  const most = Math.max(...left, 1);
  const x = (k) => padLeft + (k / Math.max(n, 1)) * (width - padLeft - padRight);
  const y = (v) => padTop + (1 - v / most) * (height - padTop - padBottom);
  const figure = document.createElement('figure');
  figure.className = 'chart review-chart';
  const caption = document.createElement('figcaption');
  caption.textContent = t('reviewCaption', unitName(metric.unit));
  figure.append(caption);
  const svg = node('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': t('reviewLabel', unitName(metric.unit), left.join(t('listComma'))) }, figure);
  node('line', { x1: padLeft, y1: y(0), x2: width - padRight, y2: y(0), class: 'axis' }, svg);
  node('line', { x1: padLeft, y1: padTop, x2: padLeft, y2: y(0), class: 'axis' }, svg);
  const label = (lx, ly, text, anchor, extra = {}) => {
    node('text', { x: lx, y: ly, 'text-anchor': anchor, class: 'tick', ...extra }, svg).textContent = text;
  };
  label(padLeft - 6, y(most) + 5, String(most), 'end');
  label(padLeft - 6, y(0), '0', 'end');
  label(x(0), height - 18, '0', 'middle');
  label(x(n), height - 18, String(n), 'end');
  label((padLeft + width) / 2, height - 2, t('reviewAxis', unitName(metric.unit)), 'middle', { class: 'tick axis-title' });
  const fewest = Math.min(left[0], n);
  node('polyline', { points: `${x(0)},${y(left[0])} ${x(fewest)},${y(left[0] - fewest)}`, class: 'fewest' }, svg);
  node('polyline', { points: left.map((v, k) => `${x(played[k])},${y(v)}`).join(' '), class: 'game-line' }, svg);
  left.forEach((v, k) => {
    const kind = k === 0 ? 'start' : v > left[k - 1] ? 'farther' : left[k - 1] - v < lengths[k - 1] ? 'same' : 'nearer';
    const dot = node('circle', { cx: x(played[k]), cy: y(v), r: kind === 'nearer' || kind === 'start' ? 3 : 6, class: `dot ${kind}`, 'data-review-point': String(k) }, svg);
    node('title', {}, dot).textContent = t('reviewDot', k, plural(played[k], metric.unit), num(v));
  });
  return figure;
}
