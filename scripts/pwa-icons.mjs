// Writes the installed app's icons (src/web/public/icons/*.png, named by the web app manifests) from
// the shop's logo, src/web/public/favicon.svg. Run after the logo changes: `node scripts/pwa-icons.mjs`;
// the PNGs are committed, so a build needs no image work.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(root, 'src/web/public');
const logo = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const outDir = path.join(publicDir, 'icons');
fs.mkdirSync(outDir, { recursive: true });

// The logo's own drawing (its rounded square's corners stay transparent): the "any" icons.
for (const size of [192, 512]) {
  await sharp(Buffer.from(logo), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, `icon-${size}.png`));
}

// The maskable icon: the launcher cuts its own shape out of it, so the background fills the square
// and the bag, centred, stays inside the circle of 80% (the safe zone every mask keeps).
const bag = logo.replace(/<rect[^>]*\/>/, '');
const inner = bag.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0f172a"/><g transform="translate(32 32) scale(1.05) translate(-32 -31.5)">${inner}</g></svg>`;
for (const size of [192, 512]) {
  await sharp(Buffer.from(maskable), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, `maskable-${size}.png`));
}
console.log(`pwa-icons: wrote ${fs.readdirSync(outDir).join(', ')} in ${path.relative(root, outDir)}`);
