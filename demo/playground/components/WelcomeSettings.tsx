/** The welcome, the consent line and the pre-chat form: what a visitor meets before the first message. */
import { welcomeProblems } from '../settings';
import type { Playground } from '../state';
import { describedBy, Field, TextField } from './Field';

const PRECHAT_EXAMPLE = '[{"name": "name", "label": "Your name", "required": true}, {"name": "email", "label": "Email", "type": "email"}]';

/** The card of the settings column for the welcome, the disclaimer, consent and the pre-chat form. */
export function WelcomeSettings({ pg }: { pg: Playground }) {
  const s = pg.settings.value;
  const problems = welcomeProblems(s);
  return (
    <section class="card" aria-labelledby="settings-welcome">
      <h2 class="card__title" id="settings-welcome">
        Welcome and consent
      </h2>
      <TextField
        id="subtitle"
        label="Subtitle"
        hint="Under the title while the conversation is empty (an assistant without a greeting)."
        maxLength={200}
        placeholder="We usually answer within a minute."
        value={s.subtitle}
        onInput={(subtitle) => pg.update({ subtitle })}
      />
      <TextField
        id="avatar"
        label="Avatar"
        hint="An https image URL, in the header and the welcome. Your CSP then needs it in img-src."
        type="url"
        mono
        placeholder="https://…/avatar.png"
        value={s.avatar}
        onInput={(avatar) => pg.update({ avatar })}
      />
      <Field id="starters" label="Starter prompts" hint="One a line, up to four: the visitor sends one with a click." error={problems.starters}>
        <textarea
          id="starters"
          class="input input--area"
          rows={3}
          placeholder={'What are your opening hours?\nBook an appointment'}
          value={s.starters}
          aria-invalid={problems.starters ? 'true' : undefined}
          aria-describedby={describedBy('starters', problems.starters, true)}
          onInput={(event) => pg.update({ starters: event.currentTarget.value })}
        />
      </Field>
      <Field id="disclaimer" label="Disclaimer" hint="A short line above the composer. Markdown links allowed: [privacy policy](https://…).">
        <textarea
          id="disclaimer"
          class="input input--area"
          rows={2}
          placeholder="Messages are stored for 30 days. See our [privacy policy](https://example.com/privacy)."
          value={s.disclaimer}
          aria-describedby="disclaimer-hint"
          onInput={(event) => pg.update({ disclaimer: event.currentTarget.value })}
        />
      </Field>
      <label class="switch">
        <input
          type="checkbox"
          role="switch"
          checked={s.consentRequired}
          onChange={(event) => pg.update({ consentRequired: event.currentTarget.checked })}
        />
        <span class="switch__track" aria-hidden="true" />
        <span class="switch__text">
          <span class="switch__label">Require consent</span>
          <span class="field__hint">The composer stays locked until the visitor accepts the disclaimer; nothing is sent before.</span>
        </span>
      </label>
      <Field
        id="prechat"
        label="Pre-chat form"
        hint="JSON: fields with name, label, type (text, email, tel) and required. The answers become variables."
        error={problems.prechat}
      >
        <textarea
          id="prechat"
          class="input input--mono input--area"
          rows={4}
          spellcheck={false}
          placeholder={PRECHAT_EXAMPLE}
          value={s.prechat}
          aria-invalid={problems.prechat ? 'true' : undefined}
          aria-describedby={describedBy('prechat', problems.prechat, true)}
          onInput={(event) => pg.update({ prechat: event.currentTarget.value })}
        />
      </Field>
    </section>
  );
}
