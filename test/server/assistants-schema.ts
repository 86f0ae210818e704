/**
 * src/api/contract/assistants.md as JSON Schema: the pagination envelope of `GET /user/assistants/get`,
 * the assistant fields the contract names (others are allowed: a client must ignore them), and the
 * 401 and 422 bodies.
 */
import { Ajv2020 } from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const nullableString = { type: ['string', 'null'] };
const nullableInteger = { type: ['integer', 'null'] };

const assistant = {
  type: 'object',
  required: ['id', 'uuid', 'name', 'status', 'initial_message', 'variables', 'widget_settings', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    uuid: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    status: { enum: ['active', 'inactive'] },
    initial_message: nullableString,
    variables: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
    widget_settings: {
      type: 'object',
      properties: {
        theme: { enum: ['light', 'dark', null] },
        color: { type: ['string', 'null'], pattern: '^#[0-9a-fA-F]{3,8}$' },
        position: { enum: ['right-bottom', 'left-bottom', 'right-top', 'left-top', null] },
      },
    },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

const envelope = {
  type: 'object',
  additionalProperties: false,
  required: [
    'current_page',
    'data',
    'first_page_url',
    'from',
    'last_page',
    'last_page_url',
    'links',
    'next_page_url',
    'path',
    'per_page',
    'prev_page_url',
    'to',
    'total',
  ],
  properties: {
    current_page: { type: 'integer', minimum: 1 },
    data: { type: 'array', items: assistant },
    first_page_url: { type: 'string', format: 'uri' },
    from: nullableInteger,
    last_page: { type: 'integer', minimum: 1 },
    last_page_url: { type: 'string', format: 'uri' },
    links: {
      type: 'array',
      minItems: 3,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['url', 'label', 'active'],
        properties: { url: { type: ['string', 'null'], format: 'uri' }, label: { type: 'string' }, active: { type: 'boolean' } },
      },
    },
    next_page_url: { type: ['string', 'null'], format: 'uri' },
    path: { type: 'string', format: 'uri' },
    per_page: { type: 'integer', minimum: 1, maximum: 100 },
    prev_page_url: { type: ['string', 'null'], format: 'uri' },
    to: nullableInteger,
    total: { type: 'integer', minimum: 0 },
  },
};

const validation = {
  type: 'object',
  required: ['message', 'errors'],
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', minItems: 1, items: { type: 'string' } } },
  },
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators: Partial<Record<number, ValidateFunction>> = {
  200: ajv.compile(envelope),
  401: ajv.compile({ const: { message: 'Unauthenticated.' } }),
  422: ajv.compile(validation),
};

/** Problems of an answer of `GET /user/assistants/get` against the contract; `[]` when it conforms. */
export function listProblems(status: number, body: unknown): string[] {
  const validate = validators[status];
  if (!validate) return [`the contract documents no status ${status}`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}`);
}
