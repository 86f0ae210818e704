// @ts-check
/**
 * Fault injection for tests, set through `POST /__control` (only when the API runs with
 * `control: true`). One fault is armed at a time; it applies to the next `times` matching requests.
 */

/**
 * @typedef {'slow' | 'drop-after-processing' | 'drop-before-processing' | '502' | '429' | 'malformed' | 'hostile' | 'assistant-error'} FaultMode
 */

/** @typedef {'create' | 'read' | 'send' | 'assistants'} ApiRoute */

/**
 * Which requests a fault applies to: `messages`: only `POST …/messages`; `create`: only `POST /conversations`;
 * `read`: only `GET /conversations/{uuid}`; `all`: every API route.
 * @typedef {'messages' | 'create' | 'read' | 'all'} FaultRoutes
 */

/** @type {Record<FaultRoutes, (route: ApiRoute) => boolean>} */
const APPLIES_TO = {
  messages: (route) => route === 'send',
  create: (route) => route === 'create',
  read: (route) => route === 'read',
  all: () => true,
};

/**
 * @typedef {object} Fault
 * @property {FaultMode} mode
 * @property {number} remaining how many more matching requests it applies to
 * @property {number} delayMs how long to wait before the fault acts (`slow`: before answering normally)
 * @property {number} retryAfter for `429`, seconds
 * @property {FaultRoutes} routes which requests it applies to
 */

/**
 * @typedef {object} Faults
 * @property {(body: unknown) => { ok: true; fault: Fault | null } | { ok: false; errors: Record<string, string[]> }} arm
 *   arms (or, with `fault: null`, clears) a fault from a control request body
 * @property {(route: ApiRoute) => Fault | undefined} take the fault for this request, counting it down
 * @property {() => Fault | null} current
 * @property {() => void} reset
 */

/** Every fault mode. */
export const FAULT_MODES = /** @type {const} */ ([
  'slow',
  'drop-after-processing',
  'drop-before-processing',
  '502',
  '429',
  'malformed',
  'hostile',
  'assistant-error',
]);

/** Modes that only make sense for `POST …/messages`. */
const MESSAGES_ONLY = new Set(['hostile', 'assistant-error']);

/**
 * @param {unknown} value
 * @param {number} min
 * @param {number} max
 */
const isIntIn = (value, min, max) => Number.isInteger(value) && /** @type {number} */ (value) >= min && /** @type {number} */ (value) <= max;

/** @returns {Faults} */
export function createFaults() {
  /** @type {Fault | null} */
  let armed = null;

  return {
    arm(body) {
      /** @type {Record<string, any>} */
      const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
      /** @type {Record<string, string[]>} */
      const errors = {};
      const mode = input.fault;
      if (mode === null) {
        armed = null;
        return { ok: true, fault: null };
      }
      if (!FAULT_MODES.includes(mode)) errors.fault = [`fault must be null or one of: ${FAULT_MODES.join(', ')}`];
      const times = input.times ?? 1;
      if (!isIntIn(times, 1, 10_000)) errors.times = ['times must be an integer from 1 to 10000'];
      const delayMs = input.delayMs ?? (mode === 'slow' ? 5000 : 0);
      if (!isIntIn(delayMs, 0, 600_000)) errors.delayMs = ['delayMs must be an integer from 0 to 600000'];
      const retryAfter = input.retryAfter ?? 2;
      if (!isIntIn(retryAfter, 0, 3600)) errors.retryAfter = ['retryAfter must be an integer from 0 to 3600'];
      const routes = input.routes ?? 'messages';
      if (!Object.hasOwn(APPLIES_TO, routes)) errors.routes = [`routes must be one of: ${Object.keys(APPLIES_TO).join(', ')}`];
      else if (routes !== 'messages' && MESSAGES_ONLY.has(mode)) errors.routes = [`${mode} applies to POST …/messages only`];
      if (Object.keys(errors).length) return { ok: false, errors };
      armed = { mode, remaining: times, delayMs, retryAfter, routes };
      return { ok: true, fault: { ...armed } };
    },
    take(route) {
      if (!armed || !APPLIES_TO[armed.routes](route)) return undefined;
      const fault = { ...armed };
      armed.remaining -= 1;
      if (armed.remaining <= 0) armed = null;
      return fault;
    },
    current: () => (armed ? { ...armed } : null),
    reset() {
      armed = null;
    },
  };
}
