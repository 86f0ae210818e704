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
export const EXPAND_ICON = 'M14 4h6v6M10 20H4v-6M20 4l-7 7M4 20l7-7';
export const SHRINK_ICON = 'M20 10h-6V4M4 14h6v6M14 10l6-6M10 14l-6 6';
export const DOWNLOAD_ICON = 'M12 4v11M7 10.5l5 5 5-5M5 20h14';
export const MIC_ICON = 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3';
export const STOP_ICON = 'M7 7h10v10H7z';
export const SOUND_ICON = 'M4 9h4l5-4v14l-5-4H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12';
export const MUTED_ICON = 'M4 9h4l5-4v14l-5-4H4zM16 9l6 6M22 9l-6 6';
