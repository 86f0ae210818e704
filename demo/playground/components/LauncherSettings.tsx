/** Where the launcher sits (or that the site opens the chat itself), and who the visitor is. */
import type { Playground } from '../state';
import { Segmented, TextField } from './Field';

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
      <TextField
        id="offset"
        label="Offset from the corner"
        hint="One length, or x and y: 24px 88px clears a cookie bar."
        mono
        placeholder="20px 20px"
        value={s.offset}
        onInput={(offset) => pg.update({ offset })}
      />
      <TextField
        id="visitor-id"
        label="Signed-in visitor's id"
        hint="As identify() passes it: each visitor keeps a conversation of their own. Empty: anonymous."
        placeholder="user-42"
        value={s.visitorId}
        onInput={(visitorId) => pg.update({ visitorId })}
      />
      <TextField
        id="visitor-name"
        label="Their name"
        hint="Sent with the id: the assistant's {{name}}."
        placeholder="Ada"
        value={s.visitorName}
        onInput={(visitorName) => pg.update({ visitorName })}
      />
    </section>
  );
}
