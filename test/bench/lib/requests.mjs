// @ts-check
/** Sorting a page's requests into what the benchmark checks: panel downloads and API calls by method. */

/** A script of the panel (its entry or a chunk), as the launcher imports it. */
const PANEL_PATH = /\/assistant-chat-[^/]*\.js$/;

/**
 * @typedef {object} RequestCounts
 * @property {number} all every request
 * @property {number} panel downloads of the panel's scripts
 * @property {number} api requests to the API origin, preflights included
 * @property {number} apiGet
 * @property {number} apiPost
 * @property {number} apiPreflight CORS preflights (OPTIONS)
 */

/**
 * Counts `requests` (as {@link import('./browser.mjs').MeasuredPage} logs them).
 * @param {ReadonlyArray<{ method: string; url: string }>} requests
 * @param {string} apiOrigin
 * @returns {RequestCounts}
 */
export function countRequests(requests, apiOrigin) {
  const origin = new URL(apiOrigin).origin;
  const api = requests.filter((request) => parse(request.url)?.origin === origin);
  const byMethod = (/** @type {string} */ method) => api.filter((request) => request.method === method).length;
  return {
    all: requests.length,
    panel: requests.filter((request) => PANEL_PATH.test(parse(request.url)?.pathname ?? '')).length,
    api: api.length,
    apiGet: byMethod('GET'),
    apiPost: byMethod('POST'),
    apiPreflight: byMethod('OPTIONS'),
  };
}

/** @param {string} url */
function parse(url) {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
