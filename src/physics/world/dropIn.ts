// One call puts the project's contact generators, solver and bookkeeping tables into any
// cannon-es World a user made (through applyTuning, the one place a world is configured); one
// call takes them out, putting back the very objects that were there, with what they must know.

import { World } from 'cannon-es';
import { applyTuning, STATELESS_TUNING } from './tuning';
import type { PhysicsTuning } from './tuning';

/** Choices for {@link installDropIn}; every one has a default. */
export interface DropInOptions {
  /**
   * 'project': fixed-step's contact generators for box–box, sphere–box, sphere–plane,
   * plane–box and the convex-hull pairs (other pairs keep cannon-es's handlers);
   * 'cannon': cannon-es's own for every pair.
   * @default 'project'
   */
  narrowphase?: 'project' | 'cannon';
  /**
   * 'flat-gs': cannon-es's Gauss–Seidel arithmetic over flat arrays; 'gs': cannon-es's GSSolver.
   * @default 'flat-gs'
   */
  solver?: 'flat-gs' | 'gs';
  /**
   * 'sap': sweep and prune whose sweep stops at the first body out of reach, so sleeping
   * bodies cost nothing; 'cannon-sap': cannon-es's SAPBroadphase; 'naive': every pair.
   * @default 'sap'
   */
  broadphase?: 'sap' | 'cannon-sap' | 'naive';
  /**
   * Hashed tables for the collision matrix, the overlap keepers and the contact materials,
   * in place of cannon-es's n²-sized ones. Same answers.
   * @default true
   */
  tables?: boolean;
  /**
   * Solver iterations per step.
   * @default the world's solver's `iterations` (cannon-es's default is 10)
   */
  iterations?: number;
  /**
   * Solver tolerance: the solve stops early once the error is below it.
   * @default the world's solver's `tolerance` (cannon-es's default is 1e-7)
   */
  tolerance?: number;
}

/** The drop-in on one world, as {@link installDropIn} returns it. */
export interface DropIn {
  /** The world it was installed on. */
  readonly world: World;
  /** True until {@link DropIn.uninstall} is called. */
  readonly installed: boolean;
  /**
   * Takes fixed-step's parts out of the world and puts back the objects that were there before,
   * told what happened meanwhile: the pairs in contact, the contact materials added, the solver
   * iterations and friction setting. A part the user replaced by hand since is left as it is.
   * Call between steps. A second call does nothing.
   */
  uninstall(): void;
}

const OPTIONS: Record<keyof DropInOptions, string> = {
  narrowphase: "'project' or 'cannon'",
  solver: "'flat-gs' or 'gs'",
  broadphase: "'sap', 'cannon-sap' or 'naive'",
  tables: 'true or false',
  iterations: 'an integer from 1 to 10000',
  tolerance: 'a number ≥ 0',
};

const CHOICES: Partial<Record<keyof DropInOptions, readonly unknown[]>> = {
  narrowphase: ['project', 'cannon'],
  solver: ['flat-gs', 'gs'],
  broadphase: ['sap', 'cannon-sap', 'naive'],
  tables: [true, false],
};

/** Settings carried from a replaced part to its replacement when both have them. */
type Carried = Readonly<Record<string, readonly string[]>>;

/** Into the installed parts: the solver's settings come with the tuning, which options may override. */
const CARRIED_IN: Carried = {
  narrowphase: ['enableFrictionReduction'],
  broadphase: ['useBoundingBoxes', 'axisIndex'],
};

/** Back into the parts put back on uninstall. */
const CARRIED_OUT: Carried = { ...CARRIED_IN, solver: ['iterations', 'tolerance'] };

/** A world event listener, as cannon-es types it. */
type Listener = Parameters<World['removeEventListener']>[1];
type Listeners = Record<string, Listener[] | undefined>;
type Fields = Record<string, unknown>;

const installed = new WeakMap<World, DropIn>();

/**
 * What the drop-in installs beneath its options: the stateless contacts (generators made afresh
 * every step, cannon-es equations), which work with either solver option and keep every contact
 * in `world.contacts` where a user's code reads them. The persistent manifolds of
 * DEFAULT_TUNING are solved by the flat solver alone and are not offered here yet.
 */
const DROP_IN_BASE = STATELESS_TUNING;

/**
 * Installs fixed-step's contact generators, solver and lookup tables on a cannon-es `World`
 * the caller made, keeping its bodies, shapes, materials, constraints and settings. Pairs the
 * generators do not handle (particles, trimeshes, heightfields, plane–convex, …) keep
 * cannon-es's own handlers. Call between steps; contacts and contact events carry on as if
 * nothing had changed.
 * @param world - any cannon-es World.
 * @param options - which parts to install; the defaults install all of them.
 * @returns the handle whose `uninstall()` takes them out again.
 * @throws if `world` is not a cannon-es World, already has the drop-in, or an option is invalid.
 * @example
 * ```ts
 * const world = new CANNON.World({ gravity: new CANNON.Vec3(0, -9.82, 0) });
 * const dropIn = installDropIn(world);
 * // … world.step(1 / 100) as before …
 * dropIn.uninstall();
 * ```
 */
export function installDropIn(world: World, options: DropInOptions = {}): DropIn {
  checkWorld(world);
  if (installed.has(world)) {
    throw new Error(
      'installDropIn: this world already has the drop-in; call uninstall() on the handle the first call returned before installing again.',
    );
  }
  const tuning = resolveTuning(world, options);
  const fields = world as unknown as Fields;
  const before = new Map(Object.entries(fields));
  const listenersBefore = listenerLists(world);
  applyTuning(world, tuning);
  const replaced = new Map<string, unknown>();
  for (const [key, value] of before) if (fields[key] !== value) replaced.set(key, value);
  const added = Object.keys(fields).filter((key) => !before.has(key));
  const addedListeners = newListeners(listenersBefore, listenerLists(world));
  // Every installed object: a step swaps collisionMatrix and collisionMatrixPrevious, so a
  // field is still ours while it holds any of them.
  const mine = new Map([...replaced.keys()].map((key) => [key, fields[key]]));
  const ours = new Set(mine.values());
  carryState(world, replaced, mine, CARRIED_IN);

  let active = true;
  const handle: DropIn = {
    world,
    get installed() {
      return active;
    },
    uninstall() {
      if (!active) return;
      active = false;
      installed.delete(world);
      const leaving = new Map<string, unknown>();
      const back = new Map<string, unknown>();
      for (const [key, value] of replaced) {
        if (!ours.has(fields[key])) continue;
        leaving.set(key, fields[key]);
        back.set(key, value);
      }
      carryState(world, leaving, back, CARRIED_OUT);
      for (const [type, listener] of addedListeners) world.removeEventListener(type, listener);
      for (const key of added) delete fields[key];
    },
  };
  installed.set(world, handle);
  return handle;
}

/**
 * The drop-in installed on `world`, or undefined.
 * @param world - any cannon-es World.
 * @returns the handle {@link installDropIn} returned, while it is installed.
 */
export function dropInOf(world: World): DropIn | undefined {
  return installed.get(world);
}

function checkWorld(world: unknown): void {
  const w = world as Partial<World> | null;
  if (
    typeof w !== 'object' ||
    w === null ||
    !Array.isArray(w.bodies) ||
    typeof w.step !== 'function' ||
    typeof w.narrowphase !== 'object'
  ) {
    throw new TypeError(
      `installDropIn: ${describe(world)} is not a cannon-es World (one made with new CANNON.World()).`,
    );
  }
  if (!(world instanceof World)) {
    // Two copies of cannon-es are loaded (two installs, or its two builds side by side): the
    // drop-in's parts check shapes with the other copy's classes and would fail in the middle of
    // a step. Say so at install, naming both copies as far as they can be told apart.
    throw new TypeError(secondCopyMessage());
  }
}

/**
 * The refusal of a world from a second copy of cannon-es. cannon-es 0.20 has no `exports` map
 * and no version at run time: `import 'cannon-es'` takes its CommonJS `main` under Node and its
 * ES-module `module` build under a bundler, so that is what this copy is, by where it runs.
 */
function secondCopyMessage(): string {
  const host = globalThis as { process?: { versions?: { node?: unknown } } };
  const node = typeof host.process?.versions?.node === 'string';
  const ours = node
    ? "its CommonJS build (dist/cannon-es.cjs.js), as Node resolves `import 'cannon-es'`"
    : "its ES-module build (dist/cannon-es.js), as a bundler resolves `import 'cannon-es'`";
  return [
    'installDropIn: world was made by a second copy of cannon-es.',
    "The world's copy: another World class than the drop-in's — a second install (another version), or cannon-es's other build loaded beside it (its CommonJS build by require, its ES-module build by import).",
    `The drop-in's copy (fixed-step/cannon): ${ours}.`,
    'cannon-es carries no version number at run time; `npm ls cannon-es` lists the installs.',
    "Make them one copy: import cannon-es the same way everywhere (not import in one place and require in another), `npm dedupe`, and in Vite `resolve.dedupe: ['cannon-es']`.",
  ].join(' ');
}

/** The tuning to apply: the world's solver settings, then the options, over the defaults. */
function resolveTuning(world: World, options: DropInOptions): PhysicsTuning {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`installDropIn: options is ${describe(options)}; expected an object.`);
  }
  for (const [key, value] of Object.entries(options)) {
    // Own keys only: `in` would find 'constructor' or 'toString' on Object.prototype.
    if (!Object.hasOwn(OPTIONS, key)) {
      throw new RangeError(
        `installDropIn: unknown option '${key}'; the options are ${Object.keys(OPTIONS).join(', ')}.`,
      );
    }
    const name = key as keyof DropInOptions;
    if (value !== undefined && !validOption(name, value)) {
      throw new RangeError(
        `installDropIn: ${name} is ${describe(value)}; it must be ${OPTIONS[name]}.`,
      );
    }
  }
  const solver = world.solver as Partial<Record<'iterations' | 'tolerance', unknown>>;
  const iterations = options.iterations ?? solver.iterations;
  const tolerance = options.tolerance ?? solver.tolerance;
  const tables = options.tables ?? DROP_IN_BASE.fastLookups;
  return {
    ...DROP_IN_BASE,
    narrowphase: options.narrowphase ?? 'project',
    solver: options.solver ?? 'flat-gs',
    broadphase: options.broadphase ?? DROP_IN_BASE.broadphase,
    sparseCollisionMatrix: tables,
    fastLookups: tables,
    solverIterations: typeof iterations === 'number' ? iterations : DROP_IN_BASE.solverIterations,
    solverTolerance: typeof tolerance === 'number' ? tolerance : DROP_IN_BASE.solverTolerance,
  };
}

function validOption(name: keyof DropInOptions, value: unknown): boolean {
  const choices = Object.hasOwn(CHOICES, name) ? CHOICES[name] : undefined;
  if (choices !== undefined) return choices.includes(value);
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (name === 'iterations') return Number.isInteger(value) && value >= 1 && value <= 10000;
  return value >= 0;
}

/**
 * Puts the objects of `incoming` (field → object) into the world in place of those of
 * `outgoing`, handing them what the outgoing ones know: the pairs in contact at the last step,
 * so the next step's "collide", beginContact and endContact events are the ones it would have
 * sent anyway; the contact materials; the carried settings.
 */
function carryState(
  world: World,
  outgoing: ReadonlyMap<string, unknown>,
  incoming: ReadonlyMap<string, unknown>,
  carried: Carried,
): void {
  const fields = world as unknown as Fields;
  for (const [key, next] of incoming) {
    const from = outgoing.get(key) as Fields;
    const to = next as Fields;
    for (const setting of carried[key] ?? []) {
      if (typeof from[setting] === typeof to[setting] && from[setting] !== undefined) {
        to[setting] = from[setting];
      }
    }
    fields[key] = next;
  }
  if (incoming.has('collisionMatrix')) {
    const count = world.bodies.length;
    for (const matrix of [world.collisionMatrix, world.collisionMatrixPrevious]) {
      matrix.setNumObjects(count);
      matrix.reset();
    }
    for (const c of world.contacts) world.collisionMatrix.set(c.bi, c.bj, true);
  }
  for (const key of ['bodyOverlapKeeper', 'shapeOverlapKeeper'] as const) {
    const from = outgoing.get(key) as OverlapKeeper | undefined;
    if (from !== undefined) carryOverlaps(from, world[key]);
  }
  if (incoming.has('contactMaterialTable')) {
    const table = world.contactMaterialTable;
    table.reset();
    for (const cm of world.contactmaterials) {
      table.set(cm.materials[0].id, cm.materials[1].id, cm);
    }
  }
}

type OverlapKeeper = World['bodyOverlapKeeper'];

/** `to` ends holding `from`'s pairs of the last step as its current ones, and nothing older. */
function carryOverlaps(from: OverlapKeeper, to: OverlapKeeper): void {
  // getDiff fills `current` with the last step's keys, sorted, in both cannon-es's keeper and
  // the project's (which keeps them hashed until asked).
  from.getDiff([], []);
  to.tick();
  to.tick();
  for (const key of from.current) to.set(key >>> 16, key & 0xffff);
}

/**
 * cannon-es keeps a world's listeners in a private field; a broadphase that follows the body
 * list (SAP) adds two. Read by copy so what is installed can be told from what was there.
 */
function listenerLists(world: World): Map<string, Listener[]> {
  const listeners = (world as unknown as { _listeners?: Listeners })._listeners ?? {};
  const lists = new Map<string, Listener[]>();
  for (const [type, list] of Object.entries(listeners)) lists.set(type, [...(list ?? [])]);
  return lists;
}

function newListeners(
  before: ReadonlyMap<string, Listener[]>,
  after: ReadonlyMap<string, Listener[]>,
): [string, Listener][] {
  const added: [string, Listener][] = [];
  for (const [type, list] of after) {
    const old = before.get(type) ?? [];
    for (const listener of list) if (!old.includes(listener)) added.push([type, listener]);
  }
  return added;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object of another kind';
}
