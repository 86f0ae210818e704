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

/** A label that reads as a web address: `bank.example`, `www.bank.example/login`, `https://bank.example`. */
const WEB_ADDRESS = /^(?:[a-z]+:\/\/)?[\p{L}\p{N}.-]+\.\p{L}{2,}(?::\d+)?(?:[/?#]\S*)?$/iu;

const withoutWww = (host: string) => host.replace(/^www\./, '');

/**
 * Where a link really goes, when its label names somewhere else: `[https://bank.example](https://elsewhere.test)`
 * must not pass for a link to the bank. Null when the label is no web address or names the same host.
 */
function realDestination(label: string, href: string): string | null {
  if (label.length > 300 || !WEB_ADDRESS.test(label)) return null;
  try {
    const named = new URL(label.includes('://') ? label : `http://${label}`).hostname;
    const target = new URL(href);
    if (withoutWww(named) === withoutWww(target.hostname)) return null;
    // mailto: and tel: have no host: their address is what the visitor needs to see.
    return target.hostname || target.href.slice(target.protocol.length);
  } catch {
    return null;
  }
}

/**
 * A link to `target` labelled `label` (whose text is `labelText`): it opens in a new tab, its label is
 * isolated from the direction of the text around it, and a label that names another site is followed by
 * the real one. A target that cannot be a safe link is shown as text after the label, with its title.
 */
export function link(target: string, title: string, label: ComponentChildren, labelText: string): ComponentChildren {
  const href = safeHref(target);
  if (!href) {
    const written = [target !== labelText && target, title && `"${title}"`].filter(Boolean).join(' ');
    if (!labelText) return written;
    return written ? [label, ` (${written})`] : label;
  }
  const destination = realDestination(labelText.trim(), href);
  return h(
    'a',
    { href, title: title || undefined, target: '_blank', rel: 'noopener noreferrer' },
    h('bdi', null, labelText ? label : target),
    destination && h('span', { class: 'link-host' }, ` (${destination})`),
  );
}

/**
 * A bare URL at the start of a word (or after `*`, `_`, `~` or `(`) with its domain (at least two parts),
 * and characters that may not end one.
 */
const BARE_URL = /(?<![^\s*_~(])(?:https?:\/\/|www\.)[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+[^\s<]*/iuy;
const TRAILING_PUNCTUATION = /[?!.,:*_~'";]/;

/**
 * The end of a bare `http(s)://` or `www.` URL starting at `start` (GitHub's extended autolinks), or -1.
 * Trailing punctuation is not part of it, nor a closing parenthesis without an opening one inside it:
 * `(see https://en.wikipedia.org/wiki/Mercury_(planet))` keeps the planet's parenthesis.
 */
export function bareUrlEnd(text: string, start: number): number {
  BARE_URL.lastIndex = start;
  if (!BARE_URL.test(text)) return -1;
  let end = BARE_URL.lastIndex;
  let unclosed = 0;
  for (let at = start; at < end; at++) unclosed += text[at] === '(' ? 1 : text[at] === ')' ? -1 : 0;
  for (;;) {
    const last = text[end - 1]!;
    if (last === ')' && unclosed < 0) unclosed++;
    else if (!TRAILING_PUNCTUATION.test(last)) return end;
    end--;
  }
}
