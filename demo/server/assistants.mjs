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
 * `widget_settings` as the platform stores them: any key may be missing or null.
 * @typedef {{ theme?: string | null; color?: string | null; position?: string | null }} WidgetSettings
 */

/**
 * @typedef {object} Assistant
 * @property {number} id the internal id (1, 2, … in fixture order)
 * @property {string} uuid the public id (lower case)
 * @property {string} name
 * @property {string} owner the owner's key in `owners`
 * @property {'active' | 'inactive'} status
 * @property {string | null} initial_message may contain `{{variable}}` placeholders
 * @property {Record<string, string | number | boolean>} variables the owner's default variables (listed, not applied)
 * @property {WidgetSettings} widget_settings
 * @property {number} conversation_inactivity_timeout minutes, 1–1440
 * @property {string} created_at
 * @property {string} updated_at
 */

/**
 * @typedef {object} Owner
 * @property {string} name
 * @property {number} balanceCents the starting balance, in cents
 * @property {string | undefined} apiKey the owner's demo API key for the account endpoints
 */

/**
 * @typedef {object} AssistantCatalog
 * @property {(uuid: string) => Assistant | undefined} find the assistant with this uuid (any case)
 * @property {(apiKey: string) => string | undefined} ownerOfKey the key of the owner this API key belongs to
 * @property {(owner: string) => Assistant[]} ownedBy the owner's assistants, in fixture order
 * @property {Map<string, Owner>} owners owners by key
 * @property {Assistant[]} list every assistant, in fixture order
 */

/** The timestamp of fixture assistants that name none. */
const FIXTURE_TIME = '2025-01-06T08:00:00.000000Z';
const WIDGET_SETTING_KEYS = ['theme', 'color', 'position'];

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
  /** @type {Map<string, string>} API key → owner key */
  const ownersByKey = new Map();
  for (const [key, owner] of Object.entries(raw.owners)) {
    if (!owner || typeof owner.balance !== 'number' || !(owner.balance >= 0)) throw bad(`owner ${key} needs a balance >= 0`);
    const apiKey = owner.api_key ?? undefined;
    if (apiKey !== undefined && (typeof apiKey !== 'string' || !apiKey.trim())) throw bad(`owner ${key}: api_key must be a non-empty string`);
    if (apiKey !== undefined && ownersByKey.has(apiKey)) throw bad(`owner ${key}: api_key is used by another owner`);
    if (apiKey !== undefined) ownersByKey.set(apiKey, key);
    owners.set(key, { name: String(owner.name ?? key), balanceCents: Math.round(owner.balance * 100), apiKey });
  }

  /** @type {Map<string, Assistant>} */
  const byId = new Map();
  for (const a of raw.assistants) {
    if (!a || typeof a.uuid !== 'string' || !UUID.test(a.uuid)) throw bad('every assistant needs a UUID "uuid"');
    const where = `assistant ${a.uuid}`;
    if (byId.has(a.uuid.toLowerCase())) throw bad(`${where} is listed twice`);
    if (!owners.has(a.owner)) throw bad(`${where} has an unknown owner ${a.owner}`);
    if (a.initial_message != null && typeof a.initial_message !== 'string') throw bad(`${where}: initial_message must be a string or null`);
    const timeout = a.conversation_inactivity_timeout ?? 30;
    if (!Number.isInteger(timeout) || timeout < 1 || timeout > 1440) throw bad(`${where}: conversation_inactivity_timeout must be 1–1440`);
    const status = a.status ?? 'active';
    if (status !== 'active' && status !== 'inactive') throw bad(`${where}: status must be "active" or "inactive"`);
    const variables = a.variables ?? {};
    if (typeof variables !== 'object' || Array.isArray(variables)) throw bad(`${where}: variables must be an object`);
    const createdAt = a.created_at ?? FIXTURE_TIME;
    byId.set(a.uuid.toLowerCase(), {
      id: byId.size + 1,
      uuid: a.uuid.toLowerCase(),
      name: String(a.name ?? 'Assistant'),
      owner: a.owner,
      status,
      initial_message: a.initial_message ?? null,
      variables,
      widget_settings: checkWidgetSettings(a.widget_settings, (why) => bad(`${where}: ${why}`)),
      conversation_inactivity_timeout: timeout,
      created_at: createdAt,
      updated_at: a.updated_at ?? createdAt,
    });
  }

  const list = [...byId.values()];
  return {
    find: (uuid) => byId.get(uuid.toLowerCase()),
    ownerOfKey: (apiKey) => ownersByKey.get(apiKey),
    ownedBy: (owner) => list.filter((assistant) => assistant.owner === owner),
    owners,
    list,
  };
}

/**
 * Keeps `widget_settings` as written (missing and null keys included, as the platform sends them),
 * after checking that every key it has is a string or null.
 * @param {unknown} value
 * @param {(why: string) => Error} bad
 * @returns {WidgetSettings}
 */
function checkWidgetSettings(value, bad) {
  if (value == null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw bad('widget_settings must be an object');
  /** @type {Record<string, unknown>} */
  const settings = /** @type {any} */ (value);
  for (const key of WIDGET_SETTING_KEYS) {
    const setting = settings[key];
    if (setting !== undefined && setting !== null && typeof setting !== 'string') throw bad(`widget_settings.${key} must be a string or null`);
  }
  return /** @type {WidgetSettings} */ ({ ...settings });
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
