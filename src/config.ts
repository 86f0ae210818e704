/**
 * The widget's configuration: its typed shape and defaults.
 * (The pure parser of data attributes / props lives here too; see parseConfig.)
 */
import type { FetchLike } from './api/client';
import type { ConversationType, VariableValue } from './api/types';

/** `light`, `dark`, or `auto` (follows the visitor's system setting). */
export type Theme = 'light' | 'dark' | 'auto';

/** The corner of the launcher and panel. The platform's `right-bottom` spellings are accepted too. */
export type Position = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

/** Where the widget keeps the conversation id and the draft. */
export type StorageChoice = 'local' | 'session' | 'memory';

/** The validated configuration every part of the widget reads. */
export interface WidgetConfig {
  /** `data-assistant-id`: the assistant's public UUID. Required. */
  assistantId: string;
  /** `data-api-base`: the API root. Default: `/api` on the origin the script was loaded from. */
  apiBase: string;
  /** `data-type`: `widget` (billed, default) or `test` (free). */
  type: ConversationType;
  /** `data-variables`: JSON object of values for `{{variables}}`. Default `{}`. */
  variables: Record<string, VariableValue>;
  /** `data-theme`: default `light`. */
  theme: Theme;
  /** `data-color`: accent color, CSS hex. Default `#4f46e5`. */
  color: string;
  /** `data-position`: default `bottom-right`. */
  position: Position;
  /** `data-locale`: `en`, `de`, … Default: the page's `lang`, else the browser's language. */
  locale: string | undefined;
  /** `data-title`: the panel's title. Default: the localized "Chat with us". */
  title: string | undefined;
  /** `data-open`: open the panel on load. Default false. */
  open: boolean;
  /** `data-show-function-calls`: show tool-call cards. Default true. */
  showFunctionCalls: boolean;
  /** `data-storage`: `local` (default), `session` or `memory`. */
  storage: StorageChoice;
  /** `data-nonce`: CSP nonce for the `<style>` fallback. Default: the script tag's own nonce. */
  nonce: string | undefined;
}

/** Defaults for every optional field. */
export const DEFAULTS = {
  type: 'widget',
  theme: 'light',
  color: '#4f46e5',
  position: 'bottom-right',
  open: false,
  showFunctionCalls: true,
  storage: 'local',
} as const;

/** Options only a JavaScript caller can pass (not data attributes). */
export interface RuntimeOptions {
  /** A custom transport, e.g. to go through a proxy that adds auth. */
  fetch?: FetchLike;
  /** Overrides of UI strings (see src/ui/strings.ts). */
  strings?: Record<string, string>;
}
