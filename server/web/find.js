// Finding a layout by what a person types or an address holds: a famous
// layout's name (simplified or traditional characters, pinyin with or
// without tones and spaces, English, or the game's own name), a code in
// any of its forms, or what the API takes (a short code, a name); and, when
// nothing is found, the famous names closest to the text.

import * as api from './api.js';
import { checkedCode } from './code.js';
import { FAMOUS } from './puzzles.js';

/**
 * The traditional forms of the famous names' characters, to their
 * simplified ones. Written as escapes: the page reads them but never
 * writes them, so the shipped fonts need not hold them (page.rs's test).
 */
const SIMPLIFIED = new Map([
  ['\u6a6b', '横'], ['\u99ac', '马'], ['\u8ff4', '回'], ['\u8f49', '转'], ['\u5cef', '峰'], ['\u63ee', '挥'],
  ['\u9f4a', '齐'], ['\u982d', '头'], ['\u4e26', '并'], ['\u9032', '进'], ['\u83ef', '华'],
]);

/**
 * The game's own names, and its hero's (Cao Cao, the 2x2 block), which
 * name its best-known layout, 横刀立马.
 */
const GAME_NAMES = ['华容道', 'hua rong dao', 'Huarong Pass', 'Klotski', '曹操', 'Cao Cao'];

/** Lower case, simplified characters, without tone marks, spaces or punctuation. */
const plain = (text) => [...text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()]
  .map((c) => SIMPLIFIED.get(c) ?? c).join('').replace(/[^\p{L}\p{N}]/gu, '');

/** Each famous layout's code, its words (Chinese, pinyin, English) and the plain forms it is found by. */
const NAMED = FAMOUS.map(([code, ...words], i) => ({
  code,
  words,
  forms: [...words, ...(i === 0 ? GAME_NAMES : [])].map(plain),
}));

/** The code of the famous layout `text` names (横刀立马 in simplified or traditional characters, hengdaolima, "heng dao li ma", its English name, huarongdao), or null. */
export function famousCode(text) {
  const wanted = plain(text);
  return (wanted && NAMED.find((named) => named.forms.includes(wanted))?.code) || null;
}

/**
 * The code of the only famous layout with a name that holds `text` (横刀,
 * lima, horseback), or null: at least two characters of a Chinese name, or
 * four letters of another.
 */
export function famousPartCode(text) {
  const wanted = plain(text);
  const enough = /\p{Script=Han}/u.test(wanted) ? 2 : 4;
  if (wanted.length < enough) return null;
  const found = NAMED.filter((named) => named.forms.some((form) => form.includes(wanted)));
  return found.length === 1 ? found[0].code : null;
}

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

/** The edits (insertions, deletions, substitutions) that make `a` into `b`. */
function editDistance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}

/**
 * The `n` famous layouts whose names are closest to `text`, nearest first:
 * `{code, words}`. A name the text begins, or that begins the text, counts
 * as near as its edits beyond the shorter of the two.
 */
export function closestFamous(text, n = 3) {
  const wanted = plain(text);
  const distance = (form) => {
    const shared = Math.min(form.length, wanted.length);
    const prefix = form.startsWith(wanted) || wanted.startsWith(form) ? Math.max(form.length, wanted.length) - shared : Infinity;
    return Math.min(prefix, editDistance(wanted, form)) / Math.max(form.length, wanted.length, 1);
  };
  return NAMED.map((named) => ({ named, d: Math.min(...named.forms.map(distance)) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, n)
    .map(({ named }) => ({ code: named.code, words: named.words }));
}

/**
 * Whether `text` looks like a code, a short code or a name (letters,
 * digits and dashes, at least one digit): then the API's reason is what to
 * read, and famous names would not help.
 */
export const codeLike = (text) => /^[0-9a-z-]+$/i.test(text) && /\d/.test(text);

/**
 * The code of the layout `text` names: a famous name, or a code in any
 * form (both without asking the server), or what the API takes (a short
 * code, a name: asked). Throws the API's error when it names none.
 */
export async function layoutOf(text, signal) {
  return famousCode(text) ?? checkedCode(text) ?? (await api.caseInfo(text, signal)).code;
}
