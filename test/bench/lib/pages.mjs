// @ts-check
/**
 * The host pages: blank on purpose, so everything measured is the widget's (or the floor's).
 * Each script goes at the end of the body, where site owners paste the snippet.
 */

/** The fixture assistant the widget pages use ("Northwind Dental" of demo/server/assistants.json). */
export const ASSISTANT_ID = '3f6c2a9e-8b1d-4c57-9e2a-5d7b1c0a4f10';

/** The launcher inside the widget's shadow root (src/boot/launcher.ts) and inside the floors'. */
export const WIDGET_LAUNCHER = 'button.launcher';
export const FLOOR_LAUNCHER = 'button.launcher';

/**
 * @param {string} title
 * @param {string} body
 */
function page(title, body) {
  return (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<title>${title}</title>\n</head>\n<body>\n${body}</body>\n</html>\n`
  );
}

/** A page with nothing on it: the baseline for heap and requests. */
export function blankPage() {
  return page('Blank host page', '');
}

/** The bare floor: a launcher with no framework (test/bench/floor/bare.ts) served at /floor/bare.js. */
export function bareFloorPage() {
  return page('Floor: bare launcher', '<script src="/floor/bare.js"></script>\n');
}

/** The Preact floor: the minimal Preact + signals launcher (test/bench/floor/floor.tsx) served at /floor/floor.js. */
export function floorPage() {
  return page('Floor: Preact + signals launcher', '<script src="/floor/floor.js"></script>\n');
}

/**
 * The widget by its script tag, as a site owner would paste it.
 * @param {string} apiBase the stand-in API's root
 * @param {string} [script] where the boot is served (`--profile` serves a readable build elsewhere)
 */
export function widgetPage(apiBase, script = '/dist/widget.js') {
  return page(
    'Host page with the chat widget',
    `<script src="${script}" data-assistant-id="${ASSISTANT_ID}" data-api-base="${apiBase}" data-type="test"></script>\n`,
  );
}
