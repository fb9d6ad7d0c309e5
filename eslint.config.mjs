// One lint config for the whole monorepo.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jest from 'eslint-plugin-jest';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createRequire } from 'node:module';

// The remotes come from the one list (build/remotes.cjs).
const remotes = createRequire(import.meta.url)('@hostdash/build/remotes')
  .listRemotes()
  .map((remote) => remote.dir);

const axiosRestriction = {
  name: 'axios',
  message: 'Use the API client from @hostdash/shared-auth.',
};

// MUI is shared whole under the key `@mui/material` (docs/adr/0002, 0007): a deep import
// (`@mui/material/Button`) does not match it, so it would bundle a second copy of MUI.
// The shell is the exception: its own code imports MUI by path, so a page of the shell (the
// sign-in page first) loads only the MUI modules it uses; the files are the ones the shared
// barrel re-exports, so the page still runs one instance of each (docs/adr/0007).
const muiBarrelInShell = {
  name: '@mui/material',
  allowTypeImports: true,
  message:
    "In the shell, import each MUI module by its path (`import Button from '@mui/material/Button'`): the barrel would load all of MUI on the sign-in page.",
};

const muiDeepImports = {
  group: ['@mui/material/*'],
  message:
    "Import MUI from '@mui/material': it is shared whole, and a deep path would bundle a copy of it.",
};

// The page kit (docs/page-kit.md): a remote frames, sizes, downloads, colours states and keeps
// filters the kit's way, so the six remotes read as one product (issue 33).
const pageKitImports = {
  name: '@mui/material',
  importNames: ['Container'],
  message: 'Frame a page with PageFrame from @hostdash/shared-ui (width "list" or "form").',
};
const pageHeaderImport = {
  name: '@hostdash/shared-ui',
  importNames: ['PageHeader'],
  message: 'A page is a PageFrame (it renders the PageHeader, with the one width rule).',
};
const STATUS_KINDS =
  'listingStatus|reservationStatus|invoiceStatus|jobState|mailState|guestMailState|deliveryState|connectionStatus|importState|reportStatus';
const iconButtonNames = {
  selector:
    "JSXOpeningElement[name.name='IconButton']:not(:has(JSXAttribute[name.name=/^aria-label(ledby)?$/])):not(:has(JSXSpreadAttribute))",
  message: 'An icon button needs a name a screen reader reads: give it an aria-label.',
};
// MUI 9's Typography takes a palette colour by name (`textSecondary`); a path such as
// `text.secondary` is no longer read from the prop, and the text silently stays black.
const typographyColour = {
  selector:
    "JSXOpeningElement[name.name='Typography'] > JSXAttribute[name.name='color'][value.value=/\\./]",
  message:
    'Typography takes a colour by name: color="textSecondary" or "success", not "text.secondary" or "success.main" (MUI 9 ignores a palette path here; sx={{ color: … }} reads one).',
};
const pageKitSyntax = [
  typographyColour,
  {
    selector:
      "JSXAttribute[name.name='sx'] Property[key.name=/^(mx|marginX)$/][value.value='auto']",
    message:
      'Pages are left-aligned with the header: frame the page with PageFrame instead of centring it.',
  },
  {
    selector: "JSXAttribute[name.name='sx'] Property[key.name='maxWidth'][value.value>=600]",
    message:
      'A page’s width is PageFrame’s (width "list": full, "form": the one readable width), not its own maxWidth.',
  },
  {
    selector:
      "JSXOpeningElement[name.name=/^(TextField|Select|FormControl|Autocomplete)$/] > JSXAttribute[name.name='size']",
    message:
      'Fields have one density, set in the theme (shared-auth themeOptions): leave out `size`.',
  },
  {
    selector:
      "JSXOpeningElement[name.name=/^(Link|a|Button)$/] > JSXAttribute[name.name='download']",
    message:
      'Download with DownloadButton from @hostdash/shared-ui: a button with an icon and the file type.',
  },
  {
    selector: `JSXOpeningElement[name.name='Chip'] > JSXAttribute[name.name='label'] CallExpression[callee.name='labelOf'][arguments.0.value=/^(${STATUS_KINDS})$/]`,
    message:
      'Show a domain state with StatusChip from @hostdash/shared-ui: one map of colours and words.',
  },
  iconButtonNames,
];

// The build and test tooling are packages (docs/adr/0041-build-and-testing-packages.md): others
// import @hostdash/build and @hostdash/testing by name, never their files by a relative path. Every
// config below that sets `no-restricted-imports` keeps this pattern in its list.
const toolingPackages = {
  regex: '^(\\.\\.?/)+(build/|testing/(src/|jest\\.|jsdomWithFetch))',
  message:
    'Import @hostdash/build (/webpack, /remotes) or @hostdash/testing (/renderRemote, /upstream, /contract, /demoUsers, /offSiteNexts, /jest-preset) by name.',
};

// No feature imports another feature: a remote may import shared packages, never another remote
// (ARCHITECTURE.md, STYLE.md "Boundaries").
const remoteBoundaries = remotes.map((remote) => ({
  files: [`${remote}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [axiosRestriction, pageKitImports, pageHeaderImport],
        patterns: [
          muiDeepImports,
          toolingPackages,
          {
            group: [
              ...remotes
                .filter((other) => other !== remote)
                .flatMap((other) => [
                  `**/${other}/**`,
                  `@hostdash/${other}`,
                  `@hostdash/${other}/**`,
                ]),
              '**/shell/**',
              '@hostdash/shell',
              '@hostdash/shared-auth/*',
              // The guest page's light entry (docs/adr/0035-guest-page-weight.md).
              '!@hostdash/shared-auth/guest',
              '@hostdash/shared-ui/*',
              '**/shared-ui/src/**',
              '**/shared-auth/src/**',
            ],
            message:
              'A remote imports only shared packages, through their public entries (STYLE.md, Boundaries).',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/dist-monolith/**',
      '**/.data/**',
      'test-results/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'coverage/**',
      '.nx/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx', 'shell/src/**/*.ts', 'mfe-*/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [toolingPackages] }] },
  },
  {
    // Only the shared API client talks HTTP from the browser (STYLE.md: one axios instance).
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [axiosRestriction], patterns: [muiDeepImports, toolingPackages] },
      ],
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [axiosRestriction, muiBarrelInShell] },
      ],
    },
  },
  {
    files: ['shared-ui/src/**/*.{ts,tsx}', 'shared-auth/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [muiDeepImports, toolingPackages] }],
    },
  },
  ...remoteBoundaries,
  {
    files: ['mfe-*/src/**/*.tsx'],
    // The guest's check-in page is its own light entry on a phone, outside the dashboard's frame.
    ignores: ['**/*.test.tsx', 'mfe-guestportal/src/guest/**'],
    rules: { 'no-restricted-syntax': ['error', ...pageKitSyntax] },
  },
  {
    files: ['mfe-guestportal/src/guest/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', iconButtonNames, typographyColour] },
  },
  {
    files: ['shell/src/**/*.tsx', 'shared-ui/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', iconButtonNames, typographyColour] },
  },
  {
    // The fake S3 server is for tests: product code keeps files through the real storage.
    files: ['api/src/**/*.ts', 'shell/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'api/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@hostdash/storage/testing',
              message: 'Test code only: the fake S3 server never runs in the product.',
            },
          ],
          patterns: [toolingPackages],
        },
      ],
    },
  },
  {
    // Delivery is its own package (docs/adr/0040-delivery-package.md): it imports nothing of the
    // shell, and its product code no test helper.
    files: ['delivery/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'delivery/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@hostdash/storage/testing',
              message: 'Test code only: the fake S3 server never runs in the product.',
            },
          ],
          patterns: [
            toolingPackages,
            {
              group: ['**/shell/**', '@hostdash/shell', '@hostdash/shell/**'],
              message: 'The delivery package imports nothing of the shell (ADR 40).',
            },
          ],
        },
      ],
    },
  },
  {
    // Other packages use delivery through its entries (STYLE.md, Boundaries), never its files.
    // (shell/src has its own list of restricted imports; it uses only the console-types entry.)
    files: ['shell/server/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.mjs'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/delivery/src/**', '**/delivery/dist/**'],
              message: 'Import @hostdash/delivery (or its /cli, /console-types, /testing entries).',
            },
          ],
        },
      ],
    },
  },
  {
    // A focused test (`it.only`, `fdescribe`) would silently skip the rest of the suite in CI.
    files: ['**/*.test.{ts,tsx,mjs}', 'e2e/tests/**/*.ts'],
    languageOptions: { globals: globals.jest },
    plugins: { jest },
    rules: { 'jest/no-focused-tests': 'error' },
  },
  {
    // The generated contract types are written by `npm run contract`, not by hand.
    files: ['api-contract/src/schema.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
