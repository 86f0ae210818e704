/**
 * How the boot reads its settings (`BOOT_SETTINGS`): once, when a widget is mounted and each time a developer
 * changes them. It carries the parsers of its own kinds only, and no words: what it does not understand is
 * told by the panel when it loads (./problems.ts), except a missing or malformed assistant id, without which
 * there is no widget to load a panel into.
 */
import { isUuid, trimBase } from '../api/url';
import { languageTag } from '../boot/language';
import { choice, flag, text } from './kinds';
import { readSettings, type Issue, type Parse, type Parsers } from './read';
import { BOOT_SETTINGS, CORNERS, type BootSettings } from './table';

/** Where the settings come from: how problems name them, and what relative URLs resolve against. */
export interface ConfigContext {
  /** The `src` the script was loaded from: the default API base is `/api` on its origin. */
  scriptSrc?: string | undefined;
  /** The page's URL (`document.baseURI`): resolves a relative API base; the default origin when there is no script. */
  pageUrl?: string | undefined;
  /** The script tag's own CSP nonce: the default of `data-nonce`. */
  nonce?: string | undefined;
  /** Names settings in problems as `data-assistant-id` (`script`, the default), `assistant-id` (`element`) or `assistantId` (`options`). */
  source?: ConfigSource;
}

/** How problems name a setting: after the script tag's data attribute, the element's attribute, or the JS option. */
export type ConfigSource = 'script' | 'element' | 'options';

/** An http(s) URL, resolved against `base`, without trailing slashes. */
function resolveHttpUrl(value: string, base?: string): string | undefined {
  try {
    const url = new URL(value, base);
    if (/^https?:$/.test(url.protocol)) return trimBase(url.href);
  } catch {
    // not a URL: reported by the caller
  }
  return undefined;
}

/** The kinds of the boot's settings. */
type BootKind = (typeof BOOT_SETTINGS)[keyof typeof BOOT_SETTINGS]['kind'];

const BOOT_PARSERS: Parsers<BootKind> = {
  uuid: (value) => (isUuid(value) ? value.toLowerCase() : undefined),
  url: (value, _spec, _issues, _name, base) => resolveHttpUrl(String(value), base),
  text,
  flag,
  choice,
  // The platform's snippet writes corners as `right-bottom`: that reads as `bottom-right`.
  corner: (value) =>
    CORNERS.find(
      (corner) =>
        corner ===
        String(value)
          .toLowerCase()
          .replace(/^(left|right)-(top|bottom)$/, '$2-$1'),
    ),
  // (The patterns below spell out both cases or read lower-cased text: a case-insensitive pattern costs the page
  // a tenth of a millisecond more to compile, at load.)
  color(value) {
    const color = String(value).toLowerCase();
    return /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(color) ? color : undefined;
  },
  // One or two CSS lengths (px, rem, em, vw, vh or %), as `x y`.
  offset(value) {
    const lengths = String(value).toLowerCase().split(/\s+/);
    const isLength = (length: string) => /^(0|-?\d*\.?\d+(px|rem|em|vw|vh|%))$/.test(length);
    return lengths.length < 3 && lengths.every(isLength) ? `${lengths[0]} ${lengths[1] ?? lengths[0]}` : undefined;
  },
  integer: (value) => (/^-?\d{1,10}$/.test(String(value)) ? Number(value) : undefined),
  duration(value) {
    const time = /^(\d{1,6}(?:\.\d+)?)\s*(ms|s|m)?$/.exec(String(value).toLowerCase());
    return time ? Math.round(Number(time[1]) * { ms: 1, s: 1000, m: 60_000 }[(time[2] ?? 's') as 'ms' | 's' | 'm']) : undefined;
  },
  name: (value) => (/^[A-Za-z_$][\w$]{0,63}$/.test(String(value)) ? String(value) : undefined),
  locale: (value) => languageTag(String(value)),
} satisfies Record<BootKind, Parse>;

/** What the boot makes of its settings. */
export interface BootReading {
  /** The settings as used (defaults in place of what was not understood), or null without a usable assistant id. */
  settings: BootSettings | null;
  /** The settings as used, even without an assistant id (what problems say is used instead). */
  values: Record<string, unknown>;
  /** `target` (script tag and `mount` command): a CSS selector of the element to render the panel inline into. */
  target: string | undefined;
  /** What was not understood (told by the panel when it loads). */
  issues: Issue[];
  /** Why there is no widget (a missing or malformed assistant id), for the console; empty when there is one. */
  problem: string;
}

/** The assistant id's name where it comes from (spelled out: the boot carries no more of ./names.ts). */
const ASSISTANT_ID_NAMES: Record<ConfigSource, string> = { script: 'data-assistant-id', element: 'assistant-id', options: 'assistantId' };

// The shape of a UUID, which any site owner's real id can be compared with.
const EXAMPLE_ID = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

/**
 * Reads the boot's settings from data attributes (or element attributes, or a developer's options). Pure: reads
 * only the own properties of `given`, and `context`.
 */
export function readBootSettings(given: Record<string, unknown>, context: ConfigContext = {}): BootReading {
  const { scriptSrc, pageUrl, nonce } = context;
  const { values, issues } = readSettings(BOOT_SETTINGS, given, BOOT_PARSERS, {
    base: pageUrl ?? scriptSrc,
    defaults: { apiBase: resolveHttpUrl('/api', scriptSrc || pageUrl) ?? '/api', nonce },
  });
  const { target, ...settings } = values;
  const id = settings.assistantId as string | undefined;
  const raw = given.assistantId;
  const problem = id
    ? ''
    : `${ASSISTANT_ID_NAMES[context.source ?? 'script']} ${typeof raw === 'string' && raw.trim() ? `"${raw.trim()}" is not` : 'is missing: it should be'} a UUID like ${EXAMPLE_ID}. The chat widget is not shown.`;
  return {
    settings: id ? (settings as BootSettings) : null,
    values: settings,
    target: target as string | undefined,
    // (The assistant id's own problem is `problem`.)
    issues: issues.filter((issue) => issue.setting !== 'assistantId'),
    problem,
  };
}
