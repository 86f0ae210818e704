/**
 * What an owner may turn on beyond the chat itself: a teaser, opening by itself, a larger view, the transcript,
 * dictation, a chime and analytics (with the events it pushes, live). Each is off until turned on here.
 */
import { extrasProblems, type PanelSize } from '../settings';
import type { Playground } from '../state';
import { DataLayerList } from './DataLayerList';
import { Segmented, Switch, TextField } from './Field';

const SIZE_OPTIONS: readonly { value: PanelSize; label: string }[] = [
  { value: 'normal', label: 'Normal' },
  { value: 'expandable', label: 'Expandable' },
  { value: 'large', label: 'Large' },
];

/** The card of the settings column for the extras. */
export function ExtrasSettings({ pg }: { pg: Playground }) {
  const s = pg.settings.value;
  const problems = extrasProblems(s);
  return (
    <section class="card" aria-labelledby="settings-extras">
      <h2 class="card__title" id="settings-extras">
        Extras
      </h2>
      <TextField
        id="teaser"
        label="Teaser"
        hint="A line in a bubble beside the closed launcher; a click opens the chat. Empty: none."
        maxLength={120}
        placeholder="Questions about your visit? Ask us."
        value={s.teaser}
        onInput={(teaser) => pg.update({ teaser })}
      />
      <TextField
        id="teaser-delay"
        label="Show the teaser after"
        hint="A time like 800ms, 8s or 2m. Empty: 4s."
        mono
        placeholder="4s"
        value={s.teaserDelay}
        error={problems.teaserDelay}
        onInput={(teaserDelay) => pg.update({ teaserDelay })}
      />
      <TextField
        id="open-after"
        label="Open the chat by itself after"
        hint="Once per visit, on wide screens only (never on a phone). A time like 30s. Empty: never."
        mono
        placeholder="30s"
        value={s.openAfter}
        error={problems.openAfter}
        onInput={(openAfter) => pg.update({ openAfter })}
      />
      {s.teaser.trim() || s.openAfter.trim() ? (
        <div class="replay">
          <button type="button" class="button button--small button--ghost" aria-describedby="replay-hint" onClick={() => pg.replayNudges()}>
            Start a new visit
          </button>
          <p class="field__hint" id="replay-hint">
            The teaser and the timed open come once per visit (this tab), and a dismissed teaser stays away: this brings them back.
          </p>
        </div>
      ) : null}
      <Segmented
        name="size"
        legend="Panel size"
        hint="Expandable adds an Expand button for a view half the window wide; Large starts there."
        options={SIZE_OPTIONS}
        value={s.size}
        onChange={(size) => pg.update({ size })}
      />
      <Switch
        label="Download button"
        hint="Visitors save the conversation as a text file, made in their browser."
        checked={s.transcript}
        onChange={(transcript) => pg.update({ transcript })}
      />
      <Switch
        label="Voice dictation"
        hint="A microphone in the composer where the browser can listen. The visitor still presses Send."
        checked={s.dictation}
        onChange={(dictation) => pg.update({ dictation })}
      />
      <Switch
        label="Reply chime"
        hint="A short sound for a reply while the chat is closed or the tab hidden; visitors can mute it."
        checked={s.sound}
        onChange={(sound) => pg.update({ sound })}
      />
      <Switch
        label="Analytics events"
        hint="The chat’s events, never its text, go to window.dataLayer for Google Tag Manager."
        checked={s.analytics}
        onChange={(analytics) => pg.update({ analytics })}
      />
      {s.analytics ? <DataLayerList log={pg.dataLayerLog} /> : null}
    </section>
  );
}
