/**
 * The widget's line icons as SVG path data (24×24, drawn with a 2px round stroke). Each is its own export,
 * so the launcher script carries only the two it draws.
 */
export const CHAT_ICON = 'M21 11.5a8.5 8.5 0 0 1-12.4 7.6L3 20.5l1.4-5A8.5 8.5 0 1 1 21 11.5z';
export const CLOSE_ICON = 'M6 6l12 12M18 6L6 18';
export const CHEVRON_ICON = 'M6 9l6 6 6-6';
export const SEND_ICON = 'M12 19V5M5.5 11.5L12 5l6.5 6.5';
export const COMPOSE_ICON = 'M12 20h8M16.5 3.8a2.1 2.1 0 0 1 3 3L7.5 18.8 3.5 20l1.2-4z';
export const CHECK_ICON = 'M5 12.5l4.5 4.5L19 7.5';
export const ALERT_ICON = 'M12 7.5v5.5M12 16.5v.5M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z';
export const CLOCK_ICON = 'M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z';
export const DOWN_ICON = 'M12 5v14M6 13l6 6 6-6';
