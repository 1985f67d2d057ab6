// How the page names a layout and a class in a player's words: a layout by
// its classic name where it has one (the API's `names`), in the page's
// language, else by its fewest steps; a class by what it holds ("5
// two-cell pieces…", in Chinese as players say it) with its J-B-S name
// beside. Codes and classifications stay in the details, one tap away.

import { el, link, plural } from './dom.js';
import { t } from './i18n.js';

/**
 * A name entry of the API (`{display, pinyin, english, …}`) as the page's
 * language writes it: `{parts, text}`, the parts for a heading or a
 * caption (the Chinese marked `lang=zh-CN`; pinyin where the language
 * shows it), the text for a title.
 */
export function nameOf(entry) {
  const chinese = el('span', { lang: 'zh-CN', 'data-name': entry.display }, entry.display);
  // Where the language shows pinyin, it reads the name on a machine without a Chinese font too.
  const pinyin = t('showPinyin') && entry.pinyin ? [' ', el('span', { class: 'pinyin' }, entry.pinyin)] : [];
  return { parts: [...t('layoutName', chinese, entry), ...pinyin], text: t('layoutNameText', entry) };
}

/**
 * What names a layout: its first name (`names`: the API's list), else its
 * fewest steps (`minStep`: -1 when it cannot be solved), as `{parts, text}`.
 */
export function titleOf(names, minStep) {
  if (names?.length) return nameOf(names[0]);
  const text = minStep < 0 ? t('unsolvableLayout') : minStep === 0 ? t('solvedLayoutName') : t('fewestName', plural(minStep, 'step'));
  return { parts: [text], text };
}

/** A class `J-B-S` read as what it holds, with its name beside. */
export function classWords(name) {
  const [jiang, bing, style] = name.split('-').map(Number);
  return [t('classHolds', jiang, bing, style), ' ', el('span', { class: 'class-name' }, name)];
}

/** A link to a class's view, read as what the class holds, its name beside. */
export const classLink = (name) => link(`/ui/class/${name}`, ...classWords(name));
