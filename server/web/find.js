// Finding a layout by what a person types or an address holds: a code in
// any of its forms (without asking the server), or what the API takes (a
// short code, a J-B-S-G-I name, a classic layout's name in simplified or
// traditional characters, pinyin with or without tones and spaces, English,
// or a part of one that only one name holds). A text that is part of
// several names, or near some, gets the API's list of them, never a guess.

import * as api from './api.js';
import { checkedCode } from './code.js';
import { el, link, plural } from './dom.js';
import { t } from './i18n.js';

/**
 * The page address `text` holds when it is one (pasted from the address
 * bar or a shared link: `/ui/...` here or on another host), or null.
 */
export function pageAddress(text) {
  let url;
  try {
    // An address without its scheme (example.org/ui/case/...) as well.
    url = new URL(/^[\w.-]+(:\d+)?\/ui(\/|$)/.test(text) ? `http://${text}` : text, location.origin);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || !/^\/ui(\/|$)/.test(url.pathname) || !/^(https?:\/\/|\/ui|[\w.-]+(:\d+)?\/ui)/i.test(text)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Whether `text` looks like a code, a short code or a J-B-S-G-I name
 * (letters, digits and dashes, at least one digit): then the API's reason
 * is what to read, and classic names would not help.
 */
export const codeLike = (text) => /^[0-9a-z-]+$/i.test(text) && /\d/.test(text);

/**
 * The code of the layout `text` names: a code in any form (without asking
 * the server), or what the API takes (a short code, a name: asked). Throws
 * the API's error when it names none (an ambiguous or unknown name's error
 * carries the names: api.js).
 */
export async function layoutOf(text, signal) {
  try {
    return checkedCode(text) ?? (await api.caseInfo(text, signal)).code;
  } catch (error) {
    // What was asked, for the list of names an ambiguous one offers.
    error.asked = text;
    throw error;
  }
}

/** How many names a list offers at most. */
const OFFERED = 12;

/** One name offered: a link to its layout, with what the language says beside (pinyin, English; the fewest steps). */
function offered(entry) {
  const href = `/ui/case/${entry.code ?? encodeURIComponent(entry.display)}`;
  const steps = entry.solution?.min_step > 0 ? plural(entry.solution.min_step, 'step') : '';
  const aside = [...t('offeredAside', entry), steps].filter(Boolean).join(' · ');
  return el('li', {}, link(href, el('span', { lang: 'zh-CN', 'data-suggest': entry.display, 'data-name': entry.display }, entry.display)),
    aside ? el('span', { class: 'muted' }, ` ${aside}`) : '');
}

/**
 * What to offer when `text` named no layout (`error`, the API's): the names
 * that hold it (ambiguous) or the nearest ones (unknown), in the API's
 * order, each a link with its pinyin, English and fewest steps where the
 * database holds it, under a sentence saying which; null when the error
 * offers no names.
 */
export async function offeredNames(text, error, signal) {
  if (!error?.names?.length) return null;
  const names = error.names.slice(0, OFFERED);
  const held = new Map();
  try {
    // The entries of the names the database holds (an ambiguous text's at once).
    const pages = await Promise.all(error.error === 'ambiguous_name' ? [api.named(text, 1000, null, signal)]
      : names.map((name) => api.named(name, 10, null, signal)));
    for (const entry of pages.flatMap((page) => page.named)) held.set(entry.display, entry);
  } catch {
    // The names alone, then.
  }
  return el('div', { class: 'suggest', 'data-names-offered': error.error },
    el('p', {}, error.error === 'ambiguous_name' ? t('namesHolding', text, error.names.length) : t('nearestNames', text)),
    el('ul', { class: 'offered' }, ...names.map((name) => offered(held.get(name) ?? { display: name }))),
    error.names.length > names.length ? el('p', {}, link(`/ui/levels?q=${encodeURIComponent(text)}`, t('moreNames', error.names.length - names.length))) : '');
}
