// @ts-check
/**
 * The realistic host page of the Lighthouse section: a small business's site (test/bench/site/: header and
 * navigation, a hero image, text sections, opening hours, a footer, its own stylesheet and a deferred
 * script), served from 127.0.0.1 with or without the widget's snippet. The hero is a JPEG in two widths
 * (a `srcset`), painted once per run by Chromium from a seeded scene, so that no binary lives in the
 * repository and every run gets the same bytes from the same Chromium.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveFromRoot } from './paths.mjs';

/** The site's source folder. */
const SITE_DIR = resolveFromRoot('test/bench/site');
/** Where the snippet goes in index.html: at the end of the body, where site builders put "custom code". */
const WIDGET_SLOT = '<!-- widget -->';
/** The hero's widths (index.html's `srcset`), at 16:9. */
const HERO_WIDTHS = [800, 1600];
/** JPEG quality: what an image CDN or a site builder's export typically uses. */
const HERO_QUALITY = 0.78;

/**
 * Copies the site's files into `outDir` (served under /site/) and paints the hero images there.
 * @param {string} outDir
 * @param {import('playwright-core').Browser} browser used once, to paint the hero
 * @returns {Promise<Record<string, number>>} the hero files' sizes in bytes, by name
 */
export async function buildHostSite(outDir, browser) {
  await mkdir(outDir, { recursive: true });
  for (const name of ['site.css', 'site.js']) await copyFile(join(SITE_DIR, name), join(outDir, name));
  const context = await browser.newContext();
  /** @type {Record<string, number>} */
  const sizes = {};
  try {
    const page = await context.newPage();
    for (const width of HERO_WIDTHS) {
      const dataUrl = await page.evaluate(paintHero, { width, height: (width * 9) / 16, quality: HERO_QUALITY });
      const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      const name = `hero-${width}.jpg`;
      await writeFile(join(outDir, name), bytes);
      sizes[name] = bytes.length;
    }
  } finally {
    await context.close();
  }
  return sizes;
}

/**
 * The site's home page, with the widget's snippet at the end of the body, or without it.
 * @param {string | null} snippet the `<script>` tag a site owner pastes
 * @returns {Promise<string>}
 */
export async function hostPage(snippet) {
  const html = await readFile(join(SITE_DIR, 'index.html'), 'utf8');
  if (!html.includes(WIDGET_SLOT)) throw new Error(`test/bench/site/index.html has no ${WIDGET_SLOT} slot`);
  return html.replace(WIDGET_SLOT, snippet ?? '');
}

/**
 * Paints a waiting room (wall, window light, chairs, plants, soft out-of-focus lights and a photo's grain)
 * on a canvas and returns it as a JPEG data URL. Runs in the page; seeded, so every run paints the same.
 * @param {{ width: number; height: number; quality: number }} options
 * @returns {string}
 */
function paintHero({ width, height, quality }) {
  let seed = 20240611;
  // mulberry32: a small seeded generator (Math.random cannot be seeded).
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  const u = width / 1600;

  const wall = g.createLinearGradient(0, 0, width, height);
  wall.addColorStop(0, '#e9f1ee');
  wall.addColorStop(0.6, '#d6e4df');
  wall.addColorStop(1, '#b9cfc8');
  g.fillStyle = wall;
  g.fillRect(0, 0, width, height);

  // A window with daylight and its frame.
  const light = g.createRadialGradient(1150 * u, 250 * u, 20 * u, 1150 * u, 250 * u, 520 * u);
  light.addColorStop(0, 'rgba(255, 250, 235, 0.95)');
  light.addColorStop(1, 'rgba(255, 250, 235, 0)');
  g.fillStyle = light;
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#f7fbff';
  g.fillRect(900 * u, 80 * u, 520 * u, 380 * u);
  g.strokeStyle = '#8a9a96';
  g.lineWidth = 14 * u;
  g.strokeRect(900 * u, 80 * u, 520 * u, 380 * u);
  g.beginPath();
  g.moveTo(1160 * u, 80 * u);
  g.lineTo(1160 * u, 460 * u);
  g.moveTo(900 * u, 270 * u);
  g.lineTo(1420 * u, 270 * u);
  g.stroke();
  for (let i = 0; i < 40; i++) {
    g.fillStyle = `hsla(${100 + random() * 60}, 40%, ${45 + random() * 25}%, 0.5)`;
    g.beginPath();
    g.arc((920 + random() * 480) * u, (300 + random() * 150) * u, (10 + random() * 40) * u, 0, Math.PI * 2);
    g.fill();
  }

  // The floor.
  const floor = g.createLinearGradient(0, 600 * u, 0, height);
  floor.addColorStop(0, '#c9b79c');
  floor.addColorStop(1, '#a58d6c');
  g.fillStyle = floor;
  g.fillRect(0, 600 * u, width, height - 600 * u);
  for (let x = 0; x < width; x += 90 * u) {
    g.strokeStyle = 'rgba(90, 70, 40, 0.25)';
    g.lineWidth = 2 * u;
    g.beginPath();
    g.moveTo(x, 600 * u);
    g.lineTo(x - 200 * u, height);
    g.stroke();
  }

  // A row of chairs.
  for (let i = 0; i < 5; i++) {
    const x = (120 + i * 150) * u;
    g.fillStyle = i % 2 ? '#2f7f78' : '#3a8e86';
    g.beginPath();
    g.roundRect(x, 470 * u, 120 * u, 120 * u, 18 * u);
    g.fill();
    g.fillStyle = '#1f5d57';
    g.beginPath();
    g.roundRect(x - 6 * u, 580 * u, 132 * u, 40 * u, 10 * u);
    g.fill();
    g.fillStyle = '#55524d';
    g.fillRect(x + 10 * u, 620 * u, 8 * u, 60 * u);
    g.fillRect(x + 102 * u, 620 * u, 8 * u, 60 * u);
  }

  // Plants in pots.
  for (const { px, scale } of [
    { px: 860, scale: 1 },
    { px: 1480, scale: 1.3 },
  ]) {
    g.fillStyle = '#c2703d';
    g.beginPath();
    g.roundRect((px - 40 * scale) * u, 560 * u, 80 * scale * u, 90 * scale * u, 10 * u);
    g.fill();
    for (let i = 0; i < 60; i++) {
      const angle = -Math.PI / 2 + (random() - 0.5) * 2.4;
      const length = (60 + random() * 140) * scale;
      g.strokeStyle = `hsl(${110 + random() * 40}, ${35 + random() * 30}%, ${25 + random() * 25}%)`;
      g.lineWidth = (3 + random() * 6) * u;
      g.beginPath();
      g.moveTo(px * u, 565 * u);
      g.quadraticCurveTo(
        (px + Math.cos(angle) * length * 0.3) * u,
        (565 - length * 0.7) * u,
        (px + Math.cos(angle) * length) * u,
        (565 + Math.sin(angle) * length) * u,
      );
      g.stroke();
    }
  }

  // Out-of-focus lights, as a shallow depth of field gives.
  for (let i = 0; i < 70; i++) {
    const x = random() * width;
    const y = random() * height * 0.6;
    const r = (15 + random() * 60) * u;
    const bokeh = g.createRadialGradient(x, y, 0, x, y, r);
    bokeh.addColorStop(0, `rgba(255, ${235 + random() * 20}, ${200 + random() * 40}, ${0.15 + random() * 0.25})`);
    bokeh.addColorStop(1, 'rgba(255, 255, 255, 0)');
    g.fillStyle = bokeh;
    g.fillRect(x - r, y - r, r * 2, r * 2);
  }

  // A photo's grain: what makes a JPEG weigh what a real photo does.
  const image = g.getImageData(0, 0, width, height);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    const grain = (random() - 0.5) * 16;
    data[i] = /** @type {number} */ (data[i]) + grain;
    data[i + 1] = /** @type {number} */ (data[i + 1]) + grain;
    data[i + 2] = /** @type {number} */ (data[i + 2]) + grain;
  }
  g.putImageData(image, 0, 0);
  return canvas.toDataURL('image/jpeg', quality);
}
