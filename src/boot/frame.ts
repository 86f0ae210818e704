/**
 * The widget's frame on the page: the host element (`<assistant-chat-root>`) with its shadow root, the launcher's
 * stylesheet, the look the settings give it (theme, corner, language, accent, offset, layer), and the corner
 * where the launcher docks. Everything the widget draws is inside the shadow root, so the page's CSS does not
 * change it and its CSS does not touch the page.
 */
import type { BootSettings } from '../config/table';
import launcherCss from './launcher.css?inline';
import { resolveLanguage } from './language';
import { adoptStyles, settingsRule } from './styles';

/** The frame of one widget. */
export interface Frame {
  readonly host: HTMLElement;
  readonly root: ShadowRoot;
  /** The launcher's corner (floating widgets only: it is not in the page inline). */
  readonly dock: HTMLElement;
  /** Where the panel renders. */
  readonly container: HTMLElement;
  /** Adds `css` to the shadow root (with the CSP nonce where a `<style>` is needed); returns its remover. */
  readonly addStyles: (css: string) => () => void;
  /** Shows `settings`' look, replacing the last. */
  showLook(settings: BootSettings): void;
  /** Takes the frame off the page. */
  remove(): void;
}

/** Builds the frame of a widget for `settings` and puts it at the end of `target`. */
export function createFrame(target: Element | ShadowRoot, settings: BootSettings): Frame {
  const doc = target.ownerDocument;
  const { inline, nonce } = settings;
  const host = doc.createElement('assistant-chat-root');
  host.setAttribute('data-assistant-id', settings.assistantId);
  if (inline) host.setAttribute('data-inline', '');
  const root = host.attachShadow({ mode: 'open' });
  const addStyles = (css: string) => adoptStyles(root, css, nonce);
  const removeStyles = addStyles(launcherCss);
  const frame = doc.createElement('div');
  // Keys typed in the widget stay in the widget: outside the shadow root they look as if they came from the
  // host element, so a page's shortcuts (`/`, Space, Escape) could not tell that the visitor is typing.
  for (const type of ['keydown', 'keyup', 'keypress']) frame.addEventListener(type, (event) => event.stopPropagation());
  const dock = doc.createElement('div');
  dock.className = 'dock';
  const container = doc.createElement('div');
  container.className = 'panel-container';
  if (!inline) frame.append(dock);
  frame.append(container);
  root.append(frame);
  let removeLook = () => {};

  const shown: Frame = {
    host,
    root,
    dock,
    container,
    addStyles,
    showLook(look) {
      host.setAttribute('data-theme', look.theme);
      const [vertical, horizontal] = look.position.split('-');
      frame.className = `widget ${vertical} ${horizontal}${inline ? ' inline' : ''}`;
      const { lang, dir } = resolveLanguage(look.locale);
      frame.lang = lang;
      frame.dir = dir;
      removeLook();
      removeLook = addStyles(settingsRule(look));
    },
    remove() {
      removeStyles();
      removeLook();
      host.remove();
    },
  };
  shown.showLook(settings);
  target.appendChild(host);
  return shown;
}
