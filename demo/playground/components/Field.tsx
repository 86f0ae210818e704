/**
 * Small form building blocks shared by the settings: a labelled field with hint and error, and a
 * group of radio buttons drawn as a segmented control.
 */
import type { ComponentChildren } from 'preact';

/** A label, the control (children), and an optional hint and error under it. */
export function Field(props: { id: string; label: string; hint?: ComponentChildren; error?: string | undefined; children: ComponentChildren }) {
  return (
    <div class={props.error ? 'field field--invalid' : 'field'}>
      <label class="field__label" for={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.error ? (
        <p class="field__error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      ) : props.hint ? (
        <p class="field__hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A {@link Field} with a one-line text input for a setting given as text: its hint describes it (its error
 * instead, when there is one), and each keystroke goes to `onInput`. `mono` is for codes and addresses
 * (monospaced, no spell check).
 */
export function TextField(props: {
  id: string;
  label: string;
  hint: string;
  placeholder: string;
  value: string;
  onInput: (value: string) => void;
  type?: 'text' | 'url';
  mono?: boolean;
  maxLength?: number;
  error?: string | undefined;
}) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <input
        id={props.id}
        class={props.mono ? 'input input--mono' : 'input'}
        type={props.type ?? 'text'}
        autocomplete="off"
        spellcheck={props.mono ? false : undefined}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        value={props.value}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={describedBy(props.id, props.error, true)}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
    </Field>
  );
}

/** The `aria-describedby` for a {@link Field}'s control: its error when there is one, else its hint. */
export function describedBy(id: string, error: string | undefined, hasHint: boolean): string | undefined {
  if (error) return `${id}-error`;
  return hasHint ? `${id}-hint` : undefined;
}

/** One option of a {@link Segmented} control. */
export interface SegmentOption<T extends string> {
  value: T;
  label: string;
}

/** A radio group drawn as a row of buttons, with an optional hint under it. */
export function Segmented<T extends string>(props: {
  name: string;
  legend: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  hint?: string;
}) {
  const hintId = `${props.name}-hint`;
  return (
    <fieldset class="field" aria-describedby={props.hint ? hintId : undefined}>
      <legend class="field__label">{props.legend}</legend>
      <div class="segmented">
        {props.options.map((option) => (
          <label key={option.value} class="segmented__option">
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {props.hint ? (
        <p class="field__hint" id={hintId}>
          {props.hint}
        </p>
      ) : null}
    </fieldset>
  );
}

/** An on/off setting: a checkbox drawn as a switch, its label and a hint beside it. */
export function Switch(props: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label class="switch">
      <input type="checkbox" role="switch" checked={props.checked} onChange={(event) => props.onChange(event.currentTarget.checked)} />
      <span class="switch__track" aria-hidden="true" />
      <span class="switch__text">
        <span class="switch__label">{props.label}</span>
        <span class="field__hint">{props.hint}</span>
      </span>
    </label>
  );
}
