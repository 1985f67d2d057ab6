// A bar chart in SVG: how many layouts have each number of steps.

import { svgNode as node } from './board.js';
import { num, plural, t } from './i18n.js';

/**
 * A chart of `counts` (`[{step, count}]`, ascending steps) titled `title`,
 * its horizontal axis named `axis`; each bar has a tooltip, and the figure
 * a table-like description for screen readers.
 */
export function barChart(title, counts, key, axis) {
  const width = 600;
  const height = 240;
  const left = 64;
  const bottom = 44;
  const top = 10;
  const figure = document.createElement('figure');
  figure.className = 'chart';
  figure.dataset.chart = key;
  const caption = document.createElement('figcaption');
  caption.textContent = title;
  figure.append(caption);
  const svg = node('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': `${title}: ${counts.map((c) => `${c.step}: ${c.count}`).join(', ')}` }, figure);
  if (!counts.length) return figure;
  const first = counts[0].step;
  const last = counts[counts.length - 1].step;
  const most = Math.max(...counts.map((c) => c.count));
  const span = last - first + 1;
  const barWidth = (width - left) / span;
  const plotHeight = height - bottom - top;
  node('line', { x1: left, y1: top + plotHeight, x2: width, y2: top + plotHeight, class: 'axis' }, svg);
  const label = (x, y, text, anchor) => {
    const t = node('text', { x, y, 'text-anchor': anchor, class: 'tick' }, svg);
    t.textContent = text;
  };
  label(left - 6, top + 10, num(most), 'end');
  label(left - 6, top + plotHeight, '0', 'end');
  label(left + barWidth / 2, height - 24, String(first), 'middle');
  label(width - 2, height - 24, String(last), 'end');
  label((left + width) / 2, height - 4, axis, 'middle');
  const yTitle = node('text', { x: 14, y: top + plotHeight / 2, 'text-anchor': 'middle', class: 'tick', transform: `rotate(-90 14 ${top + plotHeight / 2})` }, svg);
  yTitle.textContent = t('layoutsAxis');
  for (const c of counts) {
    const h = Math.max(1, (c.count / most) * plotHeight);
    const bar = node('rect', {
      x: left + (c.step - first) * barWidth + 0.5,
      y: top + plotHeight - h,
      width: Math.max(1, barWidth - 1),
      height: h,
      class: c.step < 0 ? 'bar unsolvable' : 'bar',
      'data-step': c.step,
    }, svg);
    node('title', {}, bar).textContent = t('barTitle', plural(c.step, 'step'), plural(c.count, 'layout'));
  }
  return figure;
}
