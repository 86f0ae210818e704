/** The page header: product name and the page's own light/dark switch. */
import type { Signal } from '@preact/signals';
import type { PageTheme } from '../page-theme';

const OPTIONS: readonly { value: PageTheme; label: string; icon: string }[] = [
  { value: 'system', label: 'System theme', icon: 'M3 4h14v9H3zM7 16h6' },
  {
    value: 'light',
    label: 'Light theme',
    icon: 'M10 6a4 4 0 100 8 4 4 0 000-8zM10 1v2M10 17v2M1 10h2M17 10h2M3.6 3.6l1.4 1.4M15 15l1.4 1.4M3.6 16.4L5 15M15 5l1.4-1.4',
  },
  { value: 'dark', label: 'Dark theme', icon: 'M16 12.5A7 7 0 017.5 4a7 7 0 108.5 8.5z' },
];

/** Top of the sidebar (wide screens) or of the page (narrow screens). */
export function Header({ theme }: { theme: Signal<PageTheme> }) {
  return (
    <header class="topbar">
      <div class="topbar__brand">
        <span class="topbar__logo" aria-hidden="true">
          <svg viewBox="0 0 24 24">
            <path d="M4 5.5A2.5 2.5 0 016.5 3h11A2.5 2.5 0 0120 5.5v8a2.5 2.5 0 01-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 014 14.5z" />
          </svg>
        </span>
        <span class="topbar__text">
          <span class="topbar__name">Assistant Chat Widget</span>
          <span class="topbar__sub">Playground</span>
        </span>
      </div>
      <div class="theme-switch" role="radiogroup" aria-label="Page theme">
        {OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={theme.value === option.value}
            aria-label={option.label}
            title={option.label}
            onClick={() => (theme.value = option.value)}
          >
            <svg viewBox="0 0 20 20" aria-hidden="true">
              <path d={option.icon} />
            </svg>
          </button>
        ))}
      </div>
    </header>
  );
}
