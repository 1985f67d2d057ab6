// The page's words: one file per language in lang/ (`lang/en.js`,
// `lang/zh.js`), of which the page loads only the one it shows. The
// language is `?lang=` when the address says one (a link), else the one
// chosen in the header (the browser remembers it), else the first of the
// browser's languages the page speaks (any zh* is Chinese), else English.
// The languages the page has are the shell's `data-languages` (page.rs
// lists lang/'s files), so a language is one more file in lang/.

/** The languages the page speaks, as the shell lists them: `['en', 'zh']`. */
export const LANGUAGES = (document.documentElement.dataset.languages || 'en').split(' ');

/** Where the browser remembers the language chosen in the header. */
const REMEMBERED = 'klotski.lang';

function remembered() {
  try {
    return localStorage.getItem(REMEMBERED);
  } catch {
    return null;
  }
}

/** The page's language for `tag` (`zh-Hant-TW` is `zh`), or null when it has none. */
const spoken = (tag) => {
  const base = String(tag ?? '').toLowerCase().split('-')[0];
  return LANGUAGES.includes(base) ? base : null;
};

/** The language of this page: the address's, the one chosen, the browser's, or English. */
function chosen() {
  const asked = spoken(new URLSearchParams(location.search).get('lang'));
  return asked ?? spoken(remembered()) ?? navigator.languages.map(spoken).find(Boolean) ?? 'en';
}

/** The language the page shows. */
export const lang = chosen();
document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;

const words = (await import(`./lang/${lang}.js`)).default;

/** Shows the page in `language` from now on: remembered, and the page loaded again in it. */
export function chooseLanguage(language) {
  try {
    localStorage.setItem(REMEMBERED, language);
  } catch {
    // A browser that keeps nothing still switches for this address.
  }
  const url = new URL(location.href);
  url.searchParams.delete('lang');
  if (remembered() !== language) url.searchParams.set('lang', language);
  location.assign(url);
}

/**
 * The words of `key` in the page's language: a string, or what its
 * function makes of `args` (numbers come formatted by `num`).
 */
export function t(key, ...args) {
  const entry = words[key];
  if (entry === undefined) throw new Error(`no words for ${key} in ${lang}`);
  return typeof entry === 'function' ? entry(...args) : entry;
}

const numbers = new Intl.NumberFormat(lang);
const plurals = new Intl.PluralRules(lang);

/** `n` written as the page's language writes numbers (1,440 or 1 440). */
export const num = (n) => numbers.format(n);

/**
 * A count where its exact figure matters little (the number of shortest
 * solutions), as parts `[about, figure, magnitude]`: `about` (the
 * language's word, or '') when the figure is rounded, and in a language
 * with `largeCounts` (Chinese: ten thousands, hundred millions) a count past
 * its threshold rounded to four figures in the largest unit it reaches
 * (docs/translation.md, "Numbers").
 * Counts past 2^53 arrive rounded (JavaScript's numbers), so they are "about" too.
 */
export function largeCount(n) {
  const large = words.largeCounts;
  const [size, magnitude] = (n >= (large?.from ?? Infinity) && large.units.find(([u]) => n >= u)) || [1, ''];
  const figure = size === 1 ? n : Number((n / size).toPrecision(4));
  const rounded = figure * size !== n || !Number.isSafeInteger(n);
  return [rounded ? t('about') : '', magnitude ? figures.format(figure) : num(figure), magnitude];
}

/** A figure before a large unit: grouped from five digits only. */
const figures = new Intl.NumberFormat(lang, { useGrouping: 'min2', maximumFractionDigits: 2 });

const days = (options) => new Intl.DateTimeFormat(lang, { timeZone: 'UTC', month: 'long', day: 'numeric', ...options });

/** A day (`YYYY-MM-DD`) as the page's language writes it: December 7 (the year when it is not this one). */
export function dayName(day) {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return days(date.getUTCFullYear() === new Date().getFullYear() ? {} : { year: 'numeric' }).format(date);
}

/** At most 20 characters of `text`, as a message quotes what was given. */
export const quoted = (text) => (text.length > 20 ? `${text.slice(0, 19)}…` : text);

/**
 * `n` with its unit (`step`, `layout`, …, the keys of the language's
 * `units`) in the plural form `n` takes: 1 step, 81 steps.
 */
export function plural(n, unit) {
  const forms = words.units[unit];
  if (!forms) throw new Error(`no unit ${unit} in ${lang}`);
  return (forms[plurals.select(n)] ?? forms.other).replace('#', num(n));
}

/** A unit's name alone, in its plural form (steps), for a heading or a label. */
export const unitName = (unit) => words.units[unit].name;

/** `n`'s plural form of `unit` as parts around `element`, which shows the number: [before, element, after]. */
export function pluralParts(n, unit, element) {
  const forms = words.units[unit];
  const [before, after] = (forms[plurals.select(n)] ?? forms.other).split('#');
  return [before, element, after];
}

/**
 * A step in the page's notation, from cell to cell by the piece's top-left
 * cell: `1x2 d3–d4` (in Chinese the piece's word replaces `1x2`).
 */
export const stepText = (piece, from, to) => t('stepText', t(`piece${piece}`), from, to);

/**
 * What went wrong, in the page's language: the language's words for the
 * API's error code (`api_not_found`) when it has them, else the error's
 * own sentence (the API's detail, or the page's own, already in words).
 */
export const explained = (error) => (error?.error && words[`api_${error.error}`]) || error?.message || String(error);
