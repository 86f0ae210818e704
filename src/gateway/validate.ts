/**
 * The checks the platform makes of the widget's two request bodies, made before anything goes upstream,
 * with the platform's own wording, so a refused request costs nothing and reads as the platform's 422.
 * Only what the contract names is passed on: nothing else a script adds to a body reaches the platform.
 */
import { messageLength } from '../api/message-text';
import { MAX_MESSAGE_LENGTH, type VariableValue } from '../api/types';
import { isUuid } from '../api/url';

/** A body as checked: what may go upstream, or the fields' messages. */
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string[]> };

/** What `POST /conversations` may carry. */
export interface CreateBody {
  assistant_id: string;
  type: 'widget' | 'test';
  variables: Record<string, VariableValue>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the body of `POST /conversations` (anything that is not an object counts as empty). */
export function checkCreate(body: unknown): Checked<CreateBody> {
  const input = isObject(body) ? body : {};
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const assistantId = input.assistant_id;
  if (assistantId === undefined || assistantId === null || assistantId === '') add('assistant_id', 'The assistant id field is required.');
  else if (!isUuid(assistantId)) add('assistant_id', 'The assistant id field must be a valid UUID.');

  const type = input.type ?? 'widget';
  if (type !== 'widget' && type !== 'test') add('type', 'The selected type is invalid.');

  const variables: Record<string, VariableValue> = {};
  if (input.variables !== undefined && input.variables !== null) {
    if (!isObject(input.variables)) add('variables', 'The variables field must be an object.');
    else {
      for (const [key, value] of Object.entries(input.variables)) {
        if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) variables[key] = value;
        else add(`variables.${key}`, `The variables.${key} field must be a string, number or boolean.`);
      }
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { assistant_id: (assistantId as string).toLowerCase(), type: type as 'widget' | 'test', variables } };
}

/** Checks the body of `POST /conversations/{uuid}/messages`: 1–2000 characters, counted as the platform counts. */
export function checkSend(body: unknown): Checked<{ message: string }> {
  const message = isObject(body) ? body.message : undefined;
  if (message === undefined || message === null || (typeof message === 'string' && !message.trim())) {
    return { ok: false, errors: { message: ['The message field is required.'] } };
  }
  if (typeof message !== 'string') return { ok: false, errors: { message: ['The message field must be a string.'] } };
  if (messageLength(message) > MAX_MESSAGE_LENGTH) {
    return { ok: false, errors: { message: [`The message field must not be greater than ${MAX_MESSAGE_LENGTH} characters.`] } };
  }
  return { ok: true, value: { message } };
}
