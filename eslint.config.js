// ESLint flat config: typescript-eslint's recommended rules plus the project's style rules.
import tseslint from 'typescript-eslint';

const NO_ENUM = { selector: 'TSEnumDeclaration', message: 'Use string unions, not enum.' };

/** Math functions whose results the language leaves to each engine to round. */
const ENGINE_ROUNDED = [
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'atan2',
  'sinh',
  'cosh',
  'tanh',
  'asinh',
  'acosh',
  'atanh',
  'exp',
  'expm1',
  'log',
  'log1p',
  'log2',
  'log10',
  'pow',
  'hypot',
  'cbrt',
];

/**
 * The one-way pipeline as rules (see DESIGN.md, "Architecture: data flows one way"): a folder
 * may import only from the folders upstream of it. `regex` matches the import's text.
 */
const FOLDER = (name) => ({
  regex: `(^|/)${name}/`,
  message: `The pipeline runs one way: this folder never imports ${name}/.`,
});
const CANNON = {
  regex: '^cannon-es$',
  message: 'Only physics/ and core/ (and the composition root) import cannon-es.',
};
const THREE = {
  regex: '^three(/|$)',
  message: 'Only render/ and ui/input.ts import three: the rest reads flat arrays.',
};
/** Folders the simulation side never reaches into: the page's DOM and drawing. */
const PAGE_FOLDERS = ['render', 'ui', 'app', 'api'];

/** One no-restricted-imports block (a later block replaces an earlier one's list, so each is whole). */
function layer(files, patterns, ignores = []) {
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

const LAYERS = [
  // Anywhere in src: cannon-es and three only where they belong.
  layer(
    ['src/**'],
    [CANNON, THREE],
    ['src/physics/**', 'src/core/**', 'src/render/**', 'src/ui/input.ts'],
  ),
  layer(['src/physics/**', 'src/core/**'], [THREE]),
  layer(['src/ui/input.ts'], [CANNON]),
  // Render reads snapshots and draw data: never the physics, the worker or the page around it.
  layer(
    ['src/render/**'],
    [CANNON, ...['physics', 'core', 'worker', 'scenes', 'ui', 'app', 'api'].map(FOLDER)],
  ),
  // The loop is handed a step callback and frame times: it knows no physics and no DOM.
  layer(
    ['src/loop/**'],
    [
      CANNON,
      THREE,
      ...['physics', 'core', 'worker', 'scenes', 'snapshot', 'interp', ...PAGE_FOLDERS].map(FOLDER),
    ],
  ),
  // Snapshots are flat arrays the physics fills: physics types only, nothing downstream.
  layer(
    ['src/snapshot/**'],
    [
      CANNON,
      THREE,
      { ...FOLDER('physics'), allowTypeImports: true },
      ...['core', 'worker', 'interp', ...PAGE_FOLDERS].map(FOLDER),
    ],
  ),
  // The package's engine-free entries (packages/fixed-step): the loop and the interpolation.
  layer(
    ['packages/*/src/loop.ts'],
    [
      CANNON,
      THREE,
      ...['physics', 'core', 'worker', 'scenes', 'snapshot', 'interp', ...PAGE_FOLDERS].map(FOLDER),
    ],
  ),
  layer(
    ['packages/*/src/interpolation.ts'],
    [CANNON, THREE, ...['physics', 'core', 'worker', 'scenes', ...PAGE_FOLDERS].map(FOLDER)],
  ),
  layer(
    ['src/interp/**'],
    [CANNON, THREE, ...['physics', 'core', 'worker', 'scenes', ...PAGE_FOLDERS].map(FOLDER)],
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'artifacts',
      'packages/*/dist',
      'packages/*/api',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      'no-restricted-syntax': ['error', NO_ENUM],
    },
  },
  ...LAYERS,
  {
    // Type-aware rules, on src/ only: they need the type checker, which makes linting several
    // times slower, and src/ is where a needless `as` or `?? 0` costs something in a hot loop.
    files: ['src/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // Code that decides the physics state must compute the same bits in every browser engine:
    // the language pins + − × ÷ and Math.sqrt, not these (see src/util/exactMath.ts).
    files: [
      'src/physics/**',
      'src/scenes/**',
      'src/shapes/**',
      'src/util/**',
      'src/loop/**',
      'src/api/spawnSpec.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        ...ENGINE_ROUNDED.map((property) => ({
          object: 'Math',
          property,
          message: `Engines round Math.${property} differently; use util/exactMath, or + − × ÷ and Math.sqrt.`,
        })),
      ],
      'no-restricted-syntax': [
        'error',
        NO_ENUM,
        {
          selector: "BinaryExpression[operator='**'], AssignmentExpression[operator='**=']",
          message: 'x ** n is a Math.pow, rounded differently by engines; multiply instead.',
        },
      ],
    },
  },
);
