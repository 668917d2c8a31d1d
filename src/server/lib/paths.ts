import fs from 'node:fs';
import path from 'node:path';

/** The folder holding package.json, found from this file whether it runs from src/ or dist/. */
export function projectRoot(): string {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + import.meta.dirname);
    dir = parent;
  }
  return dir;
}
