/**
 * What the settings mean for the panel, read again whenever the boot changes them: the whole configuration (the
 * boot's settings, read by the boot, and the panel's own, read here), the words of the visitor's language (a
 * file of its own for any language but English), and what the site owner should hear about what was not
 * understood (each thing once; the words are a file of their own too).
 */
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import { resolveLanguage } from '../boot/language';
import { readPanelSettings } from '../config/panel';
import type { WidgetConfig } from '../config/table';
import type { PanelHost, WidgetSettings } from '../contract';
import { log } from '../log';
import { en, LANGUAGES, stringsFor, type Strings } from '../ui/strings';

/** The panel's reading of the settings. */
export interface PanelReading {
  /** The boot's settings as they are now (mirrored from the boot, which owns them). */
  readonly settings: ReadonlySignal<WidgetSettings>;
  readonly config: ReadonlySignal<WidgetConfig>;
  readonly strings: ReadonlySignal<Strings>;
  /** The panel's title, which also names the launcher. */
  readonly title: ReadonlySignal<string>;
  /** The words of the visitor's language are still on their way (the panel waits for them). */
  readonly waiting: ReadonlySignal<boolean>;
  /** Stops following the boot's settings. */
  dispose(): void;
}

/** Reads the settings the boot hands over, and follows them. */
export function createReading(host: PanelHost): PanelReading {
  const settings = signal(host.settings.value);
  const stopMirror = host.settings.subscribe((value) => (settings.value = value));
  const panel = computed(() => readPanelSettings(settings.value.given));
  const config = computed((): WidgetConfig => ({ ...settings.value.boot, ...panel.value.values }));
  // The words of each language the panel has spoken so far.
  const words = signal<Record<string, Strings>>({ en });
  const base = computed(() => resolveLanguage(config.value.locale).base);
  const waiting = computed(() => !words.value[base.value] && !!LANGUAGES[base.value]);
  const strings = computed(() => stringsFor(words.value[base.value] ?? en, settings.value.given.strings as Partial<Strings> | undefined));

  const loadWords = effect(() => {
    const language = base.value;
    if (!waiting.value) return;
    // (A language that cannot load keeps English.)
    void LANGUAGES[language]!().then(
      (module) => (words.value = { ...words.peek(), [language]: module.strings }),
      () => (words.value = { ...words.peek(), [language]: en }),
    );
  });

  // What the site owner has been told already: each problem once.
  const told = new Set<string>();
  const tell = effect(() => {
    const { given, issues } = settings.value;
    const all = [...issues, ...panel.value.issues];
    if (!all.length) return;
    const values = config.value as unknown as Record<string, unknown>;
    void import('../config/problems').then(({ describeIssues }) => {
      const sentences = describeIssues(all, given, values, host.context.source).filter((sentence) => !told.has(sentence) && told.add(sentence));
      if (sentences.length) log('warn', sentences.join(' '));
    });
  });

  return {
    settings,
    config,
    strings,
    title: computed(() => config.value.title || strings.value.title),
    waiting,
    dispose() {
      stopMirror();
      loadWords();
      tell();
    },
  };
}
