// @ts-check
/**
 * The fixture assistants and their owners (demo/server/assistants.json by default).
 * A bad fixture is a programming error, so it throws with a clear message at start-up.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The fixture file used when `assistantsFile` is not given. */
// No global URL here: test environments such as happy-dom replace it.
export const DEFAULT_ASSISTANTS_FILE = join(dirname(fileURLToPath(import.meta.url)), 'assistants.json');

/**
 * @typedef {object} Assistant
 * @property {string} uuid the public id (lower case)
 * @property {string} name
 * @property {string} owner the owner's key in `owners`
 * @property {string | null} initial_message may contain `{{variable}}` placeholders
 * @property {{ theme: string; color: string; position: string }} widget_settings
 * @property {number} conversation_inactivity_timeout minutes, 1–1440
 */

/**
 * @typedef {object} Owner
 * @property {string} name
 * @property {number} balanceCents the starting balance, in cents
 */

/**
 * @typedef {object} AssistantCatalog
 * @property {(uuid: string) => Assistant | undefined} find the assistant with this uuid (any case)
 * @property {Map<string, Owner>} owners owners by key
 * @property {Assistant[]} list every assistant, in fixture order
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads and checks a fixture file.
 * @param {string} [file]
 * @returns {AssistantCatalog}
 */
export function loadAssistants(file = DEFAULT_ASSISTANTS_FILE) {
  /** @type {any} */
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  const bad = (/** @type {string} */ why) => new Error(`Invalid assistants fixture ${file}: ${why}`);
  if (!raw || typeof raw !== 'object' || !raw.owners || !Array.isArray(raw.assistants)) throw bad('needs "owners" and "assistants"');

  /** @type {Map<string, Owner>} */
  const owners = new Map();
  for (const [key, owner] of Object.entries(raw.owners)) {
    if (!owner || typeof owner.balance !== 'number' || !(owner.balance >= 0)) throw bad(`owner ${key} needs a balance >= 0`);
    owners.set(key, { name: String(owner.name ?? key), balanceCents: Math.round(owner.balance * 100) });
  }

  /** @type {Map<string, Assistant>} */
  const byId = new Map();
  for (const a of raw.assistants) {
    if (!a || typeof a.uuid !== 'string' || !UUID.test(a.uuid)) throw bad('every assistant needs a UUID "uuid"');
    if (!owners.has(a.owner)) throw bad(`assistant ${a.uuid} has an unknown owner ${a.owner}`);
    if (a.initial_message != null && typeof a.initial_message !== 'string') throw bad(`assistant ${a.uuid}: initial_message must be a string or null`);
    const timeout = a.conversation_inactivity_timeout ?? 30;
    if (!Number.isInteger(timeout) || timeout < 1 || timeout > 1440) throw bad(`assistant ${a.uuid}: conversation_inactivity_timeout must be 1–1440`);
    const ws = a.widget_settings ?? {};
    byId.set(a.uuid.toLowerCase(), {
      uuid: a.uuid.toLowerCase(),
      name: String(a.name ?? 'Assistant'),
      owner: a.owner,
      initial_message: a.initial_message ?? null,
      widget_settings: { theme: String(ws.theme ?? 'light'), color: String(ws.color ?? '#4f46e5'), position: String(ws.position ?? 'right-bottom') },
      conversation_inactivity_timeout: timeout,
    });
  }

  return {
    find: (uuid) => byId.get(uuid.toLowerCase()),
    owners,
    list: [...byId.values()],
  };
}

/**
 * Replaces `{{name}}` (spaces inside the braces allowed) with the variable's value.
 * Placeholders without a variable are left as they are.
 * @param {string} template
 * @param {Record<string, string | number | boolean>} variables
 * @returns {string}
 */
export function substituteVariables(template, variables) {
  return template.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(variables, name) ? String(variables[name]) : whole,
  );
}
