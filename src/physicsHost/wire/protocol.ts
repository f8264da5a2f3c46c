// The messages between the page and its physics worker. The page owns time: it loads scenes,
// sends commands tagged with the step they apply at, and asks for steps up to an index; the
// worker steps, publishes every step into the ring, and says when a request is done.

import type { Command } from '../../physics/world/commands';
import type { Vec3Tuple } from '../../physics/world/physicsWorld';
import type { KernelMode } from '../../physics/kernels/kernelMemory';
import type { FaultReport } from '../../physics/world/stateGuard';
import type { PhysicsTuning } from '../../physics/world/tuning';
import type { SceneDrawData } from '../../snapshot/sceneDrawData';
import type { Recording, RecordOptions } from '../../state/recording';
import type { ReplayStatus } from '../../state/replay';
import type { SavedState } from '../../state/stateSchema';
import type { KeyframeChoice, TimelineJump } from '../../state/timeline';
import type { SlotMessage } from './transferRing';
import type { CoreCheckpoint } from '../../state/checkpoint';
import type { RecorderMark } from '../../state/recorderProgress';

/** How published steps reach the page: one shared ring, or each step's buffer transferred. */
export type Transport = 'shared' | 'transfer';

export type ToWorker =
  | {
      type: 'init';
      transport: Transport;
      /** Slots in the ring (how far behind the newest step the page may still read). */
      slots: number;
      /** The configuration of every world the worker builds. */
      tuning: PhysicsTuning;
    }
  /** Build a scene; `count` only for scenes that take one. */
  | { type: 'load'; generation: number; sceneId: string; count?: number; seed: number }
  /**
   * Jumps that, like a load, start a new generation (checked on the page first): continue from a
   * saved state, play a recording from its start, or move the replay to step `target` of it.
   * The step index lands where state/timeline.ts's `landingStep` says.
   */
  | (TimelineJump & { generation: number })
  /** The physics rate the page paces at: what saved states and keyframes record. */
  | { type: 'rate'; physicsHz: number }
  /** Requests answered by a `reply` with the same `id` (options checked on the page). */
  | { type: 'saveState'; id: number }
  | { type: 'record'; id: number; options: RecordOptions }
  | { type: 'stopRecording'; id: number; keyframes: KeyframeChoice }
  /**
   * Send the core's checkpoint as of this point in the messages (`checkpoint` back, same id);
   * `have`: what the page already holds of a recording under way.
   */
  | { type: 'checkpoint'; id: number; have: RecorderMark | null }
  /** Whether to hash every step and send the digests with `stepped` (the determinism lab). */
  | { type: 'hashSteps'; on: boolean }
  | { type: 'commands'; commands: Command[] }
  /** The latest drag target: latched, applied at the next step boundary like the main thread's. */
  | { type: 'dragTarget'; point: Vec3Tuple }
  /**
   * Step until `step` steps have been taken since the load, each of `dtSeconds` — or, for a
   * frame whose steps differ (semi-fixed), each its own, the last `dtSeconds.length` steps.
   */
  | { type: 'stepTo'; generation: number; step: number; dtSeconds: number | number[] }
  /** Apply the commands due now, without stepping, and publish (commands while paused). */
  | { type: 'applyNow'; generation: number }
  | SlotMessage;

export type FromWorker =
  | { type: 'ring'; buffer: SharedArrayBuffer; capacity: number; slots: number }
  | {
      /** A load or jump is done; `error` when a jump could not be made (nothing changed). */
      type: 'loaded';
      generation: number;
      scene: SavedState['scene'];
      sceneDraw: Omit<SceneDrawData, 'version'>;
      /** The timeline as built: a replay at its start or where a seek put it. */
      timeline: TimelineReport;
      /** Where the worker's contact kernels run. */
      kernels: KernelMode;
      error?: string;
    }
  /** A replay loaded another scene or state at one of its steps. */
  | {
      type: 'scene';
      generation: number;
      scene: SavedState['scene'];
      sceneDraw: Omit<SceneDrawData, 'version'>;
    }
  /** The answer to a request: its value, or why it failed. */
  | { type: 'reply'; id: number; value: SavedState | Recording | null; error?: string }
  | {
      /** A `stepTo` or `applyNow` is done (one reply each, in order). */
      type: 'stepped';
      generation: number;
      /** Steps taken since the load when the request was done. */
      step: number;
      /** With hashSteps: two lanes per step, for steps `step − hashes.length / 2 + 1` … `step`. */
      hashes: Uint32Array | null;
      /** The timeline at `step`: the replay's progress, the steps recorded so far. */
      timeline: TimelineReport;
    }
  | { type: 'faults'; generation: number; report: FaultReport }
  /**
   * The answer to a `checkpoint` request: the core as of that request (null when the worker had
   * no scene or could not make one), and what making it cost (ms).
   */
  | {
      type: 'checkpoint';
      id: number;
      generation: number;
      checkpoint: CoreCheckpoint | null;
      costMs: number;
    }
  /**
   * Still working: sent every HEARTBEAT_MS or so during long work (a large load, a seek's
   * re-simulation, a frame of slow steps), so the page can tell a busy worker from a dead one.
   */
  | { type: 'alive' }
  /** Something threw in the worker: the page falls back to stepping on its own thread. */
  | { type: 'failed'; message: string }
  | SlotMessage;

/**
 * How often a busy worker says it is still working (ms): the page gives up on a worker silent
 * for about a second beyond the work it knows it owes, so four signs of life a second leave
 * room for a loaded machine's scheduling.
 */
export const HEARTBEAT_MS = 250;

/**
 * The transfer list of a message that transfers nothing: one empty array for every such send,
 * so a message per frame does not make one each time. Never modified.
 */
export const NO_TRANSFER: Transferable[] = [];

/** Either end's way to send: a Worker, a worker's global scope, a MessagePort, a test fake. */
export interface MessageSink<T> {
  postMessage(message: T, transfer: Transferable[]): void;
}

/** What the page shows of a core's timeline (`stats().replay`, `stats().recording`). */
export interface TimelineReport {
  replay: ReplayStatus | null;
  recordingStep: number | null;
  recordingInputs: number | null;
}

/** What a field of a message from the worker must be (checked before it is read). */
type FieldKind =
  | 'count'
  | 'number'
  | 'string'
  | 'text?'
  | 'object'
  | 'object?'
  | 'drawData'
  | 'hashes'
  | 'sharedBuffer'
  | 'buffer';

/** Each message's fields that the page reads, by the message's type. */
const FROM_WORKER_FIELDS: Record<FromWorker['type'], Record<string, FieldKind>> = {
  ring: { buffer: 'sharedBuffer', capacity: 'count', slots: 'count' },
  loaded: {
    generation: 'count',
    scene: 'object',
    sceneDraw: 'drawData',
    timeline: 'object',
    kernels: 'string',
    error: 'text?',
  },
  scene: { generation: 'count', scene: 'object', sceneDraw: 'drawData' },
  reply: { id: 'count', value: 'object?', error: 'text?' },
  stepped: { generation: 'count', step: 'count', hashes: 'hashes', timeline: 'object' },
  faults: { generation: 'count', report: 'object' },
  failed: { message: 'string' },
  checkpoint: { id: 'count', generation: 'count', checkpoint: 'object?', costMs: 'number' },
  alive: {},
  slot: { buffer: 'buffer' },
  spent: { buffer: 'buffer' },
};

const FIELD_LISTS = new Map(
  Object.entries(FROM_WORKER_FIELDS).map(([type, fields]) => [type, Object.entries(fields)]),
);

function fieldFits(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case 'count':
      return Number.isSafeInteger(value) && (value as number) >= 0;
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'text?':
      return value === undefined || typeof value === 'string';
    case 'object':
      return typeof value === 'object' && value !== null;
    case 'object?':
      return typeof value === 'object';
    case 'drawData': {
      const data = value as { statics?: unknown; springs?: unknown } | null;
      return (
        typeof data === 'object' &&
        data !== null &&
        Array.isArray(data.statics) &&
        Array.isArray(data.springs)
      );
    }
    case 'hashes':
      return value === null || value instanceof Uint32Array;
    case 'sharedBuffer':
      return typeof SharedArrayBuffer === 'function' && value instanceof SharedArrayBuffer;
    case 'buffer':
      return value instanceof ArrayBuffer;
    default:
      return false;
  }
}

/**
 * What is wrong with `value` as a message from the worker, in a few words (never the value
 * itself): not an object with a type the protocol has, or a field the page reads that is not
 * what it must be. Null for a message the page can read.
 */
export function fromWorkerProblem(value: unknown): string | null {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value !== 'object') return `a ${typeof value}`;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !Object.hasOwn(FROM_WORKER_FIELDS, type))
    return 'a message of no type the page knows';
  // Listed once: a message arrives every frame, and checking it allocates nothing.
  const fields = FIELD_LISTS.get(type) ?? [];
  for (let k = 0; k < fields.length; k++) {
    const [name, kind] = fields[k];
    if (!fieldFits((value as Record<string, unknown>)[name], kind))
      return `a '${type}' message whose ${name} is malformed`;
  }
  return null;
}
