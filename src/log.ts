/** The one voice the widget has in the console (a module of its own: every part of the widget uses it). */

/** Writes `AssistantChat: message` (then `details`) to the console, for the site owner; nothing when `message` is empty. */
export function log(level: 'warn' | 'error', message: string, ...details: unknown[]): void {
  if (message) console[level]('AssistantChat: ' + message, ...details);
}
