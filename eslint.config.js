import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = path.join(import.meta.dirname, 'src/web/features');
/** The feature folder a file is in (src/web/features/<name>/…), or undefined. */
const featureOf = (file) => {
  const relative = path.relative(webFeatures, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep)[0];
};

/**
 * Web features do not import each other (Bulletproof React's project structure): what two features
 * need lives in components/ or lib/, and app/ composes features. One feature reaching into another
 * ties their code and their chunks together without anyone deciding it.
 */
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const other = featureOf(path.resolve(path.dirname(context.filename), source.value));
      if (other && other !== own) {
        context.report({
          node: source,
          message: `features/${own} imports features/${other}: move what both need to components/ or lib/, or compose them in app/.`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  {
    // Build output, data and local scratch folders are not source.
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      '.tmp/**',
      '.scratch/**',
      'test-results/**',
      '**/*.mjs',
      'eslint.config.js',
      // The service worker is plain JavaScript the build copies with two names filled in (vite.config.ts).
      'src/web/service-worker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/config.ts.' },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, pasal: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { ...reactHooks.configs.recommended.rules, 'pasal/feature-boundaries': 'error' },
  },
  {
    // The config module, tests, benches and scripts may read the environment directly.
    files: ['src/server/config.ts', 'tests/**', 'bench/**', 'scripts/**', '*.config.ts', 'src/server/cli/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
