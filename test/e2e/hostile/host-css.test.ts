/**
 * Case 2, hostile host CSS: stylesheets that real sites ship by accident or on purpose (`*{all:unset!important}`,
 * `div{display:none!important}`, odd root font sizes, `direction:rtl`, `text-transform:uppercase`, a transformed
 * body, a body that spreads its children over the screen, and rules aimed straight at the widget's host
 * element). The open widget looks the same as on a plain page, pixel for pixel (screenshots are kept under
 * test-results/hostile-css/ for people to look at), and works; and the host's own layout is the same with and
 * without the widget.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { useBrowser, useStandIn, useStaticServer } from '../helpers/fixtures';
import { chat, expectInvariant, GREETING, hostPage, inspectListeners, installProbe, SEEN, serve } from './world';

const browser = useBrowser();
const site = useStaticServer();
const api = useStandIn();

const SHOTS = join(process.cwd(), 'test-results', 'hostile-css');

/** The hostile stylesheets, by name. */
const HOSTILE_CSS: Record<string, string> = {
  'all-unset': '*{all:unset!important}',
  'div-display-none': 'div{display:none!important}',
  'root-font-5px': 'html{font-size:5px}',
  'root-font-30px': 'html{font-size:30px}',
  'body-rtl': 'body{direction:rtl}',
  uppercase: '*{text-transform:uppercase}',
  // A transformed body is the containing block of every fixed element inside it (a common way to put a page on
  // its own layer): a widget in the body would sit at the body's foot, not the screen's.
  'body-transformed': 'body{transform:translateZ(0)}',
  // The "sticky footer" layout that spreads the body's children over the screen: one more child moves them all.
  'body-spread': 'body{display:flex;flex-direction:column;justify-content:space-between;min-height:100vh;margin:0}',
  'aimed-at-the-host':
    'assistant-chat-root,[data-assistant-id]{display:none!important;position:absolute!important;transform:scale(.5)!important;' +
    'filter:blur(4px)!important;opacity:.2!important;font:italic 40px serif!important;color:red!important;line-height:3!important}' +
    '*,*::before,*::after{box-sizing:content-box!important;letter-spacing:2px!important;word-spacing:9px!important}' +
    'button,textarea,[role=dialog]{display:none!important;background:red!important}',
};

/** What the visitor sees: screenshots of the launcher and the open panel, plus the computed styles behind them. */
interface Look {
  launcher: Buffer;
  panel: Buffer;
  styles: Record<string, Record<string, string>>;
}

async function lookOf(page: Page, name: string): Promise<Look> {
  const widget = chat(page);
  await widget.open();
  await widget.said(GREETING).waitFor(SEEN);
  // Identical conditions for every shot: nothing hovered or focused (no caret), animations finished, and the
  // host's own content hidden, since it shows through the panel's rounded corners wherever the host put it.
  await page.mouse.move(0, 0);
  await widget.input.blur();
  await widget.panel.evaluate((panel) => Promise.all(panel.getAnimations({ subtree: true }).map((a) => a.finished)));
  const options = {
    animations: 'disabled',
    caret: 'initial',
    style: 'head,body>:not(assistant-chat-root){visibility:hidden!important}',
  } as const;
  const look: Look = {
    launcher: await widget.launcher.screenshot(options),
    panel: await widget.panel.screenshot(options),
    styles: await page.evaluate(() => {
      const root = document.querySelector('assistant-chat-root')!.shadowRoot!;
      const pick = (selector: string): Record<string, string> => {
        const element = root.querySelector(selector);
        if (!element) return { missing: selector };
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return {
          box: `${box.x},${box.y},${box.width},${box.height}`,
          font: style.font,
          color: style.color,
          background: style.backgroundColor,
          display: style.display,
          direction: style.direction,
          transform: style.textTransform,
          spacing: `${style.letterSpacing} ${style.wordSpacing}`,
          sizing: style.boxSizing,
        };
      };
      return {
        launcher: pick('.launcher'),
        panel: pick('.panel'),
        header: pick('.panel-header'),
        title: pick('.title'),
        bubble: pick('.message.from-assistant'),
        composer: pick('textarea'),
        send: pick('button[type=submit]'),
      };
    }),
  };
  await mkdir(SHOTS, { recursive: true });
  await writeFile(join(SHOTS, `${name}-launcher.png`), look.launcher);
  await writeFile(join(SHOTS, `${name}-panel.png`), look.panel);
  return look;
}

/** Boxes of the host's own elements and the page's scroll size. */
function hostLayout(page: Page) {
  return page.evaluate(() => {
    const boxes = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.localName !== 'script' && element.localName !== 'assistant-chat-root')
      .map((element) => {
        const box = element.getBoundingClientRect();
        return `${element.localName}${element.id ? '#' + element.id : ''} ${box.x},${box.y},${box.width},${box.height}`;
      });
    const scroller = document.scrollingElement!;
    return { boxes, scroll: `${scroller.scrollWidth}x${scroller.scrollHeight}` };
  });
}

describe('hostile host CSS', () => {
  let plain: Look;

  beforeAll(async () => {
    const page = await browser.browser.newPage();
    try {
      await page.goto(site.page('/plain.html', hostPage({ siteUrl: site.url, apiBase: api.url })));
      plain = await lookOf(page, 'plain');
    } finally {
      await page.close();
    }
  });

  for (const [name, css] of Object.entries(HOSTILE_CSS)) {
    test(`${name}: the widget looks and works the same, and the host's layout is untouched`, async () => {
      const { page, errors } = browser;
      await installProbe(page);
      const listeners = await inspectListeners(page);
      const head = `<style>${css}</style>`;

      // The host's layout without the widget…
      await page.goto(site.page(`/${name}-bare.html`, hostPage({ siteUrl: site.url, apiBase: api.url, head, widget: false })));
      const bare = await hostLayout(page);

      // …and with it, before and after it opens.
      const { url, html } = serve(site, `/${name}.html`, hostPage({ siteUrl: site.url, apiBase: api.url, head }));
      await page.goto(url);
      await chat(page).launcher.waitFor();
      expect(await hostLayout(page)).toEqual(bare);

      const look = await lookOf(page, name);
      expect(look.styles).toEqual(plain.styles);
      expect(look.launcher.equals(plain.launcher), `launcher differs: see ${SHOTS}/${name}-launcher.png`).toBe(true);
      expect(look.panel.equals(plain.panel), `panel differs: see ${SHOTS}/${name}-panel.png`).toBe(true);
      expect(await hostLayout(page)).toEqual(bare);

      // And it still works.
      const widget = chat(page);
      await widget.send('where is order 701?');
      await widget.said('Order #701 has shipped').waitFor(SEEN);

      await expectInvariant({ scope: page, errors, listeners, html, browser: browser.browser, successPath: true });
    });
  }
});
