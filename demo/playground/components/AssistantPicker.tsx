/**
 * The assistant setting: the stand-in's demo assistants as one-click choices (each with its own look),
 * a field for any UUID, and the owner's own assistants behind "Use my assistants".
 */
import { DEMO_ASSISTANTS, findDemoAssistant } from '../assistants';
import type { Playground } from '../state';
import { AccountAssistants } from './AccountAssistants';
import { describedBy, Field } from './Field';

/** Demo assistants + "paste any assistant UUID" (validated) + "Use my assistants". */
export function AssistantPicker({ pg }: { pg: Playground }) {
  const id = pg.settings.value.assistantId;
  const error = pg.errors.value.assistantId;
  const selected = findDemoAssistant(id)?.id;
  const hint = selected ? 'A demo assistant of the local stand-in API.' : 'Your assistant’s public UUID from the platform.';
  return (
    <div class="assistant-picker">
      <fieldset class="field">
        <legend class="field__label">Demo assistants</legend>
        <div class="choice-list">
          {DEMO_ASSISTANTS.map((assistant) => (
            <label key={assistant.id} class="choice">
              <input
                type="radio"
                name="assistant"
                value={assistant.id}
                checked={selected === assistant.id}
                onChange={() => pg.pickDemoAssistant(assistant)}
              />
              <span class="choice__body">
                <span class="choice__title">{assistant.name}</span>
                <span class="choice__text">{assistant.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field id="assistant-id" label="Assistant UUID" hint={hint} error={error}>
        <input
          id="assistant-id"
          class="input input--mono"
          type="text"
          spellcheck={false}
          autocomplete="off"
          placeholder="3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10"
          value={id}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy('assistant-id', error, true)}
          onInput={(event) => pg.update({ assistantId: event.currentTarget.value })}
        />
      </Field>
      <AccountAssistants pg={pg} />
    </div>
  );
}
