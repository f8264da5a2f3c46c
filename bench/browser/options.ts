// The browser bench's command line: each option checked on its own, a bad one named with what is
// valid, before the preview server or the browser starts.

/** The stress scenes the bench measures, at the counts the figures were taken at. */
export const STRESS_SCENES = [
  { scene: 'pile', count: 300 },
  { scene: 'rain', count: 500 },
  { scene: 'tower', count: 400 },
  { scene: 'avalanche', count: 800 },
] as const;

export interface BenchOptions {
  /** Rounds of the whole plan; each round runs every row on both threads. */
  rounds: number;
  /** Simulated seconds every throughput run is advanced to before its frames are timed. */
  prerollSeconds: number;
  /** Real seconds of animation frames before the measured interval. */
  warmupSeconds: number;
  /** Real seconds of the measured interval. */
  seconds: number;
  /** Busy ms per animation frame for the slow-drawing pile rows (0: no such rows). */
  slowDrawMs: number;
  /** Measured mouse moves per drag run (0: no drag runs). */
  dragMoves: number;
  /** Layers of the pyramid row, in the worker (0: none). */
  pyramidLayers: number;
  /** Scenes to run (by id), in STRESS_SCENES order. */
  scenes: string[];
  /** More URL parameters for every page (`maxframe=1&maxsteps=100`), '' for none. */
  params: string;
  port: number;
}

interface IntegerOption {
  key: keyof Omit<BenchOptions, 'scenes' | 'params'>;
  flag: string;
  min: number;
  max: number;
  what: string;
}

const INTEGER_OPTIONS: readonly IntegerOption[] = [
  { key: 'rounds', flag: '--rounds', min: 1, max: 20, what: 'rounds of every row on both threads' },
  {
    key: 'prerollSeconds',
    flag: '--preroll',
    min: 0,
    max: 60,
    what: 'simulated seconds before timing',
  },
  { key: 'warmupSeconds', flag: '--warmup', min: 0, max: 60, what: 'real seconds of warm-up' },
  { key: 'seconds', flag: '--seconds', min: 2, max: 120, what: 'real seconds measured per run' },
  {
    key: 'slowDrawMs',
    flag: '--slow-draw',
    min: 0,
    max: 2000,
    what: 'busy ms added to each frame',
  },
  { key: 'dragMoves', flag: '--drag-moves', min: 0, max: 50, what: 'mouse moves per drag run' },
  {
    key: 'pyramidLayers',
    flag: '--pyramid',
    min: 0,
    max: 15,
    what: 'layers of the pyramid row (0: none)',
  },
  { key: 'port', flag: '--port', min: 1024, max: 65535, what: 'the preview server port' },
];

export const USAGE = `npm run bench:browser -- [options]
  --rounds=N       rounds; each runs every row on both threads, in ABBA order (default 2)
  --seconds=S      real seconds of animation frames measured per run (default 8)
  --warmup=S       real seconds of frames before that (default 3)
  --preroll=S      simulated seconds every run starts from, reached by scripted frames (default 2)
  --slow-draw=MS   busy ms added to every frame for the slow-drawing pile rows; 0: none (default 150)
  --drag-moves=N   mouse moves per drag run; 0: no drag runs (default 8)
  --pyramid=L      pyramid of L layers in the worker, from the load,
                   measured once step 20 is drawn after the warm-up; 0: none (default 11)
  --scenes=LIST    comma-separated subset of ${STRESS_SCENES.map((s) => s.scene).join(',')}
  --params=QUERY   more URL parameters for every page, such as 'maxframe=1&maxsteps=100'
  --port=N         preview server port (default $PREVIEW_PORT, else 4173)`;

function defaultPort(): number {
  const fromEnv = process.env.PREVIEW_PORT;
  if (fromEnv === undefined) return 4173;
  const port = Number(fromEnv);
  if (!Number.isInteger(port) || port < 1024 || port > 65535)
    throw new Error(
      `PREVIEW_PORT=${JSON.stringify(fromEnv)} is invalid: expected an integer from 1024 to 65535.`,
    );
  return port;
}

/** The bench sets these itself for every run. */
const RUN_PARAMS = ['scene', 'count', 'thread'];

/**
 * `--params`: URL parameters as `key=value` pairs joined by `&`, passed to the app as they are
 * (the app checks their values and says which it refused, which fails the run).
 */
function parseParams(value: string): string {
  const pairs = value.split('&');
  for (const pair of pairs) {
    const [key, setting] = pair.split('=', 2);
    if (!key || setting === undefined || setting === '')
      throw new Error(
        `--params=${JSON.stringify(value)} is invalid: expected key=value pairs joined by &, such as maxframe=1&maxsteps=100.`,
      );
    if (RUN_PARAMS.includes(key))
      throw new Error(
        `--params may not set ${key}: the bench sets ${RUN_PARAMS.join(', ')} for every run.`,
      );
  }
  return value;
}

/** Parses `argv` (without node and the script); throws an Error naming the first bad option. */
export function parseOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    rounds: 2,
    prerollSeconds: 2,
    warmupSeconds: 3,
    seconds: 8,
    slowDrawMs: 150,
    dragMoves: 8,
    pyramidLayers: 11,
    scenes: STRESS_SCENES.map((s) => s.scene),
    params: '',
    port: defaultPort(),
  };
  for (const arg of argv) {
    const [flag, value] = arg.split('=', 2) as [string, string | undefined];
    if (flag === '--scenes') {
      const known = STRESS_SCENES.map((s) => s.scene) as string[];
      const asked = (value ?? '').split(',').filter((s) => s !== '');
      const unknown = asked.filter((s) => !known.includes(s));
      if (asked.length === 0 || unknown.length > 0)
        throw new Error(
          `--scenes=${JSON.stringify(value ?? '')} is invalid: expected a comma-separated list of ${known.join(', ')}.`,
        );
      options.scenes = known.filter((s) => asked.includes(s));
      continue;
    }
    if (flag === '--params') {
      options.params = parseParams(arg.slice('--params='.length));
      continue;
    }
    const option = INTEGER_OPTIONS.find((o) => o.flag === flag);
    if (!option) throw new Error(`Unknown option ${JSON.stringify(arg)}.\n${USAGE}`);
    const number = Number(value);
    if (
      value === undefined ||
      value === '' ||
      !Number.isInteger(number) ||
      number < option.min ||
      number > option.max
    )
      throw new Error(
        `${flag}=${JSON.stringify(value ?? '')} is invalid: expected an integer from ${option.min} to ${option.max} (${option.what}).`,
      );
    options[option.key] = number;
  }
  return options;
}
