// The saved state's format (versioned plain data, JSON-safe once encoded) and its validation: a
// state from a file, a link or a script is checked field by field before anything changes, and a
// bad one is refused with an Error naming the field and what is valid.

import type { AnchorMotion, Command, DragHold } from '../physics/commands';
import type { BodyMotion, SleepStateName } from '../physics/exactState';
import type { SavedContacts } from '../physics/manifoldState';
import { SLEEP_STATES } from '../physics/exactState';
import { MATERIAL_NAMES } from '../physics/materials';
import type { BodyMake, StaticBoxSpec } from '../physics/physicsWorld';
import type { SavedSpring } from '../physics/springs';
import { WORLD_LIMIT_METERS } from '../physics/stateGuard';
import { BROADPHASES, NARROWPHASES, SOLVERS } from '../physics/tuning';
import type { PhysicsTuning } from '../physics/tuning';
import { SETTING_SPECS } from '../config/settings';
import type { NumberSpec } from '../config/settings';
import { findScene, SCENES } from '../scenes/registry';
import { SHAPE_KINDS } from '../shapes/shapeKinds';
import { MAX_BODY_ID, readCommandAction, readScale } from './commandSchema';
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
  readFloats,
  readInteger,
  readUnitQuaternion,
  readVec3,
} from './fields';
import type { NumberRange } from './fields';

export const STATE_FORMAT = 'fixed-step-sandbox/state';
export const STATE_VERSION = 1;

/**
 * 10 000 bodies: twice the largest scene (5000), room for spawning into it. A state that large
 * is about 6 MB of JSON and several seconds of stepping per simulated second.
 */
export const MAX_STATE_BODIES = 10_000;
/** Walls, ramps and posts: the avalanche at 5000 bodies has under 200. */
export const MAX_STATE_STATICS = 2_000;
export const MAX_STATE_SPRINGS = 10_000;
/** Commands waiting for their step: a script may queue many, a person a handful. */
export const MAX_PENDING_COMMANDS = 10_000;
/** 2³¹ − 1 steps: 248 days at 100 Hz. */
export const MAX_STEP = 2 ** 31 - 1;
/** Text longer than this is refused before parsing: 10 000 bodies write about 6 MB. */
export const MAX_STATE_CHARS = 16 * 2 ** 20;

const WHAT = 'Saved state';

/** One body: what it was made from, its id, and its exact state between steps. */
export interface SavedBody extends BodyMake, BodyMotion {
  id: number;
}

/** Everything the next step depends on (see worldState.ts for what each part is for). */
export interface SavedState {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
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

const BODY_FIELDS = [
  'id',
  'kind',
  'scale',
  'density',
  'material',
  'kinematic',
  'angularDamping',
  'position',
  'quaternion',
  'velocity',
  'angularVelocity',
  'force',
  'torque',
  'sleepState',
  'timeLastSleepy',
] as const;

/** Positions within the world's edge (the state guard removes a body past it). */
const IN_WORLD: NumberRange = { min: -WORLD_LIMIT_METERS, max: WORLD_LIMIT_METERS };

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
  readHeader(what, value, path, STATE_FORMAT, STATE_VERSION, 'saved state');
  const f = readFields(what, value, path === '' ? 'state' : path, STATE_FIELDS, ['contacts']);
  const at = (key: string): string => join(path, key);
  const scene = readScene(what, f.scene, at('scene'));
  const hz = SETTING_SPECS.physicsHz as NumberSpec;
  const step = readInteger(what, f.step, at('step'), 0, MAX_STEP);
  const time = readFloat(what, f.time, at('time'), { min: 0 });
  const statics = readArray(what, f.statics, at('statics'), MAX_STATE_STATICS, 'static boxes').map(
    (item, k) => readStatic(what, item, `${at('statics')}[${k}]`),
  );
  const nextId = readInteger(what, f.nextId, at('nextId'), 0, MAX_BODY_ID + 1);
  const bodies = readBodies(what, f.bodies, at('bodies'), nextId, time);
  const byId = new Map(bodies.map((body) => [body.id, body]));
  const springs = readArray(what, f.springs, at('springs'), MAX_STATE_SPRINGS, 'springs').map(
    (item, k) => readSpring(what, item, `${at('springs')}[${k}]`, byId),
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
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
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
    commands: readArray(what, f.commands, at('commands'), MAX_PENDING_COMMANDS, 'commands').map(
      (item, k) => {
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
      },
    ),
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
      path === '' ? 'the input' : path,
      value,
      `a ${name}: an object with format '${format}'`,
    );
  }
  const f = value as Record<string, unknown>;
  if (f.format !== format) {
    throw fieldError(what, join(path, 'format'), f.format, `'${format}' (this is not a ${name})`);
  }
  if (typeof f.version === 'number' && Number.isInteger(f.version) && f.version > version) {
    throw fieldError(
      what,
      join(path, 'version'),
      f.version,
      `${version}: it was written by a newer build than this one`,
    );
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
  const tuning: PhysicsTuning = {
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
        `${String(world[key])}, this world's setting (a state loads only into a world whose physics is configured the same)`,
      );
    }
  }
  return tuning;
}

function readStatic(what: string, value: unknown, path: string): StaticBoxSpec {
  const f = readFields(what, value, path, ['halfExtents', 'position'], ['quaternion', 'material']);
  const spec: StaticBoxSpec = {
    halfExtents: readVec3(what, f.halfExtents, join(path, 'halfExtents'), {
      min: 0,
      above: true,
      max: WORLD_LIMIT_METERS,
    }),
    position: readVec3(what, f.position, join(path, 'position'), IN_WORLD),
  };
  if (f.quaternion !== undefined)
    spec.quaternion = readUnitQuaternion(what, f.quaternion, join(path, 'quaternion'));
  if (f.material !== undefined)
    spec.material = readChoice(what, f.material, join(path, 'material'), MATERIAL_NAMES);
  return spec;
}

function readBodies(
  what: string,
  value: unknown,
  path: string,
  nextId: number,
  time: number,
): SavedBody[] {
  const items = readArray(what, value, path, MAX_STATE_BODIES, 'bodies');
  const seen = new Set<number>();
  return items.map((item, k) => {
    const at = `${path}[${k}]`;
    const body = readBody(what, item, at, time);
    if (body.id >= nextId) {
      throw fieldError(
        what,
        join(at, 'id'),
        body.id,
        `an id below nextId (${nextId}): ids count the bodies added so far`,
      );
    }
    if (seen.has(body.id))
      throw fieldError(what, join(at, 'id'), body.id, 'an id no other body has');
    seen.add(body.id);
    return body;
  });
}

function readBody(what: string, value: unknown, path: string, time: number): SavedBody {
  const f = readFields(what, value, path, BODY_FIELDS, ['invInertiaWorld']);
  const at = (key: string): string => join(path, key);
  const kind = readChoice(what, f.kind, at('kind'), SHAPE_KINDS);
  const body: SavedBody = {
    id: readInteger(what, f.id, at('id'), 0, MAX_BODY_ID),
    kind,
    scale: readScale(what, f.scale, at('scale'), kind),
    density: readFloat(what, f.density, at('density'), { min: 0, above: true }),
    material: readChoice(what, f.material, at('material'), MATERIAL_NAMES),
    kinematic: readBoolean(what, f.kinematic, at('kinematic')),
    angularDamping: readFloat(what, f.angularDamping, at('angularDamping'), { min: 0, max: 1 }),
    position: readVec3(what, f.position, at('position'), IN_WORLD),
    quaternion: readUnitQuaternion(what, f.quaternion, at('quaternion')),
    velocity: readVec3(what, f.velocity, at('velocity')),
    angularVelocity: readVec3(what, f.angularVelocity, at('angularVelocity')),
    force: readVec3(what, f.force, at('force')),
    torque: readVec3(what, f.torque, at('torque')),
    sleepState: readChoice<SleepStateName>(what, f.sleepState, at('sleepState'), SLEEP_STATES),
    timeLastSleepy: readFloat(what, f.timeLastSleepy, at('timeLastSleepy'), { min: 0, max: time }),
  };
  if (f.invInertiaWorld !== undefined) {
    body.invInertiaWorld = readFloats(what, f.invInertiaWorld, at('invInertiaWorld'), 9);
  }
  return body;
}

function readSpring(
  what: string,
  value: unknown,
  path: string,
  bodies: ReadonlyMap<number, SavedBody>,
): SavedSpring {
  const f = readFields(what, value, path, [
    'a',
    'b',
    'anchor',
    'restLength',
    'stiffness',
    'damping',
  ]);
  const live = (id: number): boolean => bodies.has(id);
  const a = readInteger(what, f.a, join(path, 'a'), 0, MAX_BODY_ID);
  if (!live(a)) throw fieldError(what, join(path, 'a'), a, 'the id of a body in this state');
  const b = readInteger(what, f.b, join(path, 'b'), -1, MAX_BODY_ID);
  if (b >= 0 && !live(b))
    throw fieldError(
      what,
      join(path, 'b'),
      b,
      '−1 (a fixed point) or the id of a body in this state',
    );
  return {
    a,
    b,
    anchor: readVec3(what, f.anchor, join(path, 'anchor'), IN_WORLD),
    restLength: readFloat(what, f.restLength, join(path, 'restLength'), { min: 0 }),
    // cannon-es replaces a zero stiffness or damping by its defaults, so a saved one is never 0.
    stiffness: readFloat(what, f.stiffness, join(path, 'stiffness'), { min: 0, above: true }),
    damping: readFloat(what, f.damping, join(path, 'damping'), { min: 0, above: true }),
  };
}

function readAnchor(what: string, value: unknown, path: string): AnchorMotion {
  const f = readFields(what, value, path, [
    'position',
    'quaternion',
    'velocity',
    'angularVelocity',
  ]);
  return {
    position: readVec3(what, f.position, join(path, 'position'), IN_WORLD),
    quaternion: readUnitQuaternion(what, f.quaternion, join(path, 'quaternion')),
    velocity: readVec3(what, f.velocity, join(path, 'velocity')),
    angularVelocity: readVec3(what, f.angularVelocity, join(path, 'angularVelocity')),
  };
}

function readDrag(
  what: string,
  value: unknown,
  path: string,
  bodies: ReadonlyMap<number, SavedBody>,
  hasAnchor: boolean,
): DragHold {
  const f = readFields(what, value, path, ['id', 'pivot', 'maxForce']);
  const id = readInteger(what, f.id, join(path, 'id'), 0, MAX_BODY_ID);
  const held = bodies.get(id);
  if (!held || held.kinematic) {
    throw fieldError(
      what,
      join(path, 'id'),
      id,
      'the id of a moving (not kinematic) body in this state',
    );
  }
  if (!hasAnchor)
    throw fieldError(
      what,
      join(path, 'dragAnchor'),
      null,
      'the drag anchor a held body hangs from',
    );
  return {
    id,
    pivot: readVec3(what, f.pivot, join(path, 'pivot')),
    maxForce: readFloat(what, f.maxForce, join(path, 'maxForce'), { min: 0, above: true }),
  };
}

/** Each of 0 … size − 1 exactly once. */
function readPermutation(what: string, value: unknown, path: string, size: number): number[] {
  const items = readArray(
    what,
    value,
    path,
    size,
    `body positions (a permutation of 0 to ${size - 1})`,
  );
  if (items.length !== size) {
    throw fieldError(
      what,
      path,
      value,
      `${size} body positions (a permutation of 0 to ${size - 1}), one per body in the world`,
    );
  }
  const seen = new Uint8Array(size);
  return items.map((item, k) => {
    const at = readInteger(what, item, `${path}[${k}]`, 0, size - 1);
    if (seen[at] === 1)
      throw fieldError(what, `${path}[${k}]`, at, 'a position not listed before (a permutation)');
    seen[at] = 1;
    return at;
  });
}
