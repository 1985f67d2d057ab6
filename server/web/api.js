// The JSON API, one function per request the page makes. Every number the
// page shows comes from here.

/** An error answer of the API: its code and its one-sentence detail. */
export class ApiError extends Error {
  constructor(status, error, detail) {
    super(detail);
    this.status = status;
    this.error = error;
  }
}

async function get(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(response.status, body?.error ?? 'http', body?.detail ?? `${path}: HTTP ${response.status}`);
  }
  // A path the browser resolves elsewhere (`/case/..` is `/`) answers no JSON.
  if (body === null) throw new ApiError(response.status, 'not_json', `${path} is not a request the API answers`);
  return body;
}

const part = encodeURIComponent;

export const caseInfo = (code) => get(`/case/${part(code)}`);
/** The moves of `metric` (step, straight or cell) from a layout, valued in it. */
export const moves = (code, metric = 'step') => get(`/case/${part(code)}/moves?metric=${metric}`);
/** A minimum solution in moves of `metric`. */
export const solution = (code, metric = 'step') => get(`/case/${part(code)}/solution?metric=${metric}`);
export const farthest = (code, limit = 20) => get(`/case/${part(code)}/farthest?limit=${limit}`);
export const minSolutions = (code, limit = 20) => get(`/case/${part(code)}/min-solutions?limit=${limit}`);
export const layers = (code) => get(`/case/${part(code)}/layers`);
export const graph = (code) => get(`/case/${part(code)}/graph`);
/** A shortest path between two layouts of a group, in moves of `metric`. */
export const path = (from, to, metric = 'step') => get(`/path/${part(from)}/${part(to)}?metric=${metric}`);
export const group = (name) => get(`/group/${part(name)}`);
export const groupCases = (name, after, limit = 24) =>
  get(`/group/${part(name)}/cases?limit=${limit}${after == null ? '' : `&after=${after}`}`);
export const groups = (jiang, bing, style, after, limit = 50) =>
  get(`/groups?jiang=${jiang}&bing=${bing}&style=${style}&limit=${limit}${after ? `&after=${part(after)}` : ''}`);
export const stats = () => get('/stats');

/**
 * A group's or a class's layouts counted by min_solution_step and by
 * farthest_step: `{min_solution_step: [{step, count}], farthest_step: [...]}`,
 * from the precomputed histograms (`/group/{name}/histogram`, `/class/{name}`).
 */
export async function histogram(kind, name) {
  const body = kind === 'group' ? await get(`/group/${part(name)}/histogram`) : await get(`/class/${part(name)}`);
  return body.histogram;
}
