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
 * The one-way pipeline as rules (see docs/design.md, "Rules, and what holds them"): each folder of
 * src/ and the folders it may import, upstream first. A folder imports its own files and those
 * listed; any other folder of src/ is reported. `physics` names the engine's face
 * (src/physics/index.ts) alone: outside physics/, no file imports a stage of it. The stages
 * import each other by name. tests/unit/imports.test.ts checks every import in src/ against this
 * table too, and that the table itself has no cycle.
 */
export const PIPELINE = {
  util: [],
  // The page's words: one table per language, the language in use and the lookup; settings'
  // messages are written in them, so config is downstream of it.
  i18n: [],
  config: ['i18n'],
  shapes: ['util'],
  // The physics engine in stages (docs/design.md, "Physics stages"), each importing only those
  // below it. Elsewhere, 'physics' names its face, src/physics/index.ts.
  'physics/kernels': [],
  'physics/bodies': ['util'],
  'physics/broadphase': ['physics/kernels'],
  'physics/contacts': ['physics/bodies', 'physics/kernels'],
  'physics/manifolds': ['physics/kernels'],
  'physics/narrowphase': [
    'physics/bodies',
    'physics/broadphase',
    'physics/contacts',
    'physics/kernels',
    'physics/manifolds',
    'util',
  ],
  'physics/solver': ['physics/kernels', 'physics/manifolds'],
  'physics/world': [
    'physics/bodies',
    'physics/broadphase',
    'physics/kernels',
    'physics/manifolds',
    'physics/narrowphase',
    'physics/solver',
    'shapes',
    'util',
  ],
  scenes: ['i18n', 'physics', 'shapes', 'util'],
  // Snapshots are flat arrays the physics fills: physics types only (see the rule below).
  snapshot: ['physics', 'shapes'],
  // Saved states, recordings and links: their readers' messages are written in the page's words.
  state: ['config', 'i18n', 'physics', 'scenes', 'shapes', 'snapshot', 'util'],
  // The frame driver and the display emulator around the package's loop: no physics, no page.
  loop: ['config', 'util'],
  // The physics host and its two homes (physicsHost/): the core both homes run, the messages
  // and step slots both sides of the worker share, what runs inside the worker, the host on the
  // page's thread (and the interface both homes implement), and the page's end of the worker.
  'physicsHost/core': ['physics', 'scenes', 'shapes', 'snapshot', 'state', 'util'],
  'physicsHost/wire': ['config', 'physics', 'snapshot', 'state', 'util'],
  'physicsHost/worker': [
    'physics',
    'physicsHost/core',
    'physicsHost/wire',
    'snapshot',
    'state',
    'util',
  ],
  'physicsHost/host': [
    'config',
    'loop',
    'physics',
    'physicsHost/core',
    'scenes',
    'snapshot',
    'state',
  ],
  'physicsHost/workerHost': [
    'config',
    'loop',
    'physics',
    'physicsHost/core',
    'physicsHost/host',
    'physicsHost/wire',
    'scenes',
    'snapshot',
    'state',
    'util',
  ],
  stats: ['config', 'loop', 'scenes', 'state', 'util'],
  // Render reads snapshots and draw data: never the physics, the worker or the page around it.
  render: ['config', 'shapes', 'snapshot', 'util'],
  // The app composes: the world stepped and read through a host, never the core, the worker's
  // side or the UI; from physics, the face's data types and limits (commands, fault reports).
  app: [
    'config',
    'i18n',
    'loop',
    'physics',
    'physicsHost/host',
    'physicsHost/workerHost',
    'render',
    'scenes',
    'shapes',
    'snapshot',
    'state',
    'stats',
    'util',
  ],
  // The guided tour: chapters applied through the app's action layer, its card and figures
  // (written as the HUD writes its own).
  tour: ['app', 'config', 'i18n', 'loop', 'physics', 'scenes', 'snapshot', 'stats', 'ui'],
  // window.sandbox: a door onto the app's action layer (and the tour's).
  api: ['app', 'config', 'i18n', 'loop', 'scenes', 'state', 'stats', 'tour'],
  // The page's widgets see narrow interfaces of their own, data and types: never the app.
  ui: ['config', 'i18n', 'physics', 'render', 'scenes', 'shapes', 'state', 'stats'],
};

const FOLDERS = Object.keys(PIPELINE);

/** The last part of a folder's path: what an import from a sibling or from outside both name. */
const leafOf = (folder) => folder.slice(folder.lastIndexOf('/') + 1);
if (new Set(FOLDERS.map(leafOf)).size !== FOLDERS.length) {
  throw new Error('eslint.config.js: two folders of PIPELINE end in the same name');
}

/** The folders with a face (an index.ts over their subfolders): what the rest of src/ imports of them. */
const FACED = ['physics'];

/** The folders an entry of PIPELINE names: itself, or (a parent, such as physics) all under it. */
export function foldersNamed(entry) {
  return FOLDERS.filter((folder) => folder === entry || folder.startsWith(`${entry}/`));
}

/** An import of `name`/ reported: `regex` matches the import's text. */
const FOLDER = (name) => {
  const face = FACED.find((parent) => name.startsWith(`${parent}/`));
  return {
    regex: `(^|/)${leafOf(name)}/`,
    message:
      face === undefined
        ? `The pipeline runs one way (docs/design.md): this folder never imports ${name}/.`
        : `Outside ${face}/, ${face} is imported through its face, '${face}/index', never ${name}/.`,
  };
};
/** An import of a faced parent's face reported, for a folder its entry does not list. */
const FACE = (parent) => ({
  regex: `(^|/)${parent}/index$`,
  message: `The pipeline runs one way (docs/design.md): this folder never imports ${parent}/.`,
});
/** The packages each kept to the folder that is its one user. */
const PACKAGES = {
  'cannon-es': { regex: '^cannon-es$', only: ['physics'] },
  three: { regex: '^three(/|$)', only: ['render'] },
  'fixed-step/three': { regex: '^fixed-step/three$', only: ['render'] },
  'lil-gui': { regex: '^lil-gui', only: ['ui'] },
  uplot: { regex: '^uplot', only: ['ui'] },
};

/**
 * The fixed-step package stands below the app: src/ imports it by its public entries' names (the
 * engine-neutral ones; the root, cannon, rapier and r3f entries are for other apps, and the root
 * and the drop-in import src/physics), never a file inside it.
 */
const PACKAGE_FACE = [
  {
    regex: '^fixed-step(/(cannon|rapier|r3f))?$',
    message:
      'src/ imports the package by its engine-neutral entries: fixed-step/loop, /interpolation, /three, /core.',
  },
  {
    regex: '(^|/)packages/',
    message:
      "src/ imports the package by its entries' names (fixed-step/loop…), never a file inside it.",
  },
];

/** The package patterns `folder` may not import (null: the composition root, src/main.ts). */
function packagePatterns(folder) {
  return [
    ...Object.entries(PACKAGES)
      .filter(([, rule]) => !rule.only.some((only) => foldersNamed(only).includes(folder)))
      .map(([name, rule]) => ({
        regex: rule.regex,
        message: `Only ${rule.only.join(', ')}/ imports ${name}.`,
      })),
    ...PACKAGE_FACE,
  ];
}

/** One no-restricted-imports block per folder: every folder not in its list, and the packages. */
const LAYERS = FOLDERS.map((folder) => {
  // A faced parent's entry names its face alone (FACE), none of the folders under it.
  const named = (entry) =>
    FACED.includes(entry) && !folder.startsWith(`${entry}/`) ? [] : foldersNamed(entry);
  const allowed = new Set([folder, ...PIPELINE[folder].flatMap(named)]);
  const patterns = FOLDERS.filter((other) => !allowed.has(other)).map(FOLDER);
  for (const parent of FACED) {
    if (!folder.startsWith(`${parent}/`) && !PIPELINE[folder].includes(parent)) {
      patterns.push(FACE(parent));
    }
  }
  if (folder === 'snapshot') patterns.push({ ...FOLDER('physics'), allowTypeImports: true });
  patterns.push(...packagePatterns(folder));
  return {
    files: [`src/${folder}/**`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
});

/** What stands outside the package: any path up out of packages/fixed-step/src into src/. */
const APP_SOURCE = '^(\\.\\./){3,}src/';

/**
 * The package (packages/fixed-step/src) owns its sources and imports none of the app's, but for
 * its drop-in entry, which reaches the engine through the engine's face alone. Its engine-neutral
 * entries import no peer at run time.
 */
const PACKAGE_LAYERS = [
  {
    files: ['packages/*/src/**/*.ts'],
    ignores: ['packages/*/src/cannon.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: APP_SOURCE,
              message: 'The package stands below the app: only its drop-in entry imports src/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/*/src/cannon.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){3,}src/(?!physics/index$)',
              message:
                "The drop-in reaches the engine through its face: '../../../src/physics/index'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/*/src/{core,loop,interpolation}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: APP_SOURCE, message: 'The package stands below the app.' },
            ...['cannon-es', '@dimforge/rapier3d-compat', 'react', '@react-three/fiber'].map(
              (name) => ({
                regex: `^${name}$`,
                message: `An engine-neutral entry imports no ${name}.`,
                allowTypeImports: false,
              }),
            ),
            {
              regex: '^three$',
              message: 'An engine-neutral entry imports three.js types only.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
];

/** The engine's face (src/physics/index.ts) re-exports its stages and imports nothing else. */
const PHYSICS_FACE = {
  files: ['src/physics/index.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: FOLDERS.filter((f) => !f.startsWith('physics/')).map(FOLDER) },
    ],
  },
};

/** The composition root (src/main.ts) builds everything, but draws and steps through it. */
const ROOT_LAYER = {
  files: ['src/*.ts'],
  rules: { 'no-restricted-imports': ['error', { patterns: packagePatterns(null) }] },
};

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
  ROOT_LAYER,
  PHYSICS_FACE,
  ...PACKAGE_LAYERS,
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
      'src/state/spawnSpec.ts',
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
