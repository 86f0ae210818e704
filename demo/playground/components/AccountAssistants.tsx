/**
 * "Use my assistants": the owner pastes an API key, lists their assistants (every page) and previews one
 * with its own look in a free test conversation. The key lives only in this component's input while it
 * is open: it is not saved, not put in the link or the snippet, and it is cleared once the list is read.
 */
import { useSignal } from '@preact/signals';
import { problemMessage, type AccountState } from '../account';
import type { AccountAssistant } from '../account-api';
import type { AssistantLook } from '../look';
import { DEFAULT_API_BASE } from '../settings';
import type { Playground } from '../state';
import { describedBy, Field } from './Field';

const THEME_NAMES = { light: 'Light', dark: 'Dark', auto: 'Auto' } as const;
const CORNER_NAMES = { 'top-left': 'Top left', 'top-right': 'Top right', 'bottom-left': 'Bottom left', 'bottom-right': 'Bottom right' } as const;

/** A disclosure button and, when open, the key field, the list and the preview button. */
export function AccountAssistants({ pg }: { pg: Playground }) {
  const open = useSignal(false);
  return (
    <div class="account">
      <button
        type="button"
        class="button button--ghost button--small account__toggle"
        aria-expanded={open.value}
        aria-controls={open.value ? 'account-panel' : undefined}
        onClick={() => (open.value = !open.value)}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" class="button__icon">
          <path d={open.value ? 'M5 12.5l5-5 5 5' : 'M5 7.5l5 5 5-5'} />
        </svg>
        Use my assistants
      </button>
      {open.value ? <AccountPanel pg={pg} /> : null}
    </div>
  );
}

function AccountPanel({ pg }: { pg: Playground }) {
  const apiKey = useSignal('');
  const state = pg.account.state.value;
  const apiBaseError = pg.errors.value.apiBase;
  const loading = state.status === 'loading';

  const list = async () => {
    if (!apiKey.peek().trim() || apiBaseError) return;
    await pg.listAccountAssistants(apiKey.peek());
    // Listed: the key has done its job. Refused: keep it, so the owner can correct it.
    if (pg.account.state.peek().status === 'ready') apiKey.value = '';
  };

  return (
    <div id="account-panel" class="account__panel">
      <p class="field__hint">List the assistants of your platform account and try any of them here, in free test conversations.</p>
      <Field
        id="api-key"
        label="API key"
        hint={
          <>
            Kept in this page’s memory only: never saved, never in the link or the snippet. Sent only to <code>{pg.apiBaseUrl.value}</code> (the API
            base, under Conversation).
            {pg.settings.value.apiBase.trim() === DEFAULT_API_BASE ? (
              <>
                {' '}
                The stand-in accepts <code>demo-key-northwind</code>.
              </>
            ) : null}
          </>
        }
      >
        <div class="account__row">
          <input
            id="api-key"
            class="input input--mono"
            type="password"
            // Not a password to remember: no autofill, no form restore after a reload.
            autocomplete="off"
            spellcheck={false}
            data-1p-ignore
            data-lpignore="true"
            placeholder="Paste your API key"
            value={apiKey.value}
            aria-describedby={describedBy('api-key', undefined, true)}
            onInput={(event) => (apiKey.value = event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void list();
              }
            }}
          />
          <button
            type="button"
            class="button button--small"
            disabled={!apiKey.value.trim() || apiBaseError !== undefined}
            aria-disabled={loading ? 'true' : undefined}
            onClick={() => void list()}
          >
            {loading ? 'Listing…' : 'List my assistants'}
          </button>
        </div>
      </Field>
      {apiBaseError ? <p class="callout callout--warning">Fix the API base (under Conversation) first.</p> : null}
      <p class="account__status" role="status">
        {statusText(state)}
      </p>
      {state.status === 'failed' ? (
        <p class="callout callout--error" role="alert">
          {problemMessage(state)}
        </p>
      ) : null}
      {state.status === 'ready' && state.assistants.length ? <AssistantChooser pg={pg} assistants={state.assistants} /> : null}
    </div>
  );
}

function statusText(state: AccountState): string {
  switch (state.status) {
    case 'idle':
    case 'failed':
      return '';
    case 'loading':
      return 'Reading your assistants…';
    case 'ready': {
      const count = state.assistants.length;
      if (!count) return 'This account has no assistants yet. Create one on the platform, then list again.';
      return `${count} assistant${count === 1 ? '' : 's'} found.`;
    }
    default: {
      const never: never = state;
      return never;
    }
  }
}

/** The owner's assistants in a select, the chosen one's look, and the button that previews it. */
function AssistantChooser({ pg, assistants }: { pg: Playground; assistants: AccountAssistant[] }) {
  const current = pg.settings.value.assistantId.trim().toLowerCase();
  const chosenId = useSignal(assistants.some((a) => a.id === current) ? current : (assistants[0]?.id ?? ''));
  const chosen = assistants.find((a) => a.id === chosenId.value) ?? assistants[0];
  const previewing = assistants.find((a) => a.id === current);
  if (!chosen) return null;
  return (
    <div class="account__chooser">
      <Field id="account-assistant" label="Your assistant">
        <select
          id="account-assistant"
          class="input"
          value={chosen.id}
          aria-describedby="account-look"
          onChange={(event) => (chosenId.value = event.currentTarget.value)}
        >
          {assistants.map((assistant) => (
            <option key={assistant.id} value={assistant.id}>
              {assistant.active ? assistant.name : `${assistant.name} (inactive)`}
            </option>
          ))}
        </select>
      </Field>
      <p class="account__look" id="account-look">
        <span class="account__swatch" style={{ '--swatch': chosen.look.color ?? 'transparent' }} aria-hidden="true" />
        {describeLook(chosen.look)}
      </p>
      <div class="account__actions">
        <button type="button" class="button button--small" onClick={() => void pg.useAccountAssistant(chosen)}>
          Preview this assistant
        </button>
        <button type="button" class="link-button" onClick={() => pg.account.forget()}>
          Forget the list
        </button>
      </div>
      <p class="field__hint" role="status">
        {previewing ? `In the preview: ${previewing.name}, free test conversations.` : ''}
      </p>
    </div>
  );
}

/** "Dark theme · #0f766e · Bottom left", with what the assistant leaves to the playground named as such. */
function describeLook(look: AssistantLook): string {
  const parts = [
    look.theme ? `${THEME_NAMES[look.theme]} theme` : 'theme not set',
    look.color ?? 'colour not set',
    look.position ? CORNER_NAMES[look.position] : 'corner not set',
  ];
  const unset = !look.theme || !look.color || !look.position;
  const text = parts.join(' · ') + (unset ? ' (what is not set keeps the current setting)' : '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
