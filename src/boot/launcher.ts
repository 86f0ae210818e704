/**
 * The round launcher, drawn with plain DOM so the script tag needs no framework to show it: a button with
 * the chat icon (a chevron while the panel is open, a turning ring while the panel is on its way), the unread
 * badge, and the note shown when the chat cannot be loaded. The panel, once loaded, renders next to it in the
 * same shadow root.
 */
import { CHAT_ICON, CHEVRON_ICON } from '../icons';

const SVG = 'http://www.w3.org/2000/svg';

/** The launcher as the widget drives it. */
export interface Launcher {
  readonly button: HTMLButtonElement;
  /** Shows the panel's state: `aria-expanded` and the icon. */
  setOpen(open: boolean): void;
  /** Names the launcher (its title, with the unread count when there is one). */
  setName(name: string): void;
  /** Shows that the panel is on its way (`loading`, said to screen readers once), or no longer. */
  setLoading(loading: string | null): void;
  /** Shows `count` unread replies on a badge (none at 0). */
  setUnread(count: number): void;
}

/** Draws the launcher into `dock`, named `name`; `onClick` and `onIntent` (hover, touch, focus) are the widget's. */
export function createLauncher(dock: Element, name: string, onClick: () => void, onIntent: () => void): Launcher {
  const doc = dock.ownerDocument;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'launcher';
  button.setAttribute('aria-expanded', 'false');
  // A decorative icon, hidden from assistive technology (the button carries the name).
  const icon = doc.createElementNS(SVG, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  const path = doc.createElementNS(SVG, 'path');
  path.setAttribute('d', CHAT_ICON);
  icon.append(path);
  const badge = doc.createElement('span');
  badge.className = 'unread-badge';
  badge.setAttribute('aria-hidden', 'true');
  badge.hidden = true;
  button.append(icon, badge);
  button.addEventListener('click', onClick);
  // (A touch starts with pointerenter too, in every engine with pointer events.)
  for (const event of ['pointerenter', 'focus']) button.addEventListener(event, onIntent, { passive: true });
  // Where the loading sign is said: a status line of its own, empty until the visitor waits.
  const status = doc.createElement('span');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  dock.append(button, status);

  const launcher: Launcher = {
    button,
    setOpen(open) {
      button.setAttribute('aria-expanded', String(open));
      path.setAttribute('d', open ? CHEVRON_ICON : CHAT_ICON);
    },
    setName: (title) => button.setAttribute('aria-label', title),
    setLoading(loading) {
      button.classList.toggle('loading', !!loading);
      if (loading) button.setAttribute('aria-busy', 'true');
      else button.removeAttribute('aria-busy');
      status.textContent = loading ?? '';
    },
    setUnread(count) {
      badge.hidden = !count;
      badge.textContent = count > 99 ? '99+' : String(count);
    },
  };
  launcher.setName(name);
  return launcher;
}

/**
 * The note shown when the chat cannot be loaded: the words and a Retry button, announced as an alert.
 * Returns the function that removes it.
 */
export function showLoadFailure(parent: Element, message: string, retryLabel: string, onRetry: () => void): () => void {
  const doc = parent.ownerDocument;
  const note = doc.createElement('div');
  note.className = 'load-failed';
  note.setAttribute('role', 'alert');
  const retry = doc.createElement('button');
  retry.type = 'button';
  retry.textContent = retryLabel;
  retry.addEventListener('click', onRetry);
  note.append(message, retry);
  parent.append(note);
  return () => note.remove();
}
