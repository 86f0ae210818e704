/**
 * What the visitor is asked before a conversation is created (the consent line, the pre-chat form), and where
 * they stand: the file that asks them (./gate.ts) loads when the settings ask for a disclaimer, consent or a
 * form, with what the visitor settled for this assistant, storage and visitor (kept apart per scope).
 */
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import type { WidgetConfig } from '../config/table';
import type { GateStep } from '../store/gate';
import { visitorKey } from '../store/layout';
import { createStorage } from '../store/storage';
import type { LoadedGate } from '../ui/Panel';

/** The gate of a panel. */
export interface VisitorGate {
  /** The gate's file and the visitor's memory of it, once loaded (when the settings ask for it). */
  readonly loaded: ReadonlySignal<LoadedGate | undefined>;
  /** Where the visitor stands: nothing is created or sent before they may chat (`open`). */
  readonly step: ReadonlySignal<GateStep | 'loading'>;
  /** What the visitor settled is read again from storage (after a logout has removed it). */
  reload(): void;
  dispose(): void;
}

/** Whether the visitor must accept the notice or answer the pre-chat form before a conversation is created. */
const asksFirst = (config: WidgetConfig) => config.consent === 'required' || config.prechat.length > 0;

/** Where the visitor's consent and answers are kept: the storage choice and the visitor's key in it. */
const scopeOf = (config: WidgetConfig) => config.storage + ' ' + visitorKey(config);

/** Follows `config`; `addStyles` puts the gate's stylesheet into the shadow root when it arrives. */
export function createVisitorGate(config: ReadonlySignal<WidgetConfig>, addStyles: (css: string) => () => void): VisitorGate {
  const gate = signal<(LoadedGate & { scope: string }) | undefined>();
  const again = signal(0);
  let loading: string | undefined;
  let removeStyles: (() => void) | undefined;

  const stopLoading = effect(() => {
    // (Read to run again on reload().)
    // eslint-disable-next-line @typescript-eslint/no-unused-expressions
    again.value;
    const current = config.value;
    const scope = scopeOf(current);
    if ((!asksFirst(current) && !current.disclaimer) || scope === loading) return;
    loading = scope;
    void import('./gate').then((ui) => {
      if (loading !== scope) return;
      removeStyles ??= addStyles(ui.css);
      gate.value = { ui, state: ui.createGate(createStorage(current.storage), current), scope };
    });
  });

  return {
    loaded: gate,
    step: computed(() => {
      const current = config.value;
      if (!asksFirst(current)) return 'open';
      const loaded = gate.value;
      return loaded?.scope === scopeOf(current) ? loaded.state.step(current) : 'loading';
    }),
    reload() {
      loading = undefined;
      gate.value = undefined;
      again.value++;
    },
    dispose() {
      loading = undefined;
      stopLoading();
      removeStyles?.();
    },
  };
}
