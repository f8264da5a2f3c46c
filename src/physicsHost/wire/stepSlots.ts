// What one published physics step holds, and how it gets in and out: both snapshots (previous
// and current, already lined up body by body), the sleep flags, and who each body is (id, kind,
// scale) — so the page can draw that step from the slot alone.

import type { SceneSnapshots } from '../../snapshot/snapshots';
import { FIRST_USER_HEADER } from './slotLayout';
import type { FieldSpec, SlotViews } from './slotLayout';

/** Per-body fields of a published step, in layout order. */
export const STEP_FIELDS: readonly FieldSpec[] = [
  { name: 'prevPosition', type: 'f64', width: 3 },
  { name: 'prevQuaternion', type: 'f64', width: 4 },
  { name: 'prevVelocity', type: 'f64', width: 3 },
  { name: 'prevAngularVelocity', type: 'f64', width: 3 },
  { name: 'position', type: 'f64', width: 3 },
  { name: 'quaternion', type: 'f64', width: 4 },
  { name: 'velocity', type: 'f64', width: 3 },
  { name: 'angularVelocity', type: 'f64', width: 3 },
  { name: 'scales', type: 'f32', width: 3 },
  { name: 'ids', type: 'i32', width: 1 },
  /** Bit 0: asleep at the current snapshot; bit 1: asleep at the previous one. */
  { name: 'flags', type: 'u8', width: 1 },
  { name: 'kinds', type: 'u8', width: 1 },
];

/** Header integers of a published step (after the ring's own). */
export const H_STEP = FIRST_USER_HEADER;
export const H_COUNT = FIRST_USER_HEADER + 1;
/** The body set's version (changes on every add or removal). */
export const H_TABLE_VERSION = FIRST_USER_HEADER + 2;
export const H_SLEEPING = FIRST_USER_HEADER + 3;
/** Which scene load this step belongs to (the page numbers its loads). */
export const H_GENERATION = FIRST_USER_HEADER + 4;
/** Header reals. */
export const R_STEP_MS = 0;
export const R_INTERVAL_SECONDS = 1;
/** Milliseconds the worker has spent stepping, in all, up to and including this step. */
export const R_BUSY_MS = 2;
/** The world's simulated seconds after this step (cannon-es's sum of every step's dt). */
export const R_TIME = 3;

const ASLEEP = 1;
const PREVIOUS_ASLEEP = 2;

/** Typed views of a step slot's fields, picked out by name once per slot. */
interface StepViews {
  prev: PoseFields;
  cur: PoseFields;
  scales: Float32Array;
  ids: Int32Array;
  flags: Uint8Array;
  kinds: Uint8Array;
}

interface PoseFields {
  position: Float64Array;
  quaternion: Float64Array;
  velocity: Float64Array;
  angularVelocity: Float64Array;
}

function stepViews(slot: SlotViews): StepViews {
  const f = slot.fields;
  return {
    prev: {
      position: f.prevPosition as Float64Array,
      quaternion: f.prevQuaternion as Float64Array,
      velocity: f.prevVelocity as Float64Array,
      angularVelocity: f.prevAngularVelocity as Float64Array,
    },
    cur: {
      position: f.position as Float64Array,
      quaternion: f.quaternion as Float64Array,
      velocity: f.velocity as Float64Array,
      angularVelocity: f.angularVelocity as Float64Array,
    },
    scales: f.scales as Float32Array,
    ids: f.ids as Int32Array,
    flags: f.flags as Uint8Array,
    kinds: f.kinds as Uint8Array,
  };
}

/** Views are made once per slot and kept: slots live as long as their ring. */
const viewsBySlot = new WeakMap<SlotViews, StepViews>();

function viewsOf(slot: SlotViews): StepViews {
  let views = viewsBySlot.get(slot);
  if (!views) {
    views = stepViews(slot);
    viewsBySlot.set(slot, views);
  }
  return views;
}

/** Copies `n` bodies' pose fields (an indexed loop: a subarray view would allocate). */
function copyPoses(to: PoseFields, from: PoseFields, n: number): void {
  for (let k = 0; k < 3 * n; k++) {
    to.position[k] = from.position[k];
    to.velocity[k] = from.velocity[k];
    to.angularVelocity[k] = from.angularVelocity[k];
  }
  for (let k = 0; k < 4 * n; k++) to.quaternion[k] = from.quaternion[k];
}

/**
 * What the worker's stepping costs, published with every step. An object the worker keeps and
 * rewrites, not two arguments: a double passed to a call V8 does not inline is boxed.
 */
export interface StepCost {
  /** Milliseconds the published step took (0 for commands applied while paused, or a load). */
  stepMs: number;
  /** Milliseconds spent stepping since the worker started. */
  busyMs: number;
}

/** What a slot is filled from: a physics core's snapshots, its step index and its world's time. */
export interface PublishedCore {
  readonly snapshots: SceneSnapshots;
  readonly stepIndex: number;
  readonly physics: { readonly time: number };
}

/**
 * Fills a slot from the core's snapshots after a step (or after commands applied while
 * paused). The caller has sized the slot for at least `core.snapshots.count` bodies.
 */
export function writeStepSlot(
  core: PublishedCore,
  slot: SlotViews,
  generation: number,
  cost: Readonly<StepCost>,
): void {
  const snapshots = core.snapshots;
  const n = snapshots.count;
  const views = viewsOf(slot);
  copyPoses(views.prev, snapshots.previous, n);
  copyPoses(views.cur, snapshots.current, n);
  const table = snapshots.bodies;
  const asleep = snapshots.asleep;
  const previousAsleep = snapshots.previousAsleep;
  let sleeping = 0;
  for (let i = 0; i < n; i++) {
    views.ids[i] = table.ids[i];
    views.kinds[i] = table.kinds[i];
    views.scales[3 * i] = table.scales[3 * i];
    views.scales[3 * i + 1] = table.scales[3 * i + 1];
    views.scales[3 * i + 2] = table.scales[3 * i + 2];
    views.flags[i] = (asleep[i] ? ASLEEP : 0) | (previousAsleep[i] ? PREVIOUS_ASLEEP : 0);
    sleeping += asleep[i];
  }
  const header = slot.header;
  header[H_STEP] = core.stepIndex;
  header[H_COUNT] = n;
  header[H_TABLE_VERSION] = table.version;
  header[H_SLEEPING] = sleeping;
  header[H_GENERATION] = generation;
  slot.reals[R_STEP_MS] = cost.stepMs;
  slot.reals[R_BUSY_MS] = cost.busyMs;
  slot.reals[R_INTERVAL_SECONDS] = snapshots.intervalSeconds;
  slot.reals[R_TIME] = core.physics.time;
}

/**
 * Copies a published step into the page's snapshots (both poses, flags and the body table), so
 * interpolation and render read it exactly as they read the main thread's own. Allocates only
 * when the snapshots must grow.
 */
export function readStepSlot(slot: SlotViews, snapshots: SceneSnapshots): void {
  const views = viewsOf(slot);
  const header = slot.header;
  const n = header[H_COUNT];
  snapshots.resize(n);
  copyPoses(snapshots.previous, views.prev, n);
  copyPoses(snapshots.current, views.cur, n);
  const asleep = snapshots.asleep;
  const previousAsleep = snapshots.previousAsleep;
  const table = snapshots.bodies;
  const version = header[H_TABLE_VERSION];
  const tableChanged = table.version !== version || table.count !== n;
  if (tableChanged) table.ensureCapacity(n);
  for (let i = 0; i < n; i++) {
    const flags = views.flags[i];
    asleep[i] = flags & ASLEEP;
    previousAsleep[i] = (flags & PREVIOUS_ASLEEP) >> 1;
    if (!tableChanged) continue;
    table.ids[i] = views.ids[i];
    table.kinds[i] = views.kinds[i];
    table.scales[3 * i] = views.scales[3 * i];
    table.scales[3 * i + 1] = views.scales[3 * i + 1];
    table.scales[3 * i + 2] = views.scales[3 * i + 2];
  }
  table.count = n;
  table.version = version;
  snapshots.intervalSeconds = slot.reals[R_INTERVAL_SECONDS];
}
