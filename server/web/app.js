// The page's entry point: reads the URL, opens its view, follows links
// without reloading (history.pushState, so back and forward work), and runs
// the find boxes.

import * as api from './api.js';
import { codeLike, layoutOf, offeredNames, pageAddress } from './find.js';
import { explained, t } from './i18n.js';
import { layoutView } from './play.js';
import { el } from './dom.js';
import { header } from './header.js';
import { classView, composeView, groupView, pathView, showError, startView } from './views.js';

const main = document.querySelector('[data-view]');
const findError = document.querySelector('[data-find-error]');

/**
 * The views under /ui/, by the first part of the path: what each further
 * part is (`layout`: anything the find box takes, made a code before the
 * view opens; `name`: a group's or a class's name, which its view checks),
 * how many of them may be left out, and how the view opens (with the
 * AbortSignal of the view: aborted when it is left).
 */
const ROUTES = new Map([
  ['', { parts: [], open: (view, [], signal) => startView(view, navigate, signal) }],
  ['case', { parts: ['layout'], open: (view, [code], signal) => layoutView(view, code, navigate, signal) }],
  // The graph's and the level list's modules load when their view is opened.
  ['graph', { parts: ['layout'], open: async (view, [code], signal) => (await import('./graph.js')).graphView(view, code, navigate, signal) }],
  ['path', { parts: ['layout', 'layout'], open: (view, [from, to], signal) => pathView(view, from, to, signal) }],
  ['compose', { parts: ['layout'], optional: 1, open: (view, [code], signal) => composeView(view, code, navigate, signal) }],
  ['group', { parts: ['name'], open: (view, [name], signal) => groupView(view, name, signal) }],
  ['class', { parts: ['name'], open: (view, [name], signal) => classView(view, name, signal) }],
  ['levels', { parts: [], open: async (view, [], signal) => (await import('./levels.js')).levelsView(view, signal) }],
]);

/** What a view's part names, in words. */
const partWords = (kind) => t(kind === 'layout' ? 'partLayout' : 'partName');

/** An address the page cannot open: what is wrong with it, shown with the find box. */
class AddressError extends Error {
  constructor(message) {
    super(message);
    this.error = 'bad_address';
  }
}

/** At most `n` characters of `text`, for a message. */
const shortened = (text, n = 40) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

/**
 * The view the address names and its parts, each decoded; the layouts made
 * codes. Throws an AddressError saying what is wrong.
 */
async function parse(signal) {
  const raw = location.pathname.replace(/^\/ui\/?/, '').split('/').filter(Boolean);
  const parts = raw.map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw new AddressError(t('badEscape', shortened(part)));
    }
  });
  const [name = '', ...rest] = parts;
  const route = ROUTES.get(name);
  if (!route) {
    const views = [...ROUTES.keys()].filter(Boolean).join(', ');
    throw new AddressError(t('noView', shortened(name), views));
  }
  const { parts: kinds, optional = 0 } = route;
  if (rest.length < kinds.length - optional) {
    const missing = kinds.slice(rest.length).map(partWords);
    throw new AddressError(t('partsMissing', name, rest.length > 0, missing, EXAMPLES[name]));
  }
  if (rest.length > kinds.length) {
    throw new AddressError(t('partsTooMany', rest.length, name, kinds.length, EXAMPLES[name]));
  }
  const values = await Promise.all(rest.map((part, i) => (kinds[i] === 'layout' ? layoutOf(part, signal) : part)));
  signal.throwIfAborted();
  // The address shows the codes the view opened (1a9bf0c, 横刀立马: 1A9BF0C00).
  if (values.some((value, i) => value !== rest[i])) {
    const path = ['/ui', name, ...values.map(encodeURIComponent)].join('/');
    history.replaceState(history.state, '', `${path}${location.search}${location.hash}`);
  }
  return { route, values };
}

/** An address of each view that takes parts, for the messages. */
const EXAMPLES = {
  case: '/ui/case/1A9BF0C00',
  graph: '/ui/graph/1A9BF0C00',
  path: '/ui/path/1A9BF0C00/1ADEF8000',
  compose: '/ui/compose/1A9BF0C00',
  group: '/ui/group/5-4-1-1',
  class: '/ui/class/5-4-1',
};

/**
 * Opens the view of the current URL in a fresh element, with an
 * AbortController of its own: the view before is aborted, its requests with
 * it, and whatever it still runs draws only into its own element, no
 * longer shown, and writes no address, title or listener.
 * `data-ready` on the page's main element says when the view is drawn;
 * after a navigation, the focus goes to its heading.
 */
async function route() {
  const first = firstRoute;
  const started = first ? 0 : performance.now();
  firstRoute = false;
  shown?.abort();
  const controller = new AbortController();
  shown = controller;
  const { signal } = controller;
  const view = el('div', { class: 'view' }, el('p', {}, t('loading')));
  main.replaceChildren(view);
  main.dataset.ready = 'no';
  // A view names the tab itself; the find box's last error belongs to the last view.
  document.title = t('title');
  findError.hidden = true;
  try {
    const { route, values } = await parse(signal);
    await route.open(view, values, signal);
  } catch (error) {
    if (signal.aborted) return;
    showError(view, error);
  }
  if (main.firstChild === view) {
    main.dataset.readyMs = String(Math.round(performance.now() - started));
    main.dataset.ready = 'yes';
    const heading = view.querySelector('h1');
    if (heading && !first) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }
}

/** The first view is timed from the page's navigation, later ones from their link. */
let firstRoute = true;

/** The AbortController of the view shown. */
let shown = null;

/** Opens `url` as a new history entry. */
export function navigate(url) {
  history.pushState(null, '', url);
  route();
}

document.addEventListener('click', (event) => {
  const a = event.target.closest('a[data-link]');
  if (!a || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  navigate(a.getAttribute('href'));
});
addEventListener('popstate', route);

/**
 * Why nothing was found for `text`, in words: the API's reason for what
 * looks like a code, else the names that hold the text or are nearest it
 * (the API's, each a link), or that nothing is near.
 */
async function notFound(text, error) {
  if (codeLike(text)) return [explained(error)];
  const names = await offeredNames(text, error);
  return names ? [names] : [t('nothingNear', shortened(text))];
}

// The find boxes (the header's, and the one of an address's error): a page
// address opens at once, anything else is asked of the API, which resolves
// codes and names; a name it cannot resolve to one layout gets a list.
document.addEventListener('submit', async (event) => {
  const form = event.target.closest('[data-find], [data-find-again]');
  if (!form) return;
  event.preventDefault();
  const text = form.elements.q.value.trim();
  const note = form.querySelector('[role=alert]');
  note.hidden = true;
  if (!text) return;
  const address = pageAddress(text);
  if (address) {
    navigate(address);
    return;
  }
  try {
    navigate(`/ui/case/${(await api.caseInfo(text)).code}`);
  } catch (error) {
    note.replaceChildren(...await notFound(text, error));
    note.hidden = false;
  }
});

addEventListener('piece-names', route);
header();
route();
