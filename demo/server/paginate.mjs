// @ts-check
/**
 * Laravel's length-aware pagination envelope (`LengthAwarePaginator::toArray()` with
 * `withQueryString()`), as the platform's list endpoints answer it.
 */

/**
 * @template T
 * @typedef {object} Page
 * @property {number} current_page
 * @property {T[]} data
 * @property {string} first_page_url
 * @property {number | null} from 1-based position of the first item shown; null when the page is empty
 * @property {number} last_page
 * @property {string} last_page_url
 * @property {PageLink[]} links
 * @property {string | null} next_page_url
 * @property {string} path
 * @property {number} per_page
 * @property {string | null} prev_page_url
 * @property {number | null} to
 * @property {number} total
 */

/**
 * @typedef {{ url: string | null; label: string; active: boolean }} PageLink
 */

/**
 * @typedef {object} PageRequest
 * @property {number} page the page asked for (1 or more; past the last page gives an empty page)
 * @property {number} perPage
 * @property {string} path the endpoint's absolute URL without a query
 * @property {URLSearchParams} query the request's query: every parameter but `page` is kept in the page URLs
 */

/** How many page links Laravel shows on each side of the current page before it elides with "...". */
const ON_EACH_SIDE = 3;

/**
 * Cuts one page out of `items` and wraps it in the envelope.
 * @template T
 * @param {readonly T[]} items every item, in order
 * @param {PageRequest} request
 * @returns {Page<T>}
 */
export function paginate(items, { page, perPage, path, query }) {
  const total = items.length;
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  const data = items.slice((page - 1) * perPage, page * perPage);
  const from = data.length ? (page - 1) * perPage + 1 : null;
  /** @param {number} n */
  const url = (n) => {
    const params = new URLSearchParams(query);
    params.delete('page');
    params.set('page', String(n));
    return `${path}?${params}`;
  };
  const prev = page > 1 ? url(page - 1) : null;
  const next = page < lastPage ? url(page + 1) : null;
  return {
    current_page: page,
    data,
    first_page_url: url(1),
    from,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links: [
      { url: prev, label: '&laquo; Previous', active: false },
      ...pageWindow(page, lastPage).map((n) =>
        n === null ? { url: null, label: '...', active: false } : { url: url(n), label: String(n), active: n === page },
      ),
      { url: next, label: 'Next &raquo;', active: false },
    ],
    next_page_url: next,
    path,
    per_page: perPage,
    prev_page_url: prev,
    to: from === null ? null : from + data.length - 1,
    total,
  };
}

/**
 * The page numbers Laravel's `UrlWindow` links to, null standing for an elided run ("...").
 * Up to 13 pages: all of them. More: the first pages or the last ones near either end, else the first
 * two, three on each side of the current page, and the last two.
 * @param {number} current
 * @param {number} last
 * @returns {Array<number | null>}
 */
export function pageWindow(current, last) {
  /** @param {number} from @param {number} to */
  const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
  const window = ON_EACH_SIDE + 4;
  if (current <= window) return [...range(1, window + ON_EACH_SIDE), null, last - 1, last];
  if (current > last - window) return [1, 2, null, ...range(last - (window + ON_EACH_SIDE - 1), last)];
  return [1, 2, null, ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), null, last - 1, last];
}
