/** Line icons drawn with SVG paths (presentation attributes only, no style attributes). */

const PATHS = {
  chat: 'M21 11.5a8.5 8.5 0 0 1-12.4 7.6L3 20.5l1.4-5A8.5 8.5 0 1 1 21 11.5z',
  close: 'M6 6l12 12M18 6L6 18',
  chevron: 'M6 9l6 6 6-6',
  send: 'M12 19V5M5.5 11.5L12 5l6.5 6.5',
  compose: 'M12 20h8M16.5 3.8a2.1 2.1 0 0 1 3 3L7.5 18.8 3.5 20l1.2-4z',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  alert: 'M12 7.5v5.5M12 16.5v.5M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
  clock: 'M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
  down: 'M12 5v14M6 13l6 6 6-6',
} as const;

/** The names of the available icons. */
export type IconName = keyof typeof PATHS;

/** A decorative icon (hidden from assistive technology; the control around it carries the label). */
export function Icon({ name, class: className }: { name: IconName; class?: string }) {
  return (
    <svg class={className ? `i ${className}` : 'i'} viewBox="0 0 24 24" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
