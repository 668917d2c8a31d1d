/**
 * Product pictures for the demo and bulk catalogues, made at seed time without any network:
 * a gradient background (an SVG rendered by sharp) with a Fluent 3D emoji of
 * @lobehub/fluent-emoji-3d (MIT, Microsoft; see NOTICE.md) composited on it, with a soft
 * shadow and sometimes a second, smaller emoji. Each variant (0–3) changes the background,
 * scale, rotation and placement, so a product's gallery shows distinct images.
 *
 * The result is a PNG buffer of ARTWORK_SIZE² pixels that goes through the normal image
 * pipeline (CatalogService.createProduct / storeImage), like any upload.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { fnv1a } from '../../../lib/fnv.js';
import { EMOJI, type EmojiName, PALETTES, type Palette, type PaletteName } from './demo-data.js';

export const ARTWORK_SIZE = 640;
export const ARTWORK_VARIANTS = 4;

export interface ArtworkRecipe {
  emoji: EmojiName;
  accent?: EmojiName;
  palette: PaletteName;
}

const require = createRequire(import.meta.url);
const SHADOW_PAD = 40;
const ASSETS = path.join(path.dirname(require.resolve('@lobehub/fluent-emoji-3d/package.json')), 'assets');

interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Decoded emoji (RGBA), one per asset, shared by every render. */
const decoded = new Map<EmojiName, Promise<RawImage>>();

function decodeEmoji(name: EmojiName): Promise<RawImage> {
  let image = decoded.get(name);
  if (!image) {
    image = sharp(path.join(ASSETS, `${EMOJI[name]}.webp`))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
    image.catch(() => decoded.delete(name));
    decoded.set(name, image);
  }
  return image;
}

interface PlacedEmoji {
  image: RawImage;
  shadow: RawImage;
}

/** Scaled and turned emoji with their shadows, per (emoji, size, angle): the layouts reuse a few. */
const placed = new Map<string, Promise<PlacedEmoji>>();

function placedEmoji(name: EmojiName, size: number, angle: number): Promise<PlacedEmoji> {
  const key = `${name}|${size}|${angle}`;
  let result = placed.get(key);
  if (!result) {
    result = renderPlacedEmoji(name, size, angle);
    result.catch(() => placed.delete(key));
    placed.set(key, result);
  }
  return result;
}

/** The emoji scaled to `size` and turned by `angle` degrees (RGBA), plus its soft shadow. */
async function renderPlacedEmoji(name: EmojiName, size: number, angle: number): Promise<PlacedEmoji> {
  const source = await decodeEmoji(name);
  const scaled = await sharp(source.data, rawOf(source))
    .resize(size, size, { kernel: 'lanczos3' })
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = { data: scaled.data, width: scaled.info.width, height: scaled.info.height };
  // Shadow: the emoji's alpha as a dark, blurred silhouette.
  const pixels = image.width * image.height;
  const silhouette = Buffer.alloc(pixels * 4);
  for (let i = 0; i < pixels; i += 1) {
    silhouette[i * 4] = 8;
    silhouette[i * 4 + 1] = 10;
    silhouette[i * 4 + 2] = 30;
    silhouette[i * 4 + 3] = Math.round((image.data[i * 4 + 3] ?? 0) * 0.45);
  }
  const blurred = await sharp(silhouette, rawOf(image))
    .extend({
      top: SHADOW_PAD,
      bottom: SHADOW_PAD,
      left: SHADOW_PAD,
      right: SHADOW_PAD,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .blur(Math.max(4, Math.round(size / 26)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { image, shadow: { data: blurred.data, width: blurred.info.width, height: blurred.info.height } };
}

const rawOf = (image: RawImage) => ({ raw: { width: image.width, height: image.height, channels: 4 as const } });

/** A seeded pseudo-random sequence, so the same product always gets the same decoration. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

function backgroundSvg(palette: Palette, variant: number, seed: number): string {
  const size = 800; // drawing units; rendered at ARTWORK_SIZE
  const rand = random(seed);
  const shapes: string[] = [];
  let defs: string;
  let base: string;
  switch (variant % ARTWORK_VARIANTS) {
    case 0: {
      // Diagonal gradient, glow behind the object, two large soft circles.
      defs = `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`;
      base = `<rect width="${size}" height="${size}" fill="url(#bg)"/>`;
      shapes.push(
        `<circle cx="${120 + rand() * 80}" cy="${110 + rand() * 80}" r="${150 + rand() * 60}" fill="#ffffff" opacity="0.08"/>`,
        `<circle cx="${650 + rand() * 60}" cy="${640 + rand() * 60}" r="${200 + rand() * 60}" fill="#000000" opacity="0.10"/>`,
      );
      break;
    }
    case 1: {
      // Vertical gradient the other way round with a few rings.
      defs = `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.to}"/><stop offset="1" stop-color="${palette.from}"/></linearGradient>`;
      base = `<rect width="${size}" height="${size}" fill="url(#bg)"/>`;
      for (let i = 0; i < 3; i += 1) {
        shapes.push(
          `<circle cx="${400}" cy="${430}" r="${200 + i * 90}" fill="none" stroke="${palette.glow}" stroke-width="${3 - i * 0.6}" opacity="${0.28 - i * 0.07}"/>`,
        );
      }
      break;
    }
    case 2: {
      // Dark studio spotlight.
      defs = `<radialGradient id="bg" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="${palette.from}"/><stop offset="0.55" stop-color="${palette.to}"/><stop offset="1" stop-color="#05060d"/></radialGradient>`;
      base = `<rect width="${size}" height="${size}" fill="url(#bg)"/>`;
      shapes.push(`<ellipse cx="400" cy="690" rx="260" ry="38" fill="#000000" opacity="0.35"/>`);
      for (let i = 0; i < 14; i += 1) {
        shapes.push(
          `<circle cx="${rand() * size}" cy="${rand() * size * 0.6}" r="${1.5 + rand() * 3}" fill="#ffffff" opacity="${0.25 + rand() * 0.4}"/>`,
        );
      }
      break;
    }
    default: {
      // Light, airy background tinted by the palette, with a dot grid.
      defs =
        `<linearGradient id="bg" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${palette.glow}"/><stop offset="1" stop-color="#ffffff"/></linearGradient>` +
        `<pattern id="dots" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="2.4" fill="${palette.from}" opacity="0.25"/></pattern>`;
      base = `<rect width="${size}" height="${size}" fill="url(#bg)"/><rect width="${size}" height="${size}" fill="url(#dots)"/>`;
      shapes.push(`<circle cx="${400}" cy="${410}" r="280" fill="${palette.from}" opacity="0.16"/>`);
      break;
    }
  }
  const glow =
    `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${palette.glow}" stop-opacity="0.55"/>` +
    `<stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ARTWORK_SIZE}" height="${ARTWORK_SIZE}" viewBox="0 0 ${size} ${size}">` +
    `<defs>${defs}${glow}</defs>${base}${shapes.join('')}` +
    `<circle cx="400" cy="400" r="330" fill="url(#glow)"/></svg>`
  );
}

interface Layout {
  size: number;
  angle: number;
  /** Centre of the main emoji. */
  x: number;
  y: number;
  accent?: { size: number; angle: number; x: number; y: number };
}

const LAYOUTS: Layout[] = [
  { size: 470, angle: 0, x: 400, y: 400 },
  { size: 400, angle: -12, x: 380, y: 430, accent: { size: 190, angle: 14, x: 615, y: 190 } },
  { size: 520, angle: 8, x: 400, y: 400 },
  { size: 360, angle: 0, x: 340, y: 440, accent: { size: 230, angle: -10, x: 590, y: 250 } },
];

/** Renders one picture of a product; `variant` 0–3 picks the look, `key` seeds the decoration. */
export async function renderArtwork(recipe: ArtworkRecipe, variant: number, key = ''): Promise<Buffer> {
  const palette = PALETTES[recipe.palette];
  const layout = LAYOUTS[variant % LAYOUTS.length] ?? LAYOUTS[0]!;
  const seed = fnv1a(`${key}|${recipe.emoji}|${recipe.palette}|${variant}`);
  const layers: OverlayOptions[] = [];
  const k = ARTWORK_SIZE / 800; // the layouts are drawn for 800 × 800

  const addEmoji = async (name: EmojiName, size: number, angle: number, x: number, y: number) => {
    const { image, shadow } = await placedEmoji(name, Math.round(size * k), angle);
    const left = Math.round(x * k - image.width / 2);
    const top = Math.round(y * k - image.height / 2);
    layers.push({
      input: shadow.data,
      ...rawOf(shadow),
      left: left - SHADOW_PAD + Math.round(10 * k),
      top: top - SHADOW_PAD + Math.round(26 * k),
    });
    layers.push({ input: image.data, ...rawOf(image), left, top });
  };

  const accent = layout.accent && (recipe.accent ?? (variant === 3 ? undefined : 'sparkles'));
  if (layout.accent && accent && variant === 3) {
    // Behind the main object on the light layout.
    await addEmoji(accent, layout.accent.size, layout.accent.angle, layout.accent.x, layout.accent.y);
  }
  await addEmoji(recipe.emoji, layout.size, layout.angle, layout.x, layout.y);
  if (layout.accent && accent && variant !== 3) {
    await addEmoji(accent, layout.accent.size, layout.accent.angle, layout.accent.x, layout.accent.y);
  }

  return sharp(Buffer.from(backgroundSvg(palette, variant, seed)))
    .resize(ARTWORK_SIZE, ARTWORK_SIZE)
    .composite(layers)
    .flatten({ background: palette.to })
    .png({ compressionLevel: 0 }) // decoded again at once by the image pipeline: size does not matter, speed does
    .toBuffer();
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T, index);
    }
  });
  await Promise.all(runners);
  return results;
}
