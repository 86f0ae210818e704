/** Where the launcher sits (or that the site opens the chat itself), and who the visitor is. */
import type { Playground } from '../state';
import { Field, Segmented } from './Field';

const LAUNCHER_OPTIONS = [
  { value: 'default', label: 'Round button' },
  { value: 'none', label: 'Your own link' },
] as const;

/** The card of the settings column for the launcher and a signed-in visitor. */
export function LauncherSettings({ pg }: { pg: Playground }) {
  const s = pg.settings.value;
  return (
    <section class="card" aria-labelledby="settings-launcher">
      <h2 class="card__title" id="settings-launcher">
        Launcher and visitor
      </h2>
      <Segmented name="launcher" legend="Launcher" options={LAUNCHER_OPTIONS} value={s.launcher} onChange={(launcher) => pg.update({ launcher })} />
      <Field id="offset" label="Offset from the corner" hint="One length, or x and y: 24px 88px clears a cookie bar.">
        <input
          id="offset"
          class="input input--mono"
          type="text"
          autocomplete="off"
          spellcheck={false}
          placeholder="20px 20px"
          value={s.offset}
          aria-describedby="offset-hint"
          onInput={(event) => pg.update({ offset: event.currentTarget.value })}
        />
      </Field>
      <Field id="visitor-id" label="Signed-in visitor's id" hint="As identify() passes it: each visitor keeps a conversation of their own. Empty: anonymous.">
        <input
          id="visitor-id"
          class="input"
          type="text"
          autocomplete="off"
          placeholder="user-42"
          value={s.visitorId}
          aria-describedby="visitor-id-hint"
          onInput={(event) => pg.update({ visitorId: event.currentTarget.value })}
        />
      </Field>
      <Field id="visitor-name" label="Their name" hint="Sent with the id: the assistant's {{name}}.">
        <input
          id="visitor-name"
          class="input"
          type="text"
          autocomplete="off"
          placeholder="Ada"
          value={s.visitorName}
          aria-describedby="visitor-name-hint"
          onInput={(event) => pg.update({ visitorName: event.currentTarget.value })}
        />
      </Field>
    </section>
  );
}
