// The header in the page's language: its words (index.html marks them
// `data-words`), the switch between the languages, and the setting that
// writes the Chinese boards' names on the pieces.

import { LANGUAGES, chooseLanguage, lang, t } from './i18n.js';

/** Where the browser remembers the piece names' setting. */
const NAMES = 'klotski.pieceNames';

/**
 * Whether the board writes the pieces' names (曹操, 关羽, 兵 …): as set in
 * the header, else on in Chinese and off in English.
 */
export function pieceNames() {
  try {
    const kept = localStorage.getItem(NAMES);
    if (kept === 'on' || kept === 'off') return kept === 'on';
  } catch {
    // Nothing kept: the language's default.
  }
  return lang === 'zh';
}

/** A `name` element of `className` holding `text`. */
function el(name, className, text) {
  const element = document.createElement(name);
  element.className = className;
  element.textContent = text;
  return element;
}

/** Each language's name in itself: 中文, English. */
const ownName = (code) => new Intl.DisplayNames([code], { type: 'language' }).of(code);

/** Fills in the header's words and adds the language switch and the piece names' setting. */
export function header() {
  for (const node of document.querySelectorAll('[data-words]')) node.textContent = t(node.dataset.words);
  for (const node of document.querySelectorAll('[data-words-placeholder]')) node.placeholder = t(node.dataset.wordsPlaceholder);
  const names = document.createElement('button');
  names.type = 'button';
  names.dataset.action = 'piece-names';
  names.textContent = t('pieceNames');
  names.title = t('pieceNamesTitle');
  names.setAttribute('aria-pressed', String(pieceNames()));
  names.addEventListener('click', () => {
    const on = !pieceNames();
    try {
      localStorage.setItem(NAMES, on ? 'on' : 'off');
    } catch {
      // A browser that keeps nothing keeps the language's default.
    }
    names.setAttribute('aria-pressed', String(pieceNames()));
    dispatchEvent(new Event('piece-names'));
  });
  const choice = document.createElement('span');
  choice.className = 'languages';
  choice.setAttribute('role', 'group');
  choice.setAttribute('aria-label', t('language'));
  LANGUAGES.forEach((code, i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.lang = code;
    button.dataset.lang = code;
    button.textContent = ownName(code);
    button.setAttribute('aria-pressed', String(code === lang));
    button.addEventListener('click', () => code !== lang && chooseLanguage(code));
    choice.append(...(i ? [el('span', 'or', ' / ')] : []), button);
  });
  document.querySelector('header nav').append(' ', names, ' ', choice);
}
