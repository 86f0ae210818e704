/**
 * Wire types, exactly as the conversation API sends and takes them
 * (see src/api/contract/conversations.md). Nothing here is reshaped for the UI.
 */

/** A JSON object as sent in a function call's `arguments` and `result`. */
export type JsonObject = { [key: string]: unknown };

/** One tool call the assistant made while producing a reply. */
export interface WireFunctionCall {
  name: string;
  arguments: JsonObject;
  result: JsonObject;
}

/** One entry of a conversation's history, oldest first. */
export interface WireMessage {
  role: 'assistant' | 'user';
  content: string;
  function_calls?: WireFunctionCall[];
}

/** Values the API accepts in `variables`. */
export type VariableValue = string | number | boolean;

/** The kind of conversation: `widget` is billed per user message, `test` is free. */
export type ConversationType = 'widget' | 'test';

/** Body of `POST /conversations`. */
export interface CreateConversationRequest {
  assistant_id: string;
  type?: ConversationType;
  variables?: Record<string, VariableValue>;
}

/** 200 body of `POST /conversations`. */
export interface CreateConversationResponse {
  status: true;
  conversation_id: string;
  history: WireMessage[];
}

/** 200 body of `GET /conversations/{uuid}`. */
export interface GetConversationResponse {
  status: true;
  history: WireMessage[];
}

/** Body of `POST /conversations/{uuid}/messages`. */
export interface SendMessageRequest {
  message: string;
}

/** 200 body of `POST /conversations/{uuid}/messages`. */
export interface SendMessageResponse {
  status: true;
  message: string;
  function_calls: WireFunctionCall[];
}

/** The longest user message the API accepts, in characters. */
export const MAX_MESSAGE_LENGTH = 2000;
