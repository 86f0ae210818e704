// @ts-check
/** What a script costs on the wire: raw, gzip -9 and brotli at maximum quality. */
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * @typedef {{ rawBytes: number; gzipBytes: number; brotliBytes: number }} SizeResult
 */

/**
 * Measures one file.
 * @param {string} file
 * @returns {Promise<SizeResult>}
 */
export async function measureSize(file) {
  const source = await readFile(file);
  return {
    rawBytes: source.length,
    gzipBytes: gzipSync(source, { level: 9 }).length,
    brotliBytes: brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }).length,
  };
}
