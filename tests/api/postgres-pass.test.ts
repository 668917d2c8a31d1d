import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_URL_VARIABLE, apiTestFiles, postgresPassFiles } from '../helpers/postgres-pass.js';

/**
 * The PostgreSQL pass runs the test files that can see TEST_DATABASE_URL through their imports
 * (tests/helpers/postgres-pass.ts). These checks keep that rule honest: nothing a test starts in
 * another process reads the variable, and every file that opens a database through the test
 * helpers or speaks to PostgreSQL itself is in the pass.
 */

const root = path.resolve(import.meta.dirname, '../..');
const relative = (file: string) => path.relative(root, file);
const pass = new Set(postgresPassFiles(root));
const testFiles = apiTestFiles(root).map(relative);

/** Every .ts/.mts/.mjs/.js file under `dir`. */
const codeUnder = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(m?ts|tsx|m?js)$/.test(file))
    .map((file) => path.join(dir, file));

describe('the PostgreSQL pass', () => {
  it('is the only way the second run differs: no server, script or bench code reads TEST_DATABASE_URL', () => {
    // Processes a test starts run this code; one reading the variable would escape the import rule.
    const readers = ['src', 'scripts', 'bench']
      .flatMap(codeUnder)
      .filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes(DATABASE_URL_VARIABLE));
    expect(readers).toEqual([]);
  });

  it('holds every test file that opens a database through the test helpers or speaks to PostgreSQL', () => {
    const opensDatabase = testFiles.filter((file) =>
      /from '\.\.\/helpers\/app\.js'|from 'pg'|createScratchDatabase/.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(opensDatabase.length).toBeGreaterThan(50);
    expect(opensDatabase.filter((file) => !pass.has(file))).toEqual([]);
  });

  it('leaves out the files that would run exactly as on SQLite', () => {
    for (const file of ['money', 'lru-cache', 'return-path', 'locale-format', 'write-batch']) {
      expect(pass.has(`tests/api/${file}.test.ts`), file).toBe(false);
    }
    expect(pass.has('tests/api/cart.test.ts')).toBe(true);
    expect(pass.size).toBeLessThan(testFiles.length);
  });
});
