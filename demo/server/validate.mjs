// @ts-check
/**
 * Request validation with the platform's 422 shape: `{ message, errors: { field: [...] } }`.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The longest user message, in characters (code points). */
export const MAX_MESSAGE_CHARS = 2000;

/**
 * @template T
 * @typedef {{ ok: true; value: T } | { ok: false; errors: Record<string, string[]> }} Validated
 */

/**
 * True for a UUID in its canonical textual form.
 * @param {unknown} value
 * @returns {value is string}
 */
export function isUuid(value) {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the body of `POST /conversations`.
 * @param {unknown} body the parsed JSON (anything that is not an object counts as empty)
 * @returns {Validated<{ assistantId: string; type: 'widget' | 'test'; variables: Record<string, string | number | boolean> }>}
 */
export function validateCreate(body) {
  const input = isPlainObject(body) ? body : {};
  /** @type {Record<string, string[]>} */
  const errors = {};
  const add = (/** @type {string} */ field, /** @type {string} */ message) => (errors[field] ??= []).push(message);

  const assistantId = input.assistant_id;
  if (assistantId === undefined || assistantId === null || assistantId === '') add('assistant_id', 'The assistant id field is required.');
  else if (!isUuid(assistantId)) add('assistant_id', 'The assistant id field must be a valid UUID.');

  const type = input.type ?? 'widget';
  if (type !== 'widget' && type !== 'test') add('type', 'The selected type is invalid.');

  /** @type {Record<string, string | number | boolean>} */
  const variables = {};
  if (input.variables !== undefined && input.variables !== null) {
    if (!isPlainObject(input.variables)) add('variables', 'The variables field must be an object.');
    else {
      for (const [key, value] of Object.entries(input.variables)) {
        const okValue = typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
        if (!okValue) add(`variables.${key}`, `The variables.${key} field must be a string, number or boolean.`);
        else variables[key] = value;
      }
    }
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { assistantId: String(assistantId).toLowerCase(), type: /** @type {'widget' | 'test'} */ (type), variables } };
}

/**
 * Checks the body of `POST /conversations/{uuid}/messages`: a message of 1–2000 characters
 * that is not only whitespace. The text is kept exactly as sent.
 * @param {unknown} body
 * @returns {Validated<{ message: string }>}
 */
export function validateSend(body) {
  const input = isPlainObject(body) ? body : {};
  const message = input.message;
  if (message === undefined || message === null || (typeof message === 'string' && message.trim() === '')) {
    return { ok: false, errors: { message: ['The message field is required.'] } };
  }
  if (typeof message !== 'string') return { ok: false, errors: { message: ['The message field must be a string.'] } };
  if ([...message].length > MAX_MESSAGE_CHARS) {
    return { ok: false, errors: { message: [`The message field must not be greater than ${MAX_MESSAGE_CHARS} characters.`] } };
  }
  return { ok: true, value: { message } };
}

/** The largest page the account listings serve. */
export const MAX_PER_PAGE = 100;

/**
 * Checks the query of `GET /user/assistants/get` like Laravel's `integer|min|max` rules: `per_page`
 * 1–100 (default 10) and `page` 1 or more (default 1). A repeated parameter counts by its last value,
 * as in PHP.
 * @param {URLSearchParams} query
 * @returns {Validated<{ perPage: number; page: number }>}
 */
export function validateListQuery(query) {
  /** @type {Record<string, string[]>} */
  const errors = {};
  /**
   * @param {string} name the parameter
   * @param {string} label how Laravel names it in messages
   * @param {number} fallback
   * @param {number} min
   * @param {number} [max]
   */
  const integer = (name, label, fallback, min, max) => {
    const text = query.getAll(name).at(-1);
    if (text === undefined) return fallback;
    const value = Number(text);
    // Like PHP's integer filter: digits with an optional sign, no larger than a 64-bit integer (here: a safe one).
    if (!/^[+-]?\d+$/.test(text.trim()) || !Number.isSafeInteger(value)) {
      errors[name] = [`The ${label} field must be an integer.`];
      return fallback;
    }
    if (value < min) errors[name] = [`The ${label} field must be at least ${min}.`];
    else if (max !== undefined && value > max) errors[name] = [`The ${label} field must not be greater than ${max}.`];
    return value;
  };
  const perPage = integer('per_page', 'per page', 10, 1, MAX_PER_PAGE);
  const page = integer('page', 'page', 1, 1);
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { perPage, page } };
}

/**
 * The 422 body for a set of field errors: the first message, then how many more there are.
 * @param {Record<string, string[]>} errors
 * @returns {{ message: string; errors: Record<string, string[]> }}
 */
export function validationBody(errors) {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const message = (all[0] ?? 'The given data was invalid.') + (more > 0 ? ` (and ${more} more error${more > 1 ? 's' : ''})` : '');
  return { message, errors };
}
