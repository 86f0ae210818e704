/**
 * What a link in a reply may be. Only absolute http(s), mailto and tel targets become links; anything else
 * (relative paths, other schemes) is shown as text after its label, never dropped.
 *
 * Relative targets are deliberately not resolved against the host page: the widget is embedded in pages
 * at any path, often on a different site than the one the assistant was told about, so `pricing.html`
 * would lead somewhere different on every page; showing it tells the visitor what the assistant meant.
 */
import { h, type ComponentChildren } from 'preact';

/**
 * The href for a link target, or null when it must stay text: only absolute http(s), mailto and tel URLs.
 * The URL parser drops tabs, newlines and surrounding control characters as browsers do (`java\tscript:`
 * is javascript:), and entities are decoded before this (`&#106;avascript:` is javascript: too).
 */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return /^(https?|mailto|tel):$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** A label that reads as a URL or a domain name: `bank.example`, `www.bank.example/login`, `https://…`. */
const URL_LIKE = /^(?:[a-z][a-z\d+.-]*:\/\/)?[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.\p{L}[\p{L}\p{N}-]*\.?(?::\d+)?(?:[/?#]\S*)?$/iu;
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

const withoutWww = (host: string) => host.replace(/^www\./, '');

/**
 * Where a link really goes, when its label names somewhere else: `[https://bank.example](https://elsewhere.test)`
 * must not pass for a link to the bank. Null when the label is no URL or names the same host.
 */
function destinationHint(label: string, href: string): string | null {
  const text = label.trim();
  if (text.length > 300 || !URL_LIKE.test(text)) return null;
  const target = new URL(href);
  let named: string;
  try {
    named = new URL(HAS_SCHEME.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return null;
  }
  if (withoutWww(named) === withoutWww(target.hostname)) return null;
  // mailto: and tel: have no host: their address is what the visitor needs to see.
  return target.hostname || target.href.slice(target.protocol.length);
}

/** Where a link goes, as written (`title` may be empty). */
export interface LinkTarget {
  target: string;
  title?: string;
}

/**
 * A link to `target` showing `label` (whose plain text is `labelText`): a link that opens in a new tab,
 * its label isolated from the surrounding text's direction, with the real host after a label that names
 * another one. A target that cannot be a safe link is shown as text after the label, with its title.
 */
export function link({ target, title }: LinkTarget, label: ComponentChildren, labelText: string): ComponentChildren {
  const href = safeHref(target);
  if (!href) {
    const written = [target && target !== labelText ? target : '', title && `"${title}"`].filter(Boolean).join(' ');
    if (!labelText) return written;
    return written ? [label, ` (${written})`] : label;
  }
  const hint = destinationHint(labelText, href);
  return h(
    'a',
    { href, title: title || undefined, target: '_blank', rel: 'noopener noreferrer' },
    h('bdi', null, labelText ? label : target),
    hint && h('span', { class: 'link-host' }, ` (${hint})`),
  );
}

/** Characters that end a bare URL, and those that may not be its last one. */
const URL_STOP = /[\s<]/;
const TRAILING_PUNCTUATION = /[?!.,:*_~'";]/;
/** The start of a bare URL with its domain: at least two dot-separated parts. */
const URL_START = /(?:https?:\/\/|www\.)[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/iuy;

/**
 * The end of a bare `http(s)://` or `www.` URL starting at `start` (GitHub's extended autolinks), or -1.
 * Trailing punctuation is not part of it, nor a closing parenthesis that has no opening one inside it:
 * `(see https://en.wikipedia.org/wiki/Mercury_(planet))` keeps the planet's parenthesis.
 */
export function bareUrlEnd(text: string, start: number): number {
  // The domain first: it is short, so a failed start costs little however long the text after it.
  URL_START.lastIndex = start;
  if (!URL_START.test(text)) return -1;
  let end = start;
  let open = 0;
  let close = 0;
  while (end < text.length && !URL_STOP.test(text[end]!)) {
    if (text[end] === '(') open++;
    else if (text[end] === ')') close++;
    end++;
  }
  for (;;) {
    const last = text[end - 1]!;
    if (TRAILING_PUNCTUATION.test(last)) end--;
    else if (last === ')' && close > open) {
      end--;
      close--;
    } else break;
  }
  return end;
}
