/** The entries the live widget pushed to `window.dataLayer`, newest first: what a tag manager would get. */
import { clockTime, type DataLayerLog } from '../data-layer-log';

/** The live list of data-layer entries, with a button that clears it. */
export function DataLayerList({ log }: { log: DataLayerLog }) {
  const entries = log.entries.value;
  return (
    <div class="datalayer">
      <div class="datalayer__head">
        <h3 class="field__label" id="datalayer-title">
          Pushed to <code>window.dataLayer</code>
        </h3>
        <button type="button" class="link-button" disabled={!entries.length} onClick={() => log.clear()}>
          Clear
        </button>
      </div>
      {/* (Focusable once it has entries: a list that scrolls must be reachable with the keyboard.) */}
      <div class="datalayer__log" role="log" aria-labelledby="datalayer-title" tabIndex={entries.length ? 0 : undefined}>
        {entries.length ? (
          <ol class="datalayer__list">
            {entries.map((entry) => (
              <li key={entry.id} class="datalayer__entry">
                <code class="datalayer__event">{entry.event}</code>
                <time class="datalayer__time" dateTime={new Date(entry.at).toISOString()}>
                  {clockTime(entry.at)}
                </time>
                {entry.details ? <span class="datalayer__details">{entry.details}</span> : null}
              </li>
            ))}
          </ol>
        ) : null}
      </div>
      {entries.length ? null : <p class="field__hint">Nothing yet: open the chat in the preview, or send it a message.</p>}
    </div>
  );
}
