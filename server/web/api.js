// The JSON API, one function per request the page makes. Every number the
// page shows comes from here. Each takes, last, the AbortSignal of the view
// that asks: a view left is no longer answered.

/**
 * An error answer of the API: its code, its one-sentence detail, and the
 * names it offers (an ambiguous or unknown layout name's: the names that
 * hold the text, or the nearest).
 */
export class ApiError extends Error {
  constructor(status, error, detail, names = []) {
    super(detail);
    this.status = status;
    this.error = error;
    this.names = names;
  }
}

async function get(path, signal) {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, signal });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const names = Array.isArray(body?.names) ? body.names.filter((name) => typeof name === 'string') : [];
    throw new ApiError(response.status, body?.error ?? 'http', body?.detail ?? `${path}: HTTP ${response.status}`, names);
  }
  // A path the browser resolves elsewhere (`/case/..` is `/`) answers no JSON.
  if (body === null) throw new ApiError(response.status, 'not_json', `${path} is not a request the API answers`);
  return body;
}

const part = encodeURIComponent;

export const caseInfo = (code, signal) => get(`/case/${part(code)}`, signal);
/** The moves of `metric` (step, straight or cell) from a layout, valued in it. */
export const moves = (code, metric = 'step', signal) => get(`/case/${part(code)}/moves?metric=${metric}`, signal);
/** A minimum solution in moves of `metric`. */
export const solution = (code, metric = 'step', signal) => get(`/case/${part(code)}/solution?metric=${metric}`, signal);
export const farthest = (code, limit = 20, signal) => get(`/case/${part(code)}/farthest?limit=${limit}`, signal);
export const minSolutions = (code, limit = 20, signal) => get(`/case/${part(code)}/min-solutions?limit=${limit}`, signal);
export const layers = (code, signal) => get(`/case/${part(code)}/layers`, signal);
export const graph = (code, signal) => get(`/case/${part(code)}/graph`, signal);
/** A shortest path between two layouts of a group, in moves of `metric`. */
export const path = (from, to, metric = 'step', signal) => get(`/path/${part(from)}/${part(to)}?metric=${metric}`, signal);
export const group = (name, signal) => get(`/group/${part(name)}`, signal);
export const groupCases = (name, after, limit = 24, signal) =>
  get(`/group/${part(name)}/cases?limit=${limit}${after == null ? '' : `&after=${after}`}`, signal);
export const groups = (jiang, bing, style, after, limit = 50, signal) =>
  get(`/groups?jiang=${jiang}&bing=${bing}&style=${style}&limit=${limit}${after ? `&after=${part(after)}` : ''}`, signal);
export const stats = (signal) => get('/stats', signal);
/**
 * The classic named layouts whose names hold `q` (all when it is empty),
 * the easiest first, a page of `limit` after the entry named `after`:
 * `{total, named, next, nearest}`.
 */
export const named = (q = '', limit = 100, after = null, signal) =>
  get(`/named?q=${part(q)}&limit=${limit}${after == null ? '' : `&after=${part(after)}`}`, signal);

/**
 * A group's or a class's layouts counted by min_solution_step and by
 * farthest_step: `{min_solution_step: [{step, count}], farthest_step: [...]}`,
 * from the precomputed histograms (`/group/{name}/histogram`, `/class/{name}`).
 */
export async function histogram(kind, name, signal) {
  const body = kind === 'group' ? await get(`/group/${part(name)}/histogram`, signal) : await get(`/class/${part(name)}`, signal);
  return body.histogram;
}
