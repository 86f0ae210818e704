/**
 * The script tag's start-up: finds the tag(s) that loaded the widget, parses their data attributes,
 * installs `window.AssistantChat` (or hands over to a copy of the script that already runs), and
 * mounts one widget per assistant once the page has been parsed.
 */
import { readBootSettings } from '../config/boot';
import { log } from '../log';
import { createGlobalApi, type AssistantChatApi } from './global';
import { mountWidget } from './mount-widget';
import type { MountOptions, WidgetFiles } from './widget';

/** Set on a script tag once its settings have been taken, so no later copy mounts it again. */
export const MOUNTED_MARK = 'data-assistant-chat-mounted';

/**
 * Boots the script-tag build on `win`. `current` is `document.currentScript`, captured while the
 * script first ran (null when a tag manager or a module loader ran it): its settings are mounted, or
 * (without one) those of every tag not yet mounted. `filesFrom` gives the widget's files for the
 * script's own URL (they sit beside it). Reports every configuration problem with one
 * console message per tag; throws only if the page's DOM itself fails.
 */
export function boot(win: Window, current: HTMLOrSVGScriptElement | Element | null, filesFrom: (scriptUrl: string) => WidgetFiles): void {
  const doc = win.document;
  const holder = win as unknown as { AssistantChat?: unknown };
  const existing = holder.AssistantChat as (AssistantChatApi & { q?: unknown }) | undefined;
  const tags = current?.hasAttribute('data-assistant-id') ? [current] : [...doc.querySelectorAll('script[data-assistant-id]')];
  // Where this script came from: the panel and the other files are beside it.
  const scriptUrl = ((current ?? tags[0]) as HTMLScriptElement | undefined)?.src || doc.baseURI;
  const files = filesFrom(scriptUrl);

  // A second copy of the script hands its tags to the first, which keeps the page's one registry.
  const ours = typeof existing === 'function' && typeof existing.version === 'string';
  const controller = ours
    ? null
    : createGlobalApi({ document: doc, mount: (target, options, context) => mountWidget(target, options, files, context) });
  const api = controller?.api ?? existing!;
  if (controller) holder.AssistantChat = api;

  for (const tag of tags) {
    if (tag.hasAttribute(MOUNTED_MARK)) continue;
    tag.setAttribute(MOUNTED_MARK, '');
    const { src, nonce, dataset } = tag as HTMLScriptElement;
    const context = { source: 'script', scriptSrc: src, pageUrl: doc.baseURI, nonce } as const;
    // (Without a usable assistant id, the mount says why in the console; other problems: when the panel loads.)
    api('mount', { ...(dataset as unknown as MountOptions), context });
  }
  if (!controller) return;

  // Calls queued by the stub snippet run after the tags' mounts, in their order.
  // (Each an `arguments` object, as the stub snippet keeps them; anything else a page put there is skipped.)
  const queued = (Array.isArray(existing?.q) ? (existing.q as unknown[]) : []).filter(
    (args): args is ArrayLike<unknown> => typeof args === 'object' && args !== null,
  );
  for (const args of queued) (api as (...args: unknown[]) => unknown)(...Array.from(args));
  if (!tags.length && !queued.some((args) => args[0] === 'mount')) log('error', readBootSettings({}).problem);
  // While the page is parsed, every command waits for it: a data-target may come later in the page.
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', controller.ready, { once: true });
  else controller.ready();
}
