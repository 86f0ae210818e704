/**
 * Checks bodies against the machine-readable contract the project keeps, src/api/contract/conversations.openapi.yaml.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/** Where the contract lives, relative to this project's root. */
export const SPEC_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'api', 'contract', 'conversations.openapi.yaml');

/** The API paths of the contract. */
export type SpecPath = '/conversations' | '/conversations/{uuid}' | '/conversations/{uuid}/messages';

type Json = Record<string, unknown>;

const spec = parse(readFileSync(SPEC_PATH, 'utf8')) as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...spec, $id: 'spec' });

const pointer = (...segments: string[]) => segments.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('');

function at(path: string[]): unknown {
  let node: unknown = spec;
  for (const key of path) node = node && typeof node === 'object' ? (node as Json)[key] : undefined;
  return node;
}

/** The JSON pointer (inside the spec) of the schema of a documented response, or undefined when the status is not documented. */
function responseSchemaPointer(path: SpecPath, method: 'get' | 'post', status: number): string | undefined {
  let location = ['paths', path, method, 'responses', String(status)];
  const response = at(location) as Json | undefined;
  if (!response) return undefined;
  if (typeof response.$ref === 'string') location = response.$ref.replace(/^#\//, '').split('/');
  return pointer(...location, 'content', 'application/json', 'schema');
}

function check(schemaPointer: string, body: unknown): string[] {
  const validate = ajv.getSchema(`spec#${schemaPointer}`) ?? ajv.compile({ $ref: `spec#${schemaPointer}` });
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}`);
}

/** The statuses the contract documents for an operation. */
export function documentedStatuses(path: SpecPath, method: 'get' | 'post'): number[] {
  return Object.keys((at(['paths', path, method, 'responses']) ?? {}) as Json).map(Number);
}

/**
 * Problems of a response body against the contract; `[]` when it conforms. A status the
 * contract does not document for the operation is reported as a problem too.
 */
export function responseProblems(path: SpecPath, method: 'get' | 'post', status: number, body: unknown): string[] {
  const schema = responseSchemaPointer(path, method, status);
  if (!schema) return [`${method.toUpperCase()} ${path} does not document status ${status}`];
  return check(schema, body);
}

/** Problems of a request body against the contract's request schema; `[]` when it conforms. */
export function requestProblems(path: SpecPath, method: 'post', body: unknown): string[] {
  return check(pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema'), body);
}
