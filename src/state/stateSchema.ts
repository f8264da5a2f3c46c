// The saved state's format (versioned plain data, JSON-safe once encoded) and its validation: a
// state from a file, a link or a script is checked field by field before anything changes, and a
// bad one is refused with an Error naming the field and what is valid.

import { BROADPHASES, NARROWPHASES, SOLVERS } from '../physics/index';
import type {
  AnchorMotion,
  Command,
  DragHold,
  PhysicsTuning,
  SavedContacts,
  SavedSpring,
  StaticBoxSpec,
} from '../physics/index';
import { SETTING_SPECS } from '../config/settings';
import type { NumberSpec } from '../config/settings';
import { findScene, SCENES } from '../scenes/registry';
import { MAX_BODY_ID, readCommandAction } from './commandSchema';
import { readSavedContacts } from './contactSchema';
import {
  encodeFloats,
  fieldError,
  join,
  parseInput,
  readArray,
  readBoolean,
  readChoice,
  readFields,
  readFloat,
  readInteger,
  whatName,
} from './fields';
import {
  readAnchor,
  readBodies,
  readDrag,
  readPermutation,
  readSpring,
  readStatic,
} from './stateParts';
import type { SavedBody } from './stateParts';
import { readPhysicsVersion } from './physicsVersion';
import type { TextKey } from '../i18n/en';
import { t } from '../i18n/language';

export type { SavedBody } from './stateParts';
export { MAX_STATE_BODIES } from './stateParts';

export const STATE_FORMAT = 'fixed-step-sandbox/state';
export const STATE_VERSION = 1;

/** Walls, ramps and posts: the avalanche at 5000 bodies has under 200. */
export const MAX_STATE_STATICS = 2_000;
export const MAX_STATE_SPRINGS = 10_000;
/** Commands waiting for their step: a script may queue many, a person a handful. */
export const MAX_PENDING_COMMANDS = 10_000;
/** 2³¹ − 1 steps: 248 days at 100 Hz. */
export const MAX_STEP = 2 ** 31 - 1;
/** Text longer than this is refused before parsing: 10 000 bodies write about 6 MB. */
export const MAX_STATE_CHARS = 16 * 2 ** 20;

/** The document as messages name it (a text's key: see fields.whatName). */
const WHAT: TextKey = 'what.state';

/** Everything the next step depends on (see worldState.ts for what each part is for). */
export interface SavedState {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  /** The physics that wrote it (physicsVersion.ts; 1 for files that carry none). */
  physics: number;
  scene: { id: string; count: number; seed: number };
  physicsHz: number;
  tuning: PhysicsTuning;
  step: number;
  time: number;
  stepnumber: number;
  nextId: number;
  statics: StaticBoxSpec[];
  bodies: SavedBody[];
  springs: SavedSpring[];
  drag: DragHold | null;
  dragAnchor: AnchorMotion | null;
  worldOrder: number[];
  broadphaseOrder: number[];
  commands: Command[];
  /** The persistent contact manifolds, where the world keeps them (see manifoldState.ts). */
  contacts?: SavedContacts;
}

/**
 * A saved state as JSON-ready data, every −0 written "-0" (see fields.encodeFloats): what
 * `saveState()` hands out and `loadState` takes back, as an object or as JSON text.
 */
export interface EncodedState {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  [field: string]: unknown;
}

export function encodeState(state: SavedState): EncodedState {
  return encodeFloats(state) as EncodedState;
}

const STATE_FIELDS = [
  'format',
  'version',
  'scene',
  'physicsHz',
  'tuning',
  'step',
  'time',
  'stepnumber',
  'nextId',
  'statics',
  'bodies',
  'springs',
  'drag',
  'dragAnchor',
  'worldOrder',
  'broadphaseOrder',
  'commands',
] as const;
/** Fields a state may leave out: `contacts` where its tuning keeps none, `physics` before version 2. */
const OPTIONAL_FIELDS = ['contacts', 'physics'] as const;

/**
 * Checks a saved state (an object, or its JSON text) completely and returns it decoded ("-0"
 * back to −0), or throws an Error naming the first bad field. `tuning` is the world's own: a
 * state only loads into a world whose cannon-es is configured the same.
 */
export function parseState(input: unknown, tuning: Readonly<PhysicsTuning>): SavedState {
  return readState(parseInput(WHAT, input, MAX_STATE_CHARS), '', tuning, WHAT);
}

/** A state nested at `path` in a larger document (a recording's keyframe), named `what`. */
export function readState(
  value: unknown,
  path: string,
  tuning: Readonly<PhysicsTuning>,
  what: string,
): SavedState {
  readHeader(what, value, path, STATE_FORMAT, STATE_VERSION, t('file.state'));
  const f = readFields(what, value, path === '' ? 'state' : path, STATE_FIELDS, OPTIONAL_FIELDS);
  const at = (key: string): string => join(path, key);
  // A list field of the state, at most `max` long, its items named in the page's words.
  const list = (key: string, max: number, items: string): unknown[] =>
    readArray(what, f[key], at(key), max, items);
  const scene = readScene(what, f.scene, at('scene'));
  const hz = SETTING_SPECS.physicsHz as NumberSpec;
  const step = readInteger(what, f.step, at('step'), 0, MAX_STEP);
  const time = readFloat(what, f.time, at('time'), { min: 0 });
  const statics = list('statics', MAX_STATE_STATICS, t('items.statics')).map((item, k) =>
    readStatic(what, item, `${at('statics')}[${k}]`),
  );
  const nextId = readInteger(what, f.nextId, at('nextId'), 0, MAX_BODY_ID + 1);
  const bodies = readBodies(what, f.bodies, at('bodies'), nextId, time);
  const byId = new Map(bodies.map((body) => [body.id, body]));
  const springs = list('springs', MAX_STATE_SPRINGS, t('items.springs')).map((item, k) =>
    readSpring(what, item, `${at('springs')}[${k}]`, byId),
  );
  const dragAnchor =
    f.dragAnchor === null ? null : readAnchor(what, f.dragAnchor, at('dragAnchor'));
  const drag =
    f.drag === null ? null : readDrag(what, f.drag, at('drag'), byId, dragAnchor !== null);
  const members =
    1 +
    statics.length +
    springs.filter((s) => s.b < 0).length +
    (dragAnchor ? 1 : 0) +
    bodies.length;
  const savedTuning = readTuning(what, f.tuning, at('tuning'), tuning);
  checkContactCache(what, f.contacts, at('contacts'), savedTuning);
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    physics: readPhysicsVersion(what, f.physics, path),
    scene,
    physicsHz: readFloat(what, f.physicsHz, at('physicsHz'), { min: hz.min, max: hz.max }),
    tuning: savedTuning,
    step,
    time,
    stepnumber: readInteger(what, f.stepnumber, at('stepnumber'), 0, Number.MAX_SAFE_INTEGER),
    nextId,
    statics,
    bodies,
    springs,
    drag,
    dragAnchor,
    worldOrder: readPermutation(what, f.worldOrder, at('worldOrder'), members),
    broadphaseOrder:
      savedTuning.broadphase === 'naive'
        ? readPermutation(what, f.broadphaseOrder, at('broadphaseOrder'), 0)
        : readPermutation(what, f.broadphaseOrder, at('broadphaseOrder'), members),
    commands: list('commands', MAX_PENDING_COMMANDS, t('items.commands')).map((item, k) => {
      const path = `${at('commands')}[${k}]`;
      const action = readCommandAction(what, item, path, ['atStep']);
      const atStep = readInteger(
        what,
        (item as Record<string, unknown>).atStep,
        join(path, 'atStep'),
        0,
        MAX_STEP,
      );
      return { ...action, atStep };
    }),
    ...(f.contacts === undefined
      ? {}
      : {
          contacts: readSavedContacts(what, f.contacts, at('contacts'), {
            bodyIds: new Set(bodies.map((body) => body.id)),
            statics: 1 + statics.length,
          }),
        }),
  };
}

/**
 * The format tag and version, first: a document of another kind, an unknown version or one
 * from a newer build is named as such rather than by whichever field happens to differ.
 */
export function readHeader(
  what: string,
  value: unknown,
  path: string,
  format: string,
  version: number,
  name: string,
): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fieldError(
      what,
      path === '' ? t('field.theInput') : path,
      value,
      t('field.document', { name, format: `'${format}'` }),
    );
  }
  const f = value as Record<string, unknown>;
  if (f.format !== format) {
    throw fieldError(
      what,
      join(path, 'format'),
      f.format,
      t('field.format', { format: `'${format}'`, name }),
    );
  }
  if (typeof f.version === 'number' && Number.isInteger(f.version) && f.version > version) {
    throw fieldError(what, join(path, 'version'), f.version, t('field.newer', { version }));
  }
  if (f.version !== version) throw fieldError(what, join(path, 'version'), f.version, `${version}`);
}

function readScene(what: string, value: unknown, path: string): SavedState['scene'] {
  const f = readFields(what, value, path, ['id', 'count', 'seed']);
  const id = readChoice(
    what,
    f.id,
    join(path, 'id'),
    SCENES.map((s) => s.id),
  );
  const range = findScene(id)?.count;
  const count = range
    ? readInteger(what, f.count, join(path, 'count'), range.min, range.max)
    : readInteger(what, f.count, join(path, 'count'), 0, 0);
  return { id, count, seed: readInteger(what, f.seed, join(path, 'seed'), 0, 0xffffffff) };
}

function readTuning(
  what: string,
  value: unknown,
  path: string,
  world: Readonly<PhysicsTuning>,
): PhysicsTuning {
  const keys = Object.keys(world) as (keyof PhysicsTuning)[];
  const f = readFields(what, value, path, keys);
  const tuning = {
    narrowphase: readChoice(what, f.narrowphase, join(path, 'narrowphase'), NARROWPHASES),
    warmStart: readFloat(what, f.warmStart, join(path, 'warmStart'), { min: 0, max: 1 }),
    frictionWarmStart: readFloat(what, f.frictionWarmStart, join(path, 'frictionWarmStart'), {
      min: 0,
      max: 1,
    }),
    reuseMotion: readFloat(what, f.reuseMotion, join(path, 'reuseMotion'), { min: 0 }),
    relaxIterations: readInteger(what, f.relaxIterations, join(path, 'relaxIterations'), 0, 1000),
    contactStiffness: readFloat(what, f.contactStiffness, join(path, 'contactStiffness'), {
      min: 0,
      above: true,
    }),
    contactRelaxation: readFloat(what, f.contactRelaxation, join(path, 'contactRelaxation'), {
      min: 0,
    }),
    broadphase: readChoice(what, f.broadphase, join(path, 'broadphase'), BROADPHASES),
    sparseCollisionMatrix: readBoolean(
      what,
      f.sparseCollisionMatrix,
      join(path, 'sparseCollisionMatrix'),
    ),
    fastLookups: readBoolean(what, f.fastLookups, join(path, 'fastLookups')),
    solver: readChoice(what, f.solver, join(path, 'solver'), SOLVERS),
    solverIterations: readInteger(
      what,
      f.solverIterations,
      join(path, 'solverIterations'),
      1,
      1000,
    ),
    solverTolerance: readFloat(what, f.solverTolerance, join(path, 'solverTolerance'), { min: 0 }),
    sleepSpeedLimit: readFloat(what, f.sleepSpeedLimit, join(path, 'sleepSpeedLimit'), { min: 0 }),
    sleepTimeLimit: readFloat(what, f.sleepTimeLimit, join(path, 'sleepTimeLimit'), { min: 0 }),
  };
  for (const key of keys) {
    if (!Object.is(tuning[key], world[key])) {
      throw fieldError(
        what,
        join(path, key),
        tuning[key],
        t('field.worldSetting', { value: String(world[key]) }),
      );
    }
  }
  // Every field is the world's, so the combination is one PhysicsTuning allows.
  return { ...world };
}

/**
 * A state's contact cache must come with the configuration that keeps one: persistent manifolds
 * ('manifold') are part of what the next step depends on, so a state without them would go on
 * from other contacts than the run it was saved from, and a cache under a configuration that
 * keeps none would be ignored. Either is refused, naming the field.
 */
function checkContactCache(
  what: string,
  contacts: unknown,
  path: string,
  tuning: Readonly<PhysicsTuning>,
): void {
  const keeps = tuning.narrowphase === 'manifold';
  if (keeps && contacts === undefined) {
    throw new Error(t('field.contactsMissing', { what: whatName(what), path }));
  }
  if (!keeps && contacts !== undefined) {
    throw new Error(
      t('field.contactsUnexpected', {
        what: whatName(what),
        path,
        narrowphase: `'${tuning.narrowphase}'`,
      }),
    );
  }
}
