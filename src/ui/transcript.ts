/**
 * The conversation as a plain-text (Markdown) file the visitor keeps: who said what, the tools the assistant ran
 * summarized by name and outcome, and the date. A file of its own, loaded when the visitor asks for it (or the
 * page calls `transcript()`); nothing leaves the browser.
 */
import { messageText, type ChatMessage, type FunctionCallPart } from '../model';
import type { Strings } from './strings';

/** What the transcript is made of. */
export interface TranscriptInput {
  /** The conversation as shown, oldest first (only what is on the server goes in). */
  messages: readonly ChatMessage[];
  /** The panel's title. */
  title: string;
  strings: Strings;
  /** When it was saved, in the visitor's words (`Saved 28 November 2026 at 18:30`). */
  saved: string;
}

/** The transcript's text: a heading, the date, then one paragraph per message. */
export function transcriptText({ messages, title, strings, saved }: TranscriptInput): string {
  const lines = [`# ${title}`, '', saved];
  for (const message of messages) {
    if (message.status !== 'sent') continue;
    const calls = message.parts.filter((part): part is FunctionCallPart => part.type === 'function_call');
    const text = messageText(message).trim();
    if (!text && !calls.length) continue;
    lines.push('', `**${message.role === 'user' ? strings.you : strings.assistant}:**`);
    // The tools it ran, quoted, apart from its own words (which may hold lists of their own).
    for (const call of calls)
      lines.push(`> ${call.name || strings.unnamed}: ${call.state === 'success' ? strings.callSucceeded : strings.callFailed}`);
    if (calls.length && text) lines.push('');
    if (text) lines.push(text);
  }
  return lines.join('\n') + '\n';
}

/** A file name for the transcript of `date`: `conversation-2026-11-28.md`. */
export function transcriptFileName(date: Date): string {
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
  return `conversation-${day}.md`;
}

/** Saves `text` as a file named `name`, from `doc`'s page (a download; nothing is sent anywhere). */
export function saveFile(doc: Document, name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.click();
  // (After the click has started the download.)
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
