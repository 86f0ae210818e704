/**
 * The script tag's start-up: finds the tag(s) that loaded the widget, parses their data attributes,
 * installs `window.AssistantChat` (or hands over to a copy of the script that already runs), and
 * mounts one widget per assistant once the page has a body.
 */
import { parseConfig, readAttributes } from './config';
import { createGlobalApi, type AssistantChatApi, type GlobalMountOptions } from './global';
import { mount } from './mount';
import { VERSION } from './version';

const PREFIX = 'AssistantChat: ';
/** Set on a script tag once its settings have been taken, so no later copy mounts it again. */
export const MOUNTED_MARK = 'data-assistant-chat-mounted';
const SETTINGS_TAGS = 'script[data-assistant-id]';

/**
 * Boots the script-tag build on `win`. `current` is `document.currentScript`, captured while the
 * script first ran (null when a tag manager or a module loader ran it). Reports every configuration
 * problem with one console message per tag; throws only if the page's DOM itself fails.
 */
export function boot(win: Window, current: HTMLOrSVGScriptElement | Element | null): void {
  const doc = win.document;
  const mounts: GlobalMountOptions[] = [];
  for (const script of findSettingsTags(doc, current)) {
    script.setAttribute(MOUNTED_MARK, '');
    const { src, nonce } = script as HTMLScriptElement;
    const parsed = parseConfig(readAttributes(script, 'data-'), { scriptSrc: src || undefined, pageUrl: doc.baseURI, nonce: nonce || undefined });
    if (parsed.problems.length) (parsed.config ? console.warn : console.error)(PREFIX + parsed.problems.join(' '));
    if (parsed.config) mounts.push({ ...parsed.config, target: parsed.target });
  }

  const holder = win as unknown as { AssistantChat?: unknown };
  const existing = holder.AssistantChat;
  if (isOurs(existing)) {
    // The script was loaded twice: the copy that came first keeps the page's one registry.
    for (const options of mounts) existing('mount', options);
    return;
  }

  const stub = typeof existing === 'function' ? (existing as { q?: unknown }).q : undefined;
  const queued: ArrayLike<unknown>[] = Array.isArray(stub) ? stub : [];
  const hasTag = current?.hasAttribute('data-assistant-id') || doc.querySelector(SETTINGS_TAGS);
  if (!hasTag && !queued.some((args) => args[0] === 'mount')) {
    console.error(
      PREFIX +
        'data-assistant-id is missing: add your assistant\'s id to the script tag (data-assistant-id="…"), or call AssistantChat(\'mount\', { assistantId }). The chat widget is not shown.',
    );
  }

  const controller = createGlobalApi({ document: doc, mount, version: VERSION });
  holder.AssistantChat = controller.api;
  const start = () => controller.ready([...mounts.map((options) => ['mount', options]), ...queued]);
  const missingTarget = mounts.some((options) => typeof options.target === 'string' && !safeQuery(doc, options.target));
  if (doc.readyState === 'loading' && (!doc.body || missingTarget)) {
    doc.addEventListener('DOMContentLoaded', start, { once: true });
  } else {
    start();
  }
}

/** The tags whose settings this run should mount: the current script, or (without one) every tag not yet mounted. */
function findSettingsTags(doc: Document, current: Element | null): Element[] {
  if (current && current.hasAttribute('data-assistant-id')) {
    return current.hasAttribute(MOUNTED_MARK) ? [] : [current];
  }
  return Array.from(doc.querySelectorAll(SETTINGS_TAGS)).filter((tag) => !tag.hasAttribute(MOUNTED_MARK));
}

function isOurs(value: unknown): value is AssistantChatApi {
  return typeof value === 'function' && typeof (value as { version?: unknown }).version === 'string';
}

function safeQuery(doc: Document, selector: string): Element | null {
  try {
    return doc.querySelector(selector);
  } catch {
    return null;
  }
}
