// The small helpers every view builds with: elements, in-page links and
// counted words. A module of its own so that the views and the modules
// they show (puzzle mode's list on the start page) need not import each
// other. Counted words are the page language's (`i18n.js`).

import { plural } from './i18n.js';

export { plural };

/** An HTML element with attributes (`on...` are listeners) and children. */
export function el(name, attributes = {}, ...children) {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (key.startsWith('on')) element.addEventListener(key.slice(2), value);
    else element.setAttribute(key, value);
  }
  element.append(...children.flat().filter((child) => child != null));
  return element;
}

/** Whether the page is used by touch (a phone): its help then speaks of taps, not keys. */
export const touchScreen = () => matchMedia('(pointer: coarse)').matches;

/** A link inside the page (the router follows it without a reload). */
export const link = (href, ...children) => el('a', { href, 'data-link': '' }, ...children);
