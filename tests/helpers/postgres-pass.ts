import fs from 'node:fs';
import path from 'node:path';

/**
 * Which API test files run a second time on PostgreSQL (vitest.postgres.config.ts, ADR 0032).
 * TEST_DATABASE_URL is the only thing that makes a test use PostgreSQL, so a file can behave
 * differently on the second pass only if it, or a file it imports, names that variable; every
 * other file would run exactly as it did on SQLite. The rule is computed from the imports each
 * time, so there is no list to keep: a new test that builds a test app or a test database is in
 * the pass through tests/helpers/app.ts. Plain Node (no vitest), so the config can load it.
 */

export const DATABASE_URL_VARIABLE = 'TEST_DATABASE_URL';

/** The API suite's test files (vitest.config.ts includes tests/api and src). */
export function apiTestFiles(root: string): string[] {
  return ['tests/api', 'src'].flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => path.join(root, dir, file)),
  );
}

// `from '…'`, `import '…'` and `import('…')` of a relative module.
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.\.?\/[^'"]+)['"]/g;

/** Where a relative import's source is: `./x.js` is x.ts (or .tsx) as TypeScript resolves it. */
function sourceOf(from: string, specifier: string): string | undefined {
  const target = path.resolve(path.dirname(from), specifier);
  const candidates = [target, target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'), target.replace(/\.mjs$/, '.mts')];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** Whether `file` or anything it imports, however indirectly, names TEST_DATABASE_URL. */
export function seesDatabaseUrl(file: string): boolean {
  const seen = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const text = fs.readFileSync(next, 'utf8');
    if (text.includes(DATABASE_URL_VARIABLE)) return true;
    for (const [, specifier] of text.matchAll(RELATIVE_IMPORT)) {
      const source = sourceOf(next, specifier!);
      if (source) pending.push(source);
    }
  }
  return false;
}

/** The test files of the PostgreSQL pass, relative to `root`. */
export function postgresPassFiles(root: string): string[] {
  return apiTestFiles(root)
    .filter((file) => seesDatabaseUrl(file))
    .map((file) => path.relative(root, file));
}
