/**
 * The round launcher, drawn with plain DOM so the script tag needs no framework to show it: a button with
 * the chat icon (a chevron while the panel is open), and the note shown when the chat cannot be loaded.
 * The panel, once loaded, renders next to it in the same shadow root; it points the launcher at itself
 * (`aria-controls`) and draws the unread badge on it.
 */
import { CHAT_ICON, CHEVRON_ICON } from '../icons';

const SVG = 'http://www.w3.org/2000/svg';

/** The launcher as the widget's controller drives it. */
export interface Launcher {
  readonly button: HTMLButtonElement;
  /** Shows the panel's state: `aria-expanded` and the icon. */
  setOpen(open: boolean): void;
}


/** Draws the launcher into `dock`, named `title`; `onClick` and `onIntent` (hover, touch, focus) are the controller's. */
export function createLauncher(dock: Element, title: string, onClick: () => void, onIntent: () => void): Launcher {
  const doc = dock.ownerDocument;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'launcher';
  button.setAttribute('aria-label', title);
  button.setAttribute('aria-expanded', 'false');
  // A decorative icon, hidden from assistive technology (the button carries the name).
  const icon = doc.createElementNS(SVG, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  const path = doc.createElementNS(SVG, 'path');
  path.setAttribute('d', CHAT_ICON);
  icon.append(path);
  button.append(icon);
  button.addEventListener('click', onClick);
  for (const event of ['pointerenter', 'touchstart', 'focus']) button.addEventListener(event, onIntent, { passive: true });
  dock.append(button);

  return {
    button,
    setOpen(open) {
      button.setAttribute('aria-expanded', String(open));
      path.setAttribute('d', open ? CHEVRON_ICON : CHAT_ICON);
    },
  };
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
