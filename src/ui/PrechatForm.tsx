import { useEffect, useRef, useState } from 'preact/hooks';
import type { PrechatField } from '../config/table';
import { MAX_ANSWER_LENGTH, type PrechatAnswers } from '../store/gate';
import { fill, type Strings } from './strings';

/** Props of {@link PrechatForm}. */
export interface PrechatFormProps {
  /** `data-prechat`. */
  fields: readonly PrechatField[];
  strings: Strings;
  /** Called with the answers (trimmed; empty optional fields left out) once every field is valid. */
  onAnswer: (answers: PrechatAnswers) => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Digits, spaces, +, -, parentheses (a leading + only), and at least three digits.
const TEL = /^\+?(?:[\s()-]*\d){3,}[\s()-]*$/;

/** What is wrong with `value` (trimmed) as the answer to `field`, or undefined. */
export function fieldProblem(field: PrechatField, value: string, strings: Strings): string | undefined {
  if (!value) return field.required ? fill(strings.fieldMissing, { label: field.label }) : undefined;
  if (field.type === 'email' && !EMAIL.test(value)) return strings.fieldEmail;
  if (field.type === 'tel' && !TEL.test(value)) return strings.fieldTel;
  return undefined;
}

// Unique enough: every widget renders into a shadow root of its own.
const fieldId = (name: string) => `acw-field-${name}`;
const errorId = (name: string) => `acw-field-${name}-error`;

/** The autocomplete hint of a field: the browser can fill a name, an email address or a phone number. */
function autocomplete({ name, type }: PrechatField): string | undefined {
  return type === 'text' ? (name === 'name' ? 'name' : undefined) : type;
}

/**
 * The pre-chat form: a labelled field each, checked when sent. A field in error says so (`aria-invalid`,
 * its message tied to it with `aria-describedby`), the messages are also said in a live region, and focus
 * moves to the first field in error. A field in error is checked again as the visitor types.
 */
export function PrechatForm({ fields, strings, onAnswer }: PrechatFormProps) {
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [said, setSaid] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const firstInvalid = useRef<string>();

  // After the render that marks the fields, so the field is read with its message.
  useEffect(() => {
    if (firstInvalid.current) form.current?.querySelector<HTMLInputElement>('#' + fieldId(firstInvalid.current))?.focus();
    firstInvalid.current = undefined;
  }, [errors]);

  const submit = (event: Event) => {
    event.preventDefault();
    const data = new FormData(form.current!);
    const found: Record<string, string | undefined> = {};
    const answers: PrechatAnswers = {};
    for (const field of fields) {
      const given = data.get(field.name);
      const value = typeof given === 'string' ? given.trim() : '';
      found[field.name] = fieldProblem(field, value, strings);
      if (value) answers[field.name] = value;
    }
    const invalid = fields.filter(({ name }) => found[name]);
    if (!invalid.length) {
      onAnswer(answers);
      return;
    }
    firstInvalid.current = invalid[0]!.name;
    setErrors(found);
    setSaid(invalid.map(({ name }) => found[name]).join(' '));
  };

  return (
    <form class="prechat" ref={form} noValidate aria-labelledby="acw-prechat-intro" onSubmit={submit}>
      <p class="prechat-intro" id="acw-prechat-intro">
        {strings.prechatIntro}
      </p>
      {fields.map((field) => {
        const error = errors[field.name];
        return (
          <div class="prechat-field" key={field.name}>
            <label for={fieldId(field.name)}>
              {field.label}
              {field.required && <span class="prechat-required"> ({strings.required})</span>}
            </label>
            <input
              id={fieldId(field.name)}
              name={field.name}
              type={field.type}
              autocomplete={autocomplete(field)}
              maxLength={MAX_ANSWER_LENGTH}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId(field.name) : undefined}
              onInput={(event) => {
                if (error) setErrors({ ...errors, [field.name]: fieldProblem(field, event.currentTarget.value.trim(), strings) });
              }}
            />
            {error && (
              <p class="prechat-error" id={errorId(field.name)}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" class="prechat-submit">
        {strings.prechatSubmit}
      </button>
      <p class="visually-hidden" role="status">
        {said}
      </p>
    </form>
  );
}
