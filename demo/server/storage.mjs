// @ts-check
/**
 * The stand-in API's data folder: one JSON file per conversation and one for the owners'
 * balances. Writes are atomic (temporary file, then rename), so a crash never leaves a
 * half-written file; a file that cannot be read or parsed is renamed aside with a warning.
 */
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * @typedef {object} StoredFunctionCall
 * @property {string} name
 * @property {Record<string, unknown>} arguments
 * @property {Record<string, unknown>} result
 */

/**
 * @typedef {object} StoredMessage
 * @property {'user' | 'assistant'} role
 * @property {string} content
 * @property {StoredFunctionCall[]} [function_calls]
 */

/**
 * @typedef {object} Conversation
 * @property {1} version
 * @property {string} id
 * @property {string} assistant_id
 * @property {'widget' | 'test'} type
 * @property {Record<string, string | number | boolean>} variables
 * @property {string} created_at ISO time
 * @property {string} last_activity_at ISO time
 * @property {StoredMessage[]} history oldest first
 */

/**
 * @typedef {object} DataStore
 * @property {(id: string) => Promise<Conversation | undefined>} readConversation undefined when missing or set aside
 * @property {(conversation: Conversation) => Promise<void>} writeConversation
 * @property {() => Promise<Record<string, number> | undefined>} readBalances owner key → cents; undefined when missing or set aside
 * @property {(balances: Record<string, number>) => Promise<void>} writeBalances
 * @property {() => Promise<void>} flush resolves when every started write has finished
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * @param {{ dataDir: string; warn: (message: string) => void; now?: () => number }} options
 * @returns {DataStore}
 */
export function createDataStore({ dataDir, warn, now = Date.now }) {
  const conversationsDir = join(dataDir, 'conversations');
  const balancesFile = join(dataDir, 'balances.json');
  /** @type {Map<string, Promise<void>>} the last write queued per file, so renames land in order */
  const queues = new Map();
  let tmpCounter = 0;

  /**
   * @param {string} file
   * @param {unknown} data
   */
  function writeAtomic(file, data) {
    const text = JSON.stringify(data, null, 2) + '\n';
    const previous = queues.get(file) ?? Promise.resolve();
    const next = previous.then(async () => {
      await mkdir(join(file, '..'), { recursive: true });
      const tmp = `${file}.${process.pid}.${++tmpCounter}.tmp`;
      const handle = await open(tmp, 'w');
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, file);
    });
    const settled = next.catch((error) => warn(`[stand-in api] could not write ${file}: ${error?.message ?? error}`));
    queues.set(file, settled);
    void settled.then(() => {
      if (queues.get(file) === settled) queues.delete(file);
    });
    return next;
  }

  /**
   * Reads a JSON file. Missing → undefined; unreadable, unparsable or failing `check` →
   * renamed to `<file>.corrupt-<timestamp>` with a warning, then undefined.
   * @template T
   * @param {string} file
   * @param {(data: any) => data is T} check
   * @returns {Promise<T | undefined>}
   */
  async function readChecked(file, check) {
    await queues.get(file);
    let why;
    try {
      const data = JSON.parse(await readFile(file, 'utf8'));
      if (check(data)) return data;
      why = 'unexpected content';
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error)?.code === 'ENOENT') return undefined;
      why = error instanceof SyntaxError ? 'invalid JSON' : String(/** @type {Error} */ (error)?.message ?? error);
    }
    const aside = `${file}.corrupt-${now()}`;
    try {
      await rename(file, aside);
      warn(`[stand-in api] ${file} could not be read (${why}); moved it aside to ${aside}`);
    } catch (error) {
      warn(`[stand-in api] ${file} could not be read (${why}) nor moved aside: ${/** @type {Error} */ (error)?.message ?? error}`);
    }
    return undefined;
  }

  return {
    readConversation(id) {
      const key = id.toLowerCase();
      if (!UUID.test(key)) return Promise.resolve(undefined);
      /** @type {(data: any) => data is Conversation} */
      const check = (data) => isConversation(data) && data.id === key;
      return readChecked(join(conversationsDir, `${key}.json`), check);
    },
    writeConversation(conversation) {
      return writeAtomic(join(conversationsDir, `${conversation.id}.json`), conversation);
    },
    async readBalances() {
      const data = await readChecked(balancesFile, isBalances);
      return data?.owners;
    },
    writeBalances(balances) {
      return writeAtomic(balancesFile, { version: 1, owners: balances });
    },
    async flush() {
      while (queues.size) await Promise.all(queues.values());
    },
  };
}

/**
 * @param {any} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * @param {any} data
 * @returns {data is { version: 1; owners: Record<string, number> }}
 */
function isBalances(data) {
  return isObject(data) && data.version === 1 && isObject(data.owners) && Object.values(data.owners).every((v) => Number.isInteger(v));
}

/**
 * @param {any} data
 * @returns {data is Conversation}
 */
function isConversation(data) {
  return (
    isObject(data) &&
    data.version === 1 &&
    typeof data.id === 'string' &&
    typeof data.assistant_id === 'string' &&
    (data.type === 'widget' || data.type === 'test') &&
    isObject(data.variables) &&
    Array.isArray(data.history) &&
    data.history.every(
      (/** @type {any} */ m) =>
        isObject(m) &&
        (m.role === 'user' || m.role === 'assistant') &&
        typeof m.content === 'string' &&
        (m.function_calls === undefined ||
          (Array.isArray(m.function_calls) &&
            m.function_calls.every(
              (/** @type {any} */ c) => isObject(c) && typeof c.name === 'string' && isObject(c.arguments) && isObject(c.result),
            ))),
    )
  );
}
