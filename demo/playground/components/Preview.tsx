/**
 * The preview: a mock of a customer's website in a browser frame, with the live widget floating on it.
 * The frame is the widget's containing block (see playground.css), so its fixed-position launcher and
 * panel sit in the frame's corners rather than the playground's; on phones only while the panel is
 * closed, since the open panel fills the real screen there.
 */
import { useEffect, useRef } from 'preact/hooks';
import { siteFor } from '../assistants';
import type { Playground } from '../state';

// The hash holds the settings, so the link scrolls instead of navigating.
function scrollToEmbed(event: MouseEvent) {
  const section = document.getElementById('embed');
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  section.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus({ preventScroll: true });
}

/** The browser frame, the mock site, and the slot the widget is mounted into. */
export function Preview({ pg }: { pg: Playground }) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    pg.live.setTarget(slot.current);
    return () => pg.live.setTarget(null);
  }, [pg]);

  const settings = pg.settings.value;
  const account = pg.account.state.value;
  const owned = account.status === 'ready' ? account.assistants.find((a) => a.id === settings.assistantId.trim().toLowerCase()) : undefined;
  const site = siteFor(settings.assistantId, owned?.name);
  const usable = pg.mountOptions.value !== null;
  const billed = settings.type === 'widget';
  const scenario = pg.activeScenario.value;
  const open = pg.live.isOpen.value;

  return (
    <section class="preview" aria-labelledby="preview-title">
      <h2 class="sr-only" id="preview-title">
        Live preview
      </h2>
      <div class="browser">
        <div class="browser__bar">
          <span class="browser__dots" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          <span class="browser__url" aria-hidden="true">
            <svg viewBox="0 0 16 16" class="browser__lock">
              <path d="M5 7V5a3 3 0 016 0v2M4 7h8v6H4z" />
            </svg>
            {site.domain}
          </span>
          <span class={billed ? 'mode mode--billed' : 'mode'} title={billed ? undefined : 'Test conversations cost nothing'}>
            <span class="status-dot" aria-hidden="true" />
            {billed ? 'Billed “widget” chat' : 'Free test chat'}
          </span>
          <span class="browser__actions">
            <button type="button" class="bar-button" disabled={!usable} onClick={() => void pg.newConversation()}>
              <svg viewBox="0 0 20 20" aria-hidden="true">
                <path d="M4 10a6 6 0 1 0 1.8-4.3M4 4v3.5h3.5" />
              </svg>
              <span class="bar-button__text">New conversation</span>
            </button>
            {pg.settings.value.launcher === 'none' && (
              // The site's own trigger: any link to #assistant-chat opens the widget, no script needed.
              <a class="bar-button" href="#assistant-chat">
                <span class="bar-button__text">Chat with us</span>
              </a>
            )}
            <a class="bar-button bar-button--primary" href="#embed" onClick={scrollToEmbed}>
              <svg viewBox="0 0 20 20" aria-hidden="true">
                <path d="M7 6l-4 4 4 4M13 6l4 4-4 4" />
              </svg>
              <span class="bar-button__text">Get the code</span>
            </a>
          </span>
        </div>
        <div class={open ? 'site site--open' : 'site'} data-testid="preview-site">
          {scenario?.note ? (
            <div class="site__note" role="note">
              <p>
                <strong>{scenario.title}.</strong> {scenario.note}
              </p>
              <button type="button" class="link-button" onClick={() => pg.update({ type: 'test' })}>
                Back to free test conversations
              </button>
            </div>
          ) : null}
          <div class="site__content" aria-hidden="true" inert>
            <nav class="site__nav">
              <span class="site__brand">
                <span class="site__logo">{site.brand.charAt(0)}</span>
                {site.brand}
              </span>
              <span class="site__links">
                {site.nav.map((item) => (
                  <span key={item}>{item}</span>
                ))}
              </span>
            </nav>
            <div class="site__hero">
              <div>
                <h3 class="site__headline">{site.headline}</h3>
                <p class="site__lead">{site.lead}</p>
                <span class="site__cta">{site.cta}</span>
                <span class="site__cta site__cta--quiet">Learn more</span>
              </div>
              <div class="site__art" />
            </div>
            <div class="site__features">
              {site.features.map((feature) => (
                <div key={feature.title} class="site__feature">
                  <strong>{feature.title}</strong>
                  <span>{feature.text}</span>
                </div>
              ))}
            </div>
          </div>
          {usable ? null : (
            <div class="site__overlay" role="status">
              <strong>No widget yet</strong>
              <span>Fix the highlighted settings and the widget appears here.</span>
            </div>
          )}
          <div class="widget-slot" ref={slot} />
        </div>
      </div>
    </section>
  );
}
