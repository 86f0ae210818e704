/**
 * The playground page. Wide screens: a sidebar (brand, intro, scenarios, settings) beside the main
 * column (live preview filling the screen's height, then the embed code and the raw conversation).
 * Narrow screens: one column, preview first after the intro.
 */
import type { Signal } from '@preact/signals';
import type { PageTheme } from '../page-theme';
import type { Playground } from '../state';
import { ConversationCard } from './ConversationCard';
import { EmbedCard } from './EmbedCard';
import { Header } from './Header';
import { Preview } from './Preview';
import { ScenarioList } from './ScenarioList';
import { SettingsPanel } from './SettingsPanel';

/** Props of {@link App}. */
export interface AppProps {
  pg: Playground;
  pageTheme: Signal<PageTheme>;
}

/** The whole page. */
export function App({ pg, pageTheme }: AppProps) {
  return (
    <div class="app">
      <aside class="sidebar" aria-label="Playground controls">
        <Header theme={pageTheme} />
        <div class="sidebar__scroll">
          <div class="intro">
            <h1 class="intro__title">Try the chat widget, free</h1>
            <p class="intro__text">
              Pick an assistant and shape the widget: the preview follows every change. When it looks right, copy the snippet.
            </p>
          </div>
          <ScenarioList pg={pg} />
          <SettingsPanel pg={pg} />
        </div>
      </aside>
      <main class="main">
        <Preview pg={pg} />
        <EmbedCard pg={pg} />
        <ConversationCard pg={pg} />
        <footer class="footer">
          <p>
            <code>assistant-chat-widget</code> playground. The stand-in API at <code>/api</code> answers with scripted replies; set “API base” to the
            platform’s API root to try your own assistant.
          </p>
        </footer>
      </main>
    </div>
  );
}
