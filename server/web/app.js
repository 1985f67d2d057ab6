// The page's entry point: reads the URL, opens its view, follows links
// without reloading (history.pushState, so back and forward work), and runs
// the find box.

import * as api from './api.js';
import { graphView } from './graph.js';
import { layoutView } from './play.js';
import { famousCode } from './puzzles.js';
import { classView, composeView, el, groupView, pathView, showError, startView } from './views.js';

const main = document.querySelector('[data-view]');
const find = document.querySelector('[data-find]');
const findInput = document.querySelector('[data-find-input]');
const findError = document.querySelector('[data-find-error]');

/** The view of each path under /ui/, by its first part. */
const ROUTES = {
  '': (view) => startView(view, navigate),
  case: (view, [code]) => layoutView(view, code, navigate),
  group: (view, [name]) => groupView(view, name),
  class: (view, [name]) => classView(view, name),
  path: (view, [from, to]) => pathView(view, from, to),
  compose: (view, [code]) => composeView(view, code, navigate),
  graph: (view, [code]) => graphView(view, code, navigate),
};

/**
 * Opens the view of the current URL in a fresh element: a view still
 * loading when another opens draws into its own element, no longer shown.
 * `data-ready` on the page's main element says when the view is drawn.
 */
async function route() {
  const started = firstRoute ? 0 : performance.now();
  firstRoute = false;
  for (const old of main.children) old.dispatchEvent(new Event('view-closed'));
  const view = el('div', { class: 'view' }, el('p', {}, 'Loading…'));
  main.replaceChildren(view);
  main.dataset.ready = 'no';
  // A view names the tab itself; the find box's last error belongs to the last view.
  document.title = 'Klotski 华容道';
  findError.hidden = true;
  const parts = location.pathname.replace(/^\/ui\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const open = ROUTES[parts[0] ?? ''];
  try {
    if (!open) throw Object.assign(new Error(`The page has no view ${location.pathname}.`), { status: 404, error: 'no_route' });
    await open(view, parts.slice(1));
  } catch (error) {
    showError(view, error);
  }
  if (main.firstChild === view) {
    main.dataset.readyMs = String(Math.round(performance.now() - started));
    main.dataset.ready = 'yes';
  }
}

/** The first view is timed from the page's navigation, later ones from their link. */
let firstRoute = true;

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

find.addEventListener('submit', async (event) => {
  event.preventDefault();
  const text = findInput.value.trim();
  findError.hidden = true;
  if (!text) return;
  const famous = famousCode(text);
  if (famous) {
    navigate(`/ui/case/${famous}`);
    return;
  }
  try {
    const info = await api.caseInfo(text);
    navigate(`/ui/case/${info.code}`);
  } catch (error) {
    findError.textContent = error.message;
    findError.hidden = false;
  }
});

route();
