// fixed-step/r3f: the front door inside a React Three Fiber <Canvas>: a provider that steps the
// world in useFrame before R3F draws, and hooks that bind mesh refs and run code at every step.

import { useFrame } from '@react-three/fiber';
import type { RootState } from '@react-three/fiber';
import { createContext, createElement, useContext, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { InstancedMesh, Object3D } from 'three';
import { cannonEngine } from './core';
import type { FixedStepEngine } from './core';
import { FixedStep } from './core';
import type { BindInstancesOptions, BindOptions, FixedStepOptions, StepListener } from './core';

// The front door's class and option types, so an R3F app's types need nothing from the root entry.
export { FixedStep } from './core';
export type {
  BindInstancesOptions,
  BindOptions,
  DrawMode,
  FixedStepOptions,
  StepInfo,
} from './core';

/**
 * The provider's useFrame priority: negative, so it runs before the app's own useFrame callbacks
 * (priority 0) and R3F still draws by itself afterwards (a positive priority would turn that off).
 */
export const FIXED_STEP_PRIORITY = -100;

/** Props of {@link FixedStepProvider}: the world, its engine, and the front door's options. */
export interface FixedStepProviderProps<World, Body> extends FixedStepOptions {
  /** The world to step: a cannon-es World, or a Rapier World with `engine={rapierEngine}`. */
  world: World;
  /** How the world is stepped and read. @default cannonEngine */
  engine?: FixedStepEngine<World, Body>;
  /** The useFrame priority the steps run at. @default FIXED_STEP_PRIORITY */
  priority?: number;
  /** Called with each front door made (a new world, engine or hz makes a new one). */
  onCreated?: (physics: FixedStep<World, Body>) => void;
  /** The scene: components that call the hooks below. */
  children?: ReactNode;
}

const PhysicsContext = createContext<FixedStep<unknown, unknown> | null>(null);

/** How the provider's frames go under `frameloop="demand"`. */
interface Driver {
  /** The provider's own clock (ms): the sum of the frames' deltas it counts. */
  ms: number;
  /** Set when the last frame asked for none after it: the gap until the next is not simulated. */
  resting: boolean;
}

/** Every bound body asleep at the last two steps (and at least one bound): nothing will move. */
function atRest(physics: FixedStep<unknown, unknown>): boolean {
  const pair = physics.snapshots;
  if (pair.count === 0) return false;
  for (let i = 0; i < pair.count; i++) {
    if (pair.asleep[i] === 0 || pair.previousAsleep[i] === 0) return false;
  }
  return true;
}

/**
 * One R3F frame: the steps its delta owes, the bound objects drawn. Under 'demand' it asks for
 * the next frame while anything may move, and a frame after a rest simulates none of the gap
 * (as a tab shown again), so an idle scene costs no frames and wakes without a burst.
 */
function drive(physics: FixedStep<unknown, unknown>, d: Driver, state: RootState, delta: number) {
  const resumed = d.resting;
  d.resting = false;
  d.ms += resumed ? 0 : delta * 1000;
  physics.frame(d.ms);
  if (state.frameloop !== 'demand') return;
  // At rest is judged on a frame that stepped: one too short for a step still shows the
  // snapshots from before a wake-up (all asleep), and resting then would never take that step.
  const rests = physics.paused || (physics.lastFrame.steps > 0 && atRest(physics));
  if (resumed || !rests) state.invalidate();
  else d.resting = true;
}

/**
 * The front door for the world of its children, stepped in R3F's frame loop: `hz` fixed steps
 * a second whatever the display's rate, at {@link FIXED_STEP_PRIORITY} (before your useFrame
 * code and before R3F draws). Follows `frameloop`: 'always' steps every frame; 'demand' asks for
 * frames while a bound body is awake and rests when all sleep (or paused); 'never' steps when
 * you call `advance`. Put it inside `<Canvas>`.
 */
export function FixedStepProvider<World, Body>(
  props: FixedStepProviderProps<World, Body>,
): ReactNode {
  const { world, engine = cannonEngine as never, hz, priority = FIXED_STEP_PRIORITY } = props;
  const [physics, setPhysics] = useState<FixedStep<World, Body> | null>(null);
  const latest = useRef(props);
  const driver = useRef<Driver>({ ms: 0, resting: false });
  useLayoutEffect(() => {
    latest.current = props;
  });
  useLayoutEffect(() => {
    const { beforeStep, afterStep, maxFrameSeconds, maxStepsPerFrame, document } = latest.current;
    const options = { hz, beforeStep, afterStep, maxFrameSeconds, maxStepsPerFrame, document };
    const made = new FixedStep(world, options, engine);
    setPhysics(made);
    latest.current.onCreated?.(made);
    return () => made.dispose();
  }, [world, engine, hz]);
  const { paused = false, mode = 'interpolate', timeScale = 1 } = props;
  useLayoutEffect(() => {
    if (physics === null) return;
    physics.paused = paused;
    physics.mode = mode;
    physics.timeScale = timeScale;
  }, [physics, paused, mode, timeScale]);
  useFrame((state, delta) => {
    if (physics !== null)
      drive(physics as FixedStep<unknown, unknown>, driver.current, state, delta);
  }, priority);
  const value = physics as FixedStep<unknown, unknown> | null;
  return createElement(PhysicsContext.Provider, { value }, value === null ? null : props.children);
}

/**
 * The front door of the nearest {@link FixedStepProvider}: `paused`, `stats`, `teleport`, `on`…
 * @throws outside a provider.
 */
export function useFixedStep<World = unknown, Body extends object = object>(): FixedStep<
  World,
  Body
> {
  const physics = useContext(PhysicsContext);
  if (physics === null) {
    throw new Error('useFixedStep: call it inside <FixedStepProvider> (itself inside <Canvas>).');
  }
  return physics as FixedStep<World, Body>;
}

/** The object a ref holds, or a clear error naming the hook. */
function held<T>(ref: RefObject<T | null>, hook: string): T {
  if (ref.current === null || ref.current === undefined) {
    throw new Error(`${hook}: the ref holds no object yet; pass it to a <mesh ref={...}> first.`);
  }
  return ref.current;
}

/**
 * Draws `body` with the object `ref` holds (a `<mesh>`, `<group>`, any Object3D in world space)
 * while the component is mounted; null binds nothing. `body` is the engine's body (a cannon-es
 * Body, a Rapier RigidBody): its type is inferred, and anything that is not an object is refused.
 */
export function useBody<Body extends object>(
  body: Body | null,
  ref: RefObject<Object3D | null>,
  options: BindOptions = {},
): void {
  const physics = useFixedStep<unknown, Body>();
  const { mode } = options;
  useLayoutEffect(() => {
    if (body === null) return;
    physics.bind(body, held(ref, 'useBody'), { mode });
    return () => void physics.unbind(body);
  }, [physics, body, ref, mode]);
}

/**
 * Draws `bodies[k]` as instance k of the `<instancedMesh>` `ref` holds while the component is
 * mounted. Bound once per array: keep it the same array (useMemo, useState) between renders.
 */
export function useInstances<Body extends object>(
  bodies: readonly Body[],
  ref: RefObject<InstancedMesh | null>,
  options: BindInstancesOptions = {},
): void {
  const physics = useFixedStep<unknown, Body>();
  const { mode, scales } = options;
  useLayoutEffect(() => {
    physics.bindInstances(bodies, held(ref, 'useInstances'), { mode, scales });
    return () => bodies.forEach((body) => physics.unbind(body));
  }, [physics, bodies, ref, mode, scales]);
}

function useStepHook(type: 'beforeStep' | 'afterStep', listener: StepListener): void {
  const physics = useFixedStep();
  const latest = useRef(listener);
  useLayoutEffect(() => {
    latest.current = listener;
  });
  useLayoutEffect(() => physics.on(type, (step) => latest.current(step)), [physics, type]);
}

/** Runs `listener` before every fixed step while mounted: forces, inputs, scripted motion. */
export function useBeforeStep(listener: StepListener): void {
  useStepHook('beforeStep', listener);
}

/** Runs `listener` after every fixed step while mounted (before the step's snapshot). */
export function useAfterStep(listener: StepListener): void {
  useStepHook('afterStep', listener);
}
