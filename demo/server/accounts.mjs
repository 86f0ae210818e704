// @ts-check
/**
 * The account endpoints of the stand-in (src/api/contract/assistants.md): `GET /user/assistants/get`,
 * the owner's assistants for a Bearer API key. Only the fixture owners' demo keys are accepted.
 */
import { paginate } from './paginate.mjs';
import { validateListQuery, validationBody } from './validate.mjs';

/** The answer to a missing, malformed or unknown credential (Laravel's). */
export const UNAUTHENTICATED = { message: 'Unauthenticated.' };

/**
 * @typedef {object} ListRequest
 * @property {string | undefined} authorization the `Authorization` header
 * @property {URLSearchParams} query
 * @property {string} path the endpoint's absolute URL without a query, for the page URLs
 */

/**
 * Answers `GET /user/assistants/get`: 401 without a known key, 422 for a bad query, else one page of
 * the key owner's assistants.
 * @param {import('./assistants.mjs').AssistantCatalog} catalog
 * @param {ListRequest} request
 * @returns {{ status: number; body: unknown }}
 */
export function listAssistants(catalog, { authorization, query, path }) {
  const token = bearerToken(authorization);
  const owner = token === undefined ? undefined : catalog.ownerOfKey(token);
  if (owner === undefined) return { status: 401, body: UNAUTHENTICATED };
  const input = validateListQuery(query);
  if (!input.ok) return { status: 422, body: validationBody(input.errors) };
  const resources = catalog.ownedBy(owner).map((assistant) => assistantResource(assistant, catalog));
  return { status: 200, body: paginate(resources, { page: input.value.page, perPage: input.value.perPage, path, query }) };
}

/**
 * The token of an `Authorization: Bearer <token>` header (scheme in any case); undefined for anything else.
 * @param {string | undefined} header
 * @returns {string | undefined}
 */
export function bearerToken(header) {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * An assistant as the platform's API shows it to its owner: the fields the contract names, plus some of
 * the many others the real record has (voice, phone, webhook, model), which clients must ignore.
 * @param {import('./assistants.mjs').Assistant} assistant
 * @param {import('./assistants.mjs').AssistantCatalog} catalog
 */
function assistantResource(assistant, catalog) {
  return {
    id: assistant.id,
    uuid: assistant.uuid,
    user_id: [...catalog.owners.keys()].indexOf(assistant.owner) + 1,
    name: assistant.name,
    status: assistant.status,
    initial_message: assistant.initial_message,
    variables: assistant.variables,
    widget_settings: assistant.widget_settings,
    conversation_inactivity_timeout: assistant.conversation_inactivity_timeout,
    model: 'gpt-4o-mini',
    temperature: 0.7,
    voice: { provider: 'elevenlabs', voice_id: 'demo-voice', speed: 1 },
    phone_number: null,
    webhook_url: null,
    tools: [],
    created_at: assistant.created_at,
    updated_at: assistant.updated_at,
  };
}
