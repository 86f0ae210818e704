/** The accent colour: a colour picker, the hex code as text (checked before it is used), and a few presets. */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { normalizeHex } from '../settings';
import { describedBy, Field } from './Field';

const PRESETS: readonly { name: string; value: string }[] = [
  { name: 'Indigo', value: '#4f46e5' },
  { name: 'Teal', value: '#0f766e' },
  { name: 'Rose', value: '#e11d48' },
  { name: 'Amber', value: '#b45309' },
  { name: 'Sky', value: '#0284c7' },
  { name: 'Graphite', value: '#334155' },
];

/** Picker + hex text + swatches; `onChange` only ever gets a valid `#rrggbb`. */
export function ColorField(props: { value: string; onChange: (hex: string) => void }) {
  const draft = useSignal(props.value);
  const error = useSignal<string | undefined>(undefined);
  // When the colour changes elsewhere (picker, preset, a pasted link), the text follows.
  useEffect(() => {
    if (normalizeHex(draft.peek()) !== props.value) {
      draft.value = props.value;
      error.value = undefined;
    }
    // The signals are the component's own (stable); only the given colour is a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value]);

  const onText = (text: string) => {
    draft.value = text;
    const hex = normalizeHex(text);
    error.value = hex ? undefined : 'Use a hex colour: # and 3 or 6 digits 0–9 or a–f, like #4f46e5.';
    if (hex) props.onChange(hex);
  };

  return (
    <Field id="color-hex" label="Accent colour" error={error.value}>
      <div class="color-field">
        <input
          class="color-field__picker"
          type="color"
          aria-label="Accent colour picker"
          value={props.value}
          onInput={(event) => props.onChange(event.currentTarget.value.toLowerCase())}
        />
        <input
          id="color-hex"
          class="input input--mono color-field__hex"
          type="text"
          spellcheck={false}
          autocomplete="off"
          maxLength={7}
          value={draft.value}
          aria-invalid={error.value ? 'true' : undefined}
          aria-describedby={describedBy('color-hex', error.value, false)}
          onInput={(event) => onText(event.currentTarget.value)}
        />
      </div>
      <div class="swatches" role="group" aria-label="Colour presets">
        {PRESETS.map((preset) => (
          <button
            key={preset.value}
            type="button"
            class="swatch"
            style={{ '--swatch': preset.value }}
            aria-label={preset.name}
            aria-pressed={props.value === preset.value}
            title={`${preset.name} ${preset.value}`}
            onClick={() => props.onChange(preset.value)}
          />
        ))}
      </div>
    </Field>
  );
}
