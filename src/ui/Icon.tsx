/** Line icons drawn with SVG paths (presentation attributes only, no style attributes). */
import {
  ALERT_ICON,
  CHAT_ICON,
  CHECK_ICON,
  CHEVRON_ICON,
  CLOCK_ICON,
  CLOSE_ICON,
  COMPOSE_ICON,
  DOWN_ICON,
  DOWNLOAD_ICON,
  EXPAND_ICON,
  MUTED_ICON,
  SEND_ICON,
  SHRINK_ICON,
  SOUND_ICON,
} from '../icons';

const PATHS = {
  chat: CHAT_ICON,
  close: CLOSE_ICON,
  chevron: CHEVRON_ICON,
  send: SEND_ICON,
  compose: COMPOSE_ICON,
  check: CHECK_ICON,
  alert: ALERT_ICON,
  clock: CLOCK_ICON,
  down: DOWN_ICON,
  expand: EXPAND_ICON,
  shrink: SHRINK_ICON,
  download: DOWNLOAD_ICON,
  sound: SOUND_ICON,
  muted: MUTED_ICON,
} as const;

/** The names of the available icons. */
export type IconName = keyof typeof PATHS;

/** A decorative icon (hidden from assistive technology; the control around it carries the label). */
export function Icon({ name, class: className }: { name: IconName; class?: string }) {
  return (
    <svg class={className ? `icon ${className}` : 'icon'} viewBox="0 0 24 24" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
