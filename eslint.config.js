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

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'artifacts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      'no-restricted-syntax': ['error', NO_ENUM],
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
