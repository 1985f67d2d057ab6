// The solved moment, and the review of the game that reached it: moves to
// solved (in the metric counted in) after each step of the game, against the
// fewest (one nearer each move), every step that came fewer moves nearer
// than it took marked.

import { gameUrl } from './address.js';
import { svgNode as node } from './board.js';
import { decode } from './code.js';
import { el, link } from './dom.js';
import { explained, num, plural, stepText, t, unitName } from './i18n.js';
import { METRICS, stepLength } from './metric.js';
import { stepValue } from './movelist.js';

/** Whether the page played a step of the game up to the step shown (a minimum solution played back). */
const shownByPage = (game) => game.steps.slice(0, game.pos).some((s) => s.shown);

/**
 * What `game` (play.js's), solved, says of its result: the player's
 * count, or, when the page played some of its steps, no praise.
 */
export const solvedWords = (game) => t(shownByPage(game) ? 'solvedByPage' : 'solvedInExcl', game.words(game.count(game.metric)));

/**
 * What `game` (play.js's), solved at the step shown, shows: `parts`, the
 * result said once (a puzzle's box says it), no praise for steps the page
 * played, and the review, filled in as the API answers; and `values`, a
 * promise of each step's value (movelist.js's), null when there is none.
 */
export function solvedReview(game) {
  if (!game.pos) return { parts: [el('p', {}, t('layoutSolved'))], values: Promise.resolve(null) };
  const count = game.count(game.metric);
  const fewest = METRICS[game.metric].fewest(game.startInfo);
  const players = !shownByPage(game);
  const box = el('div', { class: 'review', 'data-review': '' }, el('p', {}, t('reviewing')));
  const parts = [
    ...(game.puzzle ? [] : [el('p', { class: 'won-title' }, solvedWords(game))]),
    ...(game.puzzle || !players ? [] : [el('p', {}, count === fewest ? t('fewestPossible') : t('fewestFromStart', game.words(fewest)))]),
    el('p', { class: 'all-counts', 'data-all-counts': '' }, t('inEveryCount', countsInWords(game),
      Object.values(METRICS).map((m) => num(m.fewest(game.startInfo))).join(t('listComma')))),
    box,
  ];
  return { parts, values: review(game, players, box) };
}

/** The game up to the step shown in the three counts, in words. */
function countsInWords(game) {
  return Object.values(METRICS).map((m) => plural(game.count(m.name), m.unit)).join(t('listComma'));
}

/**
 * Shows in `box` the moves to solved over the game against the fewest, in
 * the metric counted in, with the slips marked: the steps that brought the
 * 2x2 block fewer moves nearer than they took. A game without a slip is
 * praised only when the player played it all (`players`). Gives each step's
 * value, or null when the API did not answer.
 */
async function review(game, players, box) {
  const metric = METRICS[game.metric];
  const codes = game.codes.slice(0, game.pos + 1);
  let infos;
  try {
    infos = await Promise.all(codes.map((c) => game.info(c)));
  } catch (error) {
    box.replaceChildren(el('p', { class: 'error' }, explained(error)));
    return null;
  }
  const left = infos.map(metric.fewest);
  const lengths = game.steps.slice(0, game.pos).map((s) => stepLength(metric.name, s));
  const values = lengths.map((length, i) => stepValue(left[i], left[i + 1], length));
  const slips = [];
  values.forEach((value, i) => {
    if (value !== 'best') slips.push(i + 1);
  });
  const step = (k) => {
    const s = game.steps[k - 1];
    const text = stepText(decode(game.codes[k - 1]).find((p) => p.id === s.from).kind, s.from, s.to);
    return metric.name === 'step' ? text : t('stepWithLength', text, game.words(lengths[k - 1]));
  };
  const how = (k) => left[k] > left[k - 1] ? t('wentFarther') : left[k] === left[k - 1] ? t('cameNoNearer')
    : t('cameOnly', game.words(left[k - 1] - left[k]));
  box.replaceChildren(
    el('h2', {}, t('review')),
    reviewChart(left, lengths, metric, players),
    slips.length
      ? el('ul', { class: 'slips', 'data-slips': '' }, ...slips.map((k) => el('li', { 'data-slip': String(k) },
        t('slip', k, step(k), how(k), game.words(left[k - 1]), game.words(left[k])),
        link(gameUrl(game, k - 1), t('replay')))))
      : el('p', { 'data-slips': '' }, !players ? t('shownReview', unitName(metric.unit))
        : metric.name === 'step' ? t('perfectSteps') : t('perfectOther', unitName(metric.unit))));
  // On a wide screen the page scrolls the review into sight (on a phone it is a panel of its own).
  if (matchMedia('(min-width: 40rem)').matches) box.scrollIntoView({ block: 'nearest' });
  return values;
}

/**
 * A chart of `left` (moves of `metric` to solved after each step of the
 * game, the start first) over the moves played (`lengths`: each step's
 * moves): the game's line, the fewest's dashed line, and a dot per step,
 * coloured by whether it came as many moves nearer as it took, fewer or
 * none, or went farther; the game is called the player's when they
 * played it all (`players`).
 */
function reviewChart(left, lengths, metric, players) {
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
  caption.textContent = t('reviewCaption', unitName(metric.unit), players);
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
    node('title', {}, dot).textContent = t('reviewDot', k, plural(played[k], metric.unit), plural(v, metric.unit));
  });
  return figure;
}
