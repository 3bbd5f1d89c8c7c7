import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * DESIGN section 2: a feature never imports another feature, and the shared folders (api, lib,
 * components) never import a feature. One block per feature folder: imports are relative, so a
 * path that climbs out of the feature and names another feature's folder is refused.
 */
const WEB_SRC = 'apps/web/src';
const FEATURES = readdirSync(new URL(`./${WEB_SRC}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function featureBoundaries(feature) {
  const others = FEATURES.filter((name) => name !== feature).join('|');
  return {
    files: [`${WEB_SRC}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${others})(/|$)|(^|/)features/(?!${feature}/)`,
              message: `A feature never imports another feature (DESIGN section 2): move what ${feature} shares to src/api, src/components or src/lib.`,
            },
          ],
        },
      ],
    },
  };
}

/**
 * Issue 30: a server module imports only lib/, db/, packages/domain and the shared modules (access:
 * who may do what; catalogues: the organisation's reference data), never another module's files.
 * apps/server/module-imports.json lists the pairs that remain (module → the modules it still
 * imports): each is a collaboration still to be wired through buildApp or moved to lib/. The list
 * only shrinks: a new pair is refused here, and test/module-imports.test.ts fails on a pair that is
 * listed but no longer used.
 */
const SERVER_MODULES = 'apps/server/src/modules';
const MODULE_IMPORTS = JSON.parse(
  readFileSync(new URL('./apps/server/module-imports.json', import.meta.url), 'utf8'),
);
const SERVER_MODULE_NAMES = readdirSync(new URL(`./${SERVER_MODULES}`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const NO_PLUGINS = {
  regex: '(^|/)plugins(/|$)',
  message:
    'Modules, lib and db never import plugins/: errors live in lib/errors.ts, the current user in modules/access.',
};

/**
 * A module may be split in sub-areas, one folder each with its own routes → service → repository
 * (one level of folders: test/module-imports.test.ts refuses a deeper one). Each area imports only the areas listed for it, so the areas form no
 * cycle: ppis' templates are the ground, plans copy their activities, results record on plans, and
 * exports read all three. A collaboration against that order goes through buildApp's wiring (plans
 * draw the register map with the results' reads handed in).
 */
const MODULE_AREAS = {
  ppis: {
    templates: [],
    plans: ['templates'],
    results: ['templates', 'plans'],
    exports: ['templates', 'plans', 'results'],
  },
};

function moduleBoundaries(module) {
  const allowed = [module, ...MODULE_IMPORTS.shared, ...(MODULE_IMPORTS.pairs[module] ?? [])].join('|');
  /** Another module's files, from a file `depth` folders below the module's own. */
  const otherModule = (depth) => ({
    regex: `^(\\.\\./){${depth + 1}}(?!\\.\\./|(${allowed})(/|$))|(^|/)modules/(?!(${allowed})(/|$))`,
    message: `A server module imports lib/, db/, access and catalogues, not another module (issue 30): move what ${module} shares to lib/, or have buildApp hand it the other service; apps/server/module-imports.json lists the pairs that remain.`,
  });
  const rules = (...patterns) => ({
    'no-restricted-imports': ['error', { patterns: [NO_PLUGINS, ...patterns] }],
  });
  const areas = MODULE_AREAS[module] ?? {};
  return [
    { files: [`${SERVER_MODULES}/${module}/*.ts`], rules: rules(otherModule(0)) },
    { files: [`${SERVER_MODULES}/${module}/*/*.ts`], rules: rules(otherModule(1)) },
    ...Object.entries(areas).map(([area, below]) => ({
      files: [`${SERVER_MODULES}/${module}/${area}/*.ts`],
      rules: rules(otherModule(1), {
        regex: `^\\.\\./(?!\\.\\./|(${[area, ...below].join('|')})(/|$))`,
        message: `In ${module}, ${area} imports ${below.length ? below.join(', ') : 'no other area'} and nothing else (eslint.config.js, MODULE_AREAS): the areas form no cycle; hand a collaboration in through buildApp.`,
      }),
    })),
  ];
}

const SQL_MESSAGE =
  'SQL lives in *.repository.ts (issue 30): add a repository function and call it from here.';
const SQL_OUTSIDE_REPOSITORIES = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
    message: SQL_MESSAGE,
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_MESSAGE },
  { selector: "MemberExpression[object.name='sql']", message: SQL_MESSAGE },
  {
    selector: "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name='sql']",
    message: SQL_MESSAGE,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/web/android/**',
      'apps/web/ios/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Issue 34: jsx-a11y's recommended rules on the web app (npm run lint runs with --max-warnings 0).
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  ...FEATURES.map(featureBoundaries),
  {
    files: [`${WEB_SRC}/{api,lib,components}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features(/|$)',
              message: 'Shared code (api, lib, components) never imports a feature (DESIGN section 2).',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's plugins (auth hook, error handler) use the modules' public pieces; a module never
    // reaches back into plugins/, so the two folders cannot depend on each other again.
    files: ['apps/server/src/lib/**/*.ts', 'apps/server/src/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_PLUGINS] }] },
  },
  ...SERVER_MODULE_NAMES.flatMap(moduleBoundaries),
  {
    // Issue 30: SQL lives in repositories. Query building (Kysely's selectFrom, insertInto,
    // updateTable, deleteFrom, the sql tag and its helpers) is refused in the server's other files;
    // lib/ and db/ (shared infrastructure, migrations) and the scripts (demo/, admin/) may write it.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/lib/**',
      'apps/server/src/db/**',
      'apps/server/src/demo/**',
      'apps/server/src/admin/**',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...SQL_OUTSIDE_REPOSITORIES],
    },
  },
);
