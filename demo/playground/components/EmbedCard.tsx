/** The code to paste: the script tag, or the npm package, for the settings chosen on the page. */
import { useSignal } from '@preact/signals';
import { absoluteApiBase, buildGatewayCommand, NPM_INSTALL } from '../snippet';
import type { Playground } from '../state';
import { CodeBlock } from './CodeBlock';

type Tab = 'script' | 'npm';

/** Tabs "Script tag" and "npm", each with copyable code. */
export function EmbedCard({ pg }: { pg: Playground }) {
  const tab = useSignal<Tab>('script');
  const invalid = pg.errors.value.assistantId !== undefined;
  const select = (next: Tab) => (tab.value = next);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      select(tab.value === 'script' ? 'npm' : 'script');
      const id = tab.value === 'script' ? 'tab-script' : 'tab-npm';
      (event.currentTarget as HTMLElement).querySelector<HTMLElement>(`#${id}`)?.focus();
    }
  };
  return (
    <section class="card embed" id="embed" aria-labelledby="embed-title">
      <div class="card__head">
        <h2 class="card__title" id="embed-title">
          Add it to your site
        </h2>
        <div class="tabs" role="tablist" aria-label="Install with" onKeyDown={onKeyDown}>
          <button
            type="button"
            role="tab"
            id="tab-script"
            aria-selected={tab.value === 'script'}
            aria-controls="panel-script"
            tabIndex={tab.value === 'script' ? 0 : -1}
            onClick={() => select('script')}
          >
            Script tag
          </button>
          <button
            type="button"
            role="tab"
            id="tab-npm"
            aria-selected={tab.value === 'npm'}
            aria-controls="panel-npm"
            tabIndex={tab.value === 'npm' ? 0 : -1}
            onClick={() => select('npm')}
          >
            npm
          </button>
        </div>
      </div>
      {invalid ? <p class="callout callout--warning">The code below needs a valid assistant UUID (see Assistant).</p> : null}
      <div role="tabpanel" id="panel-script" aria-labelledby="tab-script" hidden={tab.value !== 'script'}>
        <p class="card__text">
          Paste before <code>&lt;/body&gt;</code> and replace <code>YOUR-CDN</code> with where you host <code>widget.js</code>.{' '}
          <code>data-api-base</code> is the API this playground talks to: change it if your site should use another. Live visitors start billed{' '}
          <code>widget</code> conversations (the default); the playground uses free <code>test</code> ones. Other settings left at their defaults are
          omitted.
        </p>
        <CodeBlock label="script tag" language="html" code={pg.scriptTag.value} />
      </div>
      <div role="tabpanel" id="panel-npm" aria-labelledby="tab-npm" hidden={tab.value !== 'npm'}>
        <p class="card__text">
          For apps with a bundler. <code>preact</code> and <code>@preact/signals</code> are peer dependencies: the command installs them too.
        </p>
        <CodeBlock label="install command" language="shell" code={NPM_INSTALL} />
        <CodeBlock label="JavaScript" language="js" code={pg.npmUsage.value} />
      </div>
      <h3 class="card__title" id="embed-gateway">
        Safe on a public page
      </h3>
      <p class="card__text">
        The widget holds no key, and every visitor message is billed to you: anyone could copy the snippet and chat from a script of their own. Run
        the gateway on a server of yours (Node, a Cloudflare Worker, a serverless function or Docker; see <code>docs/gateway.md</code>): it adds your
        API key, lets only your site&rsquo;s pages through and caps conversations and messages. Then set <code>data-api-base</code> (or{' '}
        <code>apiBase</code>) to the gateway&rsquo;s address.
      </p>
      <CodeBlock
        label="gateway command"
        language="shell"
        code={buildGatewayCommand(pg.settings.value, absoluteApiBase(pg.settings.value.apiBase, location.href))}
      />
    </section>
  );
}
