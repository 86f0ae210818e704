import type { Ref } from 'preact';
import { Icon } from './Icon';
import { fill, type Strings } from './strings';

/** Props of {@link Launcher}. */
export interface LauncherProps {
  title: string;
  strings: Strings;
  open: boolean;
  /** The id of the panel it opens, once the panel exists. */
  controls?: string | undefined;
  /** Replies that arrived while the panel was closed. */
  unread: number;
  onToggle: () => void;
  buttonRef: Ref<HTMLButtonElement>;
}

/** The round button in the corner that opens and closes the panel, with an unread badge. */
export function Launcher({ title, strings, open, controls, unread, onToggle, buttonRef }: LauncherProps) {
  const label = unread > 0 ? `${title}. ${fill(strings.unread, { n: unread })}` : title;
  return (
    <button
      type="button"
      class="launcher"
      ref={buttonRef}
      aria-label={label}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <Icon name={open ? 'chevron' : 'chat'} />
      {unread > 0 && (
        <span class="badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
