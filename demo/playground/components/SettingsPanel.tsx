/** The settings column: assistant, appearance, conversation. Every change reaches the live widget at once. */
import type { Theme } from '../../../src/config/table';
import { DEFAULT_API_BASE, type LocaleChoice } from '../settings';
import type { Playground } from '../state';
import { AssistantPicker } from './AssistantPicker';
import { ColorField } from './ColorField';
import { ExtrasSettings } from './ExtrasSettings';
import { describedBy, Field, Segmented, TextField } from './Field';
import { LauncherSettings } from './LauncherSettings';
import { PositionPicker } from './PositionPicker';
import { VariablesEditor } from './VariablesEditor';
import { WelcomeSettings } from './WelcomeSettings';

const THEME_OPTIONS: readonly { value: Theme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Auto' },
];

/** Each language in its own name (Auto: the page's language, else the browser's). */
const LOCALE_OPTIONS: readonly { value: LocaleChoice; label: string }[] = [
  { value: 'auto', label: 'Auto (page, else browser)' },
  { value: 'en', label: 'English' },
  { value: 'de', label: 'Deutsch' },
  { value: 'fr', label: 'Français' },
  { value: 'es', label: 'Español' },
  { value: 'it', label: 'Italiano' },
  { value: 'nl', label: 'Nederlands' },
  { value: 'pt', label: 'Português' },
  { value: 'pl', label: 'Polski' },
  { value: 'tr', label: 'Türkçe' },
  { value: 'ar', label: 'العربية' },
  { value: 'he', label: 'עברית' },
];

/** Every setting of the widget, grouped in cards. */
export function SettingsPanel({ pg }: { pg: Playground }) {
  const s = pg.settings.value;
  const apiError = pg.errors.value.apiBase;
  return (
    <form class="settings" aria-label="Widget settings" onSubmit={(event) => event.preventDefault()}>
      <section class="card" aria-labelledby="settings-assistant">
        <h2 class="card__title" id="settings-assistant">
          Assistant
        </h2>
        <AssistantPicker pg={pg} />
      </section>

      <section class="card" aria-labelledby="settings-appearance">
        <h2 class="card__title" id="settings-appearance">
          Appearance
        </h2>
        <Segmented name="theme" legend="Theme" options={THEME_OPTIONS} value={s.theme} onChange={(theme) => pg.update({ theme })} />
        <ColorField value={s.color} onChange={(color) => pg.update({ color })} />
        <PositionPicker value={s.position} onChange={(position) => pg.update({ position })} />
        <TextField
          id="title"
          label="Title"
          hint="Empty: “Chat with us”, in the visitor’s language."
          maxLength={80}
          placeholder="Chat with us"
          value={s.title}
          onInput={(title) => pg.update({ title })}
        />
        <Field id="locale" label="Language">
          <select id="locale" class="input" value={s.locale} onChange={(event) => pg.update({ locale: event.currentTarget.value as LocaleChoice })}>
            {LOCALE_OPTIONS.map(({ value, label }) => (
              <option key={value} value={value} lang={value === 'auto' ? undefined : value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
      </section>

      <WelcomeSettings pg={pg} />

      <LauncherSettings pg={pg} />

      <ExtrasSettings pg={pg} />

      <section class="card" aria-labelledby="settings-conversation">
        <h2 class="card__title" id="settings-conversation">
          Conversation
        </h2>
        <VariablesEditor pg={pg} />
        <label class="switch">
          <input
            type="checkbox"
            role="switch"
            checked={s.showFunctionCalls}
            onChange={(event) => pg.update({ showFunctionCalls: event.currentTarget.checked })}
          />
          <span class="switch__track" aria-hidden="true" />
          <span class="switch__text">
            <span class="switch__label">Show function-call cards</span>
            <span class="field__hint">Let visitors see which tools the assistant ran.</span>
          </span>
        </label>
        <Field
          id="api-base"
          label="API base"
          error={apiError}
          hint={
            s.apiBase.trim() === DEFAULT_API_BASE ? (
              <>
                <code>/api</code> is the local stand-in API that <code>npm run demo</code> serves.
              </>
            ) : (
              'The platform’s API root. Test conversations are free.'
            )
          }
        >
          <input
            id="api-base"
            class="input input--mono"
            type="text"
            spellcheck={false}
            autocomplete="off"
            value={s.apiBase}
            aria-invalid={apiError ? 'true' : undefined}
            aria-describedby={describedBy('api-base', apiError, true)}
            onInput={(event) => pg.update({ apiBase: event.currentTarget.value })}
          />
        </Field>
      </section>
    </form>
  );
}
