/** The `variables` setting: key/value rows the owner adds and removes. */
import type { Playground } from '../state';

/** A small table of key/value inputs with Add and Remove buttons. */
export function VariablesEditor({ pg }: { pg: Playground }) {
  const rows = pg.settings.value.variables;
  return (
    <fieldset class="field variables">
      <legend class="field__label">Variables</legend>
      <p class="field__hint">
        Filled into <code>{'{{placeholders}}'}</code> in the assistant’s greeting and prompt when a conversation starts.
      </p>
      {rows.length ? (
        <div class="variables__rows">
          {rows.map((row, index) => (
            <div key={row.id} class="variables__row">
              <input
                class="input input--mono"
                type="text"
                spellcheck={false}
                autocomplete="off"
                placeholder="name"
                aria-label={`Variable ${index + 1} name`}
                value={row.key}
                onInput={(event) => pg.updateVariable(row.id, { key: event.currentTarget.value })}
              />
              <input
                class="input"
                type="text"
                autocomplete="off"
                placeholder="value"
                aria-label={`Variable ${index + 1} value`}
                value={row.value}
                onInput={(event) => pg.updateVariable(row.id, { value: event.currentTarget.value })}
              />
              <button
                type="button"
                class="icon-button"
                aria-label={`Remove variable ${row.key.trim() || index + 1}`}
                onClick={() => pg.removeVariable(row.id)}
              >
                <svg viewBox="0 0 20 20" aria-hidden="true">
                  <path d="M5 5l10 10M15 5L5 15" />
                </svg>
              </button>
            </div>
          ))}
        </div>
      ) : (
        <p class="variables__empty">No variables: placeholders stay as they are.</p>
      )}
      <button type="button" class="button button--ghost button--small" onClick={() => pg.addVariable()}>
        + Add variable
      </button>
      {pg.variablesPending.value ? (
        <p class="callout" role="status">
          Variables apply when a conversation starts.{' '}
          <button type="button" class="link-button" onClick={() => void pg.newConversation()}>
            Start a new conversation
          </button>{' '}
          to use them.
        </p>
      ) : null}
    </fieldset>
  );
}
