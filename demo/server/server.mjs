// @ts-check
/**
 * Runs the stand-in API on its own HTTP server (for tests and `npm run api`).
 */
import { createServer } from 'node:http';
import { createStandInApi } from './app.mjs';

/**
 * @typedef {import('./app.mjs').StandInApiOptions & { port?: number; host?: string }} StartOptions
 */

/**
 * @typedef {object} RunningStandInApi
 * @property {string} url the API root, like `http://127.0.0.1:43123`
 * @property {number} port the port bound (useful with `port: 0`)
 * @property {() => Promise<void>} close stops accepting, cuts open connections, waits for pending writes
 */

/**
 * Starts the stand-in API on `host:port` (default 127.0.0.1 and an ephemeral port).
 * @param {StartOptions} options
 * @returns {Promise<RunningStandInApi>}
 */
export async function startStandInApi({ port = 0, host = '127.0.0.1', ...apiOptions }) {
  const api = createStandInApi(apiOptions);
  const server = createServer((req, res) => api.handle(req, res));
  server.keepAliveTimeout = 5000;
  try {
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve(undefined);
      });
    });
  } catch (error) {
    await api.close();
    throw error;
  }
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing;
  return {
    url: `http://${urlHost}:${boundPort}`,
    port: boundPort,
    close() {
      closing ??= (async () => {
        const stopped = new Promise((resolve) => server.close(() => resolve(undefined)));
        const apiClosed = api.close(); // cuts short pending replies, then waits for writes
        server.closeAllConnections();
        await apiClosed;
        await stopped;
      })();
      return closing;
    },
  };
}
