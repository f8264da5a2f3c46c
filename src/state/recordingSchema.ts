// Validation of a recording from a file, a link or a script: its header, every input, hash and
// keyframe checked and named by its path before a replay starts.

import type { PhysicsTuning } from '../physics/index';
import { findScene, SCENES } from '../scenes/registry';
import { readCommandAction } from './commandSchema';
import {
  fieldError,
  join,
  keysOf,
  parseInput,
  readArray,
  readChoice,
  readFields,
  readFloat,
  readInteger,
} from './fields';
import {
  MAX_RECORDING_CHARS,
  MAX_RECORDING_INPUTS,
  MAX_RECORDING_KEYFRAMES,
  MAX_RECORDING_STEPS,
  RECORDING_FORMAT,
  RECORDING_VERSION,
} from './recording';
import type { InputAction, Keyframe, RecordedInput, Recording } from './recording';
import { readPhysicsVersion } from './physicsVersion';
import { readHeader, readState } from './stateSchema';
import type { TextKey } from '../i18n/en';
import { t } from '../i18n/language';

/** The document as messages name it (a text's key: see fields.whatName). */
const WHAT: TextKey = 'what.recording';

/** Longest step a recording may ask for: a `variable` step of a clamped 1 s frame at 2× speed. */
const MAX_STEP_SECONDS = 2;

const FIELDS = [
  'format',
  'version',
  'length',
  'hashEvery',
  'keyframeEvery',
  'hashes',
  'endHash',
  'inputs',
  'keyframes',
] as const;

/**
 * Checks a recording (an object, or its JSON text) completely and returns it decoded, or throws
 * an Error naming the first bad field. Its keyframes must suit a world with this `tuning`.
 */
export function parseRecording(input: unknown, tuning: Readonly<PhysicsTuning>): Recording {
  const value = parseInput(WHAT, input, MAX_RECORDING_CHARS);
  readHeader(WHAT, value, '', RECORDING_FORMAT, RECORDING_VERSION, t('file.recording'));
  const f = readFields(WHAT, value, 'recording', FIELDS, ['physics']);
  const length = readInteger(WHAT, f.length, 'length', 0, MAX_RECORDING_STEPS);
  const hashEvery = readInteger(WHAT, f.hashEvery, 'hashEvery', 1, MAX_RECORDING_STEPS);
  const keyframeEvery = readInteger(WHAT, f.keyframeEvery, 'keyframeEvery', 1, MAX_RECORDING_STEPS);
  const hashCount = Math.floor(length / hashEvery) + 1;
  const hashes = readArray(WHAT, f.hashes, 'hashes', hashCount, t('items.hashes'));
  if (hashes.length !== hashCount) {
    throw fieldError(
      WHAT,
      'hashes',
      f.hashes,
      t('field.hashCount', { count: hashCount, every: hashEvery, length }),
    );
  }
  return {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    physics: readPhysicsVersion(WHAT, f.physics, ''),
    length,
    hashEvery,
    keyframeEvery,
    hashes: hashes.map((hash, k) => readHash(hash, `hashes[${k}]`)),
    endHash: readHash(f.endHash, 'endHash'),
    inputs: readInputs(f.inputs, length, tuning),
    keyframes: readKeyframes(f.keyframes, length, tuning),
  };
}

function readHash(value: unknown, path: string): string {
  if (typeof value !== 'string' || !/^[0-9a-f]{16}$/.test(value)) {
    throw fieldError(WHAT, path, value, t('field.hash'));
  }
  return value;
}

function readInputs(
  value: unknown,
  length: number,
  tuning: Readonly<PhysicsTuning>,
): RecordedInput[] {
  const items = readArray(WHAT, value, 'inputs', MAX_RECORDING_INPUTS, t('items.inputs'));
  let last = 0;
  return items.map((item, k) => {
    const path = `inputs[${k}]`;
    const fields = readFields(WHAT, item, path, ['step', 'type'], keysOf(item));
    const step = readInteger(WHAT, fields.step, join(path, 'step'), last, length);
    last = step;
    return { ...readInput(item, fields.type, path, tuning), step };
  });
}

function readInput(
  item: unknown,
  type: unknown,
  path: string,
  tuning: Readonly<PhysicsTuning>,
): InputAction {
  const at = (key: string): string => join(path, key);
  if (type === 'dt') {
    const f = readFields(WHAT, item, path, ['step', 'type', 'seconds']);
    return {
      type,
      seconds: readFloat(WHAT, f.seconds, at('seconds'), {
        min: 0,
        above: true,
        max: MAX_STEP_SECONDS,
      }),
    };
  }
  if (type === 'load') {
    const f = readFields(WHAT, item, path, ['step', 'type', 'scene', 'count', 'seed']);
    const scene = readChoice(
      WHAT,
      f.scene,
      at('scene'),
      SCENES.map((s) => s.id),
    );
    const range = findScene(scene)?.count;
    return {
      type,
      scene,
      count: readInteger(WHAT, f.count, at('count'), range?.min ?? 0, range?.max ?? 0),
      seed: readInteger(WHAT, f.seed, at('seed'), 0, 0xffffffff),
    };
  }
  if (type === 'state') {
    const f = readFields(WHAT, item, path, ['step', 'type', 'state']);
    return { type, state: readState(f.state, at('state'), tuning, WHAT) };
  }
  return readCommandAction(WHAT, item, path, ['step']);
}

function readKeyframes(
  value: unknown,
  length: number,
  tuning: Readonly<PhysicsTuning>,
): Keyframe[] {
  const items = readArray(WHAT, value, 'keyframes', MAX_RECORDING_KEYFRAMES, t('items.keyframes'));
  if (items.length === 0) throw fieldError(WHAT, 'keyframes', value, t('field.firstKeyframe'));
  let last = -1;
  return items.map((item, k) => {
    const path = `keyframes[${k}]`;
    const f = readFields(WHAT, item, path, ['step', 'state']);
    const step =
      k === 0
        ? readInteger(WHAT, f.step, join(path, 'step'), 0, 0)
        : readInteger(WHAT, f.step, join(path, 'step'), last + 1, length);
    last = step;
    return { step, state: readState(f.state, join(path, 'state'), tuning, WHAT) };
  });
}
