// @babylonjs/havok (Havok's WebAssembly build, as Babylon.js ships it) building a peer scene: the
// .wasm bytes handed to it (Node has no fetch of files), the ideal step time set to the step as
// Babylon's plugin does, each body's mass from its shape at the scene's density, a 200 m static
// box for the ground, Havok's defaults otherwise.

import { readFileSync } from 'node:fs';
import type { PeerBody, PeerScene } from './peerScene';
import { DT, GRAVITY } from './peerScene';
import { defaultOf, loadPeer } from './peerWorld';
import type { PeerSetting, PeerWorld } from './peerWorld';

type Id = [bigint];
type V3 = [number, number, number];
type Quat = [number, number, number, number];

interface HavokApi {
  MotionType: { STATIC: number; DYNAMIC: number };
  ActivationControl: { ALWAYS_ACTIVE: number };
  ActivationState: { INACTIVE: number };
  HP_World_Create(): [number, Id];
  HP_World_SetGravity(world: Id, gravity: V3): number;
  HP_World_SetIdealStepTime(world: Id, dt: number): number;
  HP_World_Step(world: Id, dt: number): number;
  HP_World_AddBody(world: Id, body: Id, startAsleep: boolean): number;
  HP_Shape_CreateBox(center: V3, rotation: Quat, extents: V3): [number, Id];
  HP_Shape_CreateSphere(center: V3, radius: number): [number, Id];
  HP_Shape_SetDensity(shape: Id, density: number): number;
  HP_Shape_GetMaterial(shape: Id): [number, [number, number, number, number, number]];
  HP_Shape_BuildMassProperties(shape: Id): [number, unknown];
  HP_Body_Create(): [number, Id];
  HP_Body_SetShape(body: Id, shape: Id): number;
  HP_Body_SetMotionType(body: Id, type: number): number;
  HP_Body_SetMassProperties(body: Id, mass: unknown): number;
  HP_Body_SetQTransform(body: Id, transform: [V3, Quat]): number;
  HP_Body_GetQTransform(body: Id): [number, [V3, Quat]];
  HP_Body_SetLinearVelocity(body: Id, v: V3): number;
  HP_Body_SetActivationControl(body: Id, control: number): number;
  HP_Body_GetActivationState(body: Id): [number, number];
}

function addBody(HK: HavokApi, world: Id, b: PeerBody, setting: PeerSetting): Id {
  const [, shape] =
    b.kind === 'box'
      ? HK.HP_Shape_CreateBox(
          [0, 0, 0],
          [0, 0, 0, 1],
          [2 * b.half[0], 2 * b.half[1], 2 * b.half[2]],
        )
      : HK.HP_Shape_CreateSphere([0, 0, 0], b.half[0]);
  HK.HP_Shape_SetDensity(shape, b.density);
  const [, body] = HK.HP_Body_Create();
  HK.HP_Body_SetShape(body, shape);
  HK.HP_Body_SetMotionType(body, HK.MotionType.DYNAMIC);
  HK.HP_Body_SetMassProperties(body, HK.HP_Shape_BuildMassProperties(shape)[1]);
  HK.HP_Body_SetQTransform(body, [b.position, b.quaternion]);
  HK.HP_Body_SetLinearVelocity(body, b.velocity);
  HK.HP_World_AddBody(world, body, setting === 'sleeping' && b.asleep);
  if (setting === 'awake') {
    HK.HP_Body_SetActivationControl(body, HK.ActivationControl.ALWAYS_ACTIVE);
  }
  return body;
}

/** The scene in Havok: its bodies in order, on a static box whose top is y = 0. */
export async function havokWorld(scene: PeerScene, setting: PeerSetting): Promise<PeerWorld> {
  const factory = defaultOf(await loadPeer('@babylonjs/havok')) as (options: {
    wasmBinary: Uint8Array;
  }) => Promise<HavokApi>;
  const wasm = new URL(
    './node_modules/@babylonjs/havok/lib/esm/HavokPhysics.wasm',
    import.meta.url,
  );
  const HK = await factory({ wasmBinary: readFileSync(wasm) });
  const [, world] = HK.HP_World_Create();
  HK.HP_World_SetGravity(world, [0, GRAVITY, 0]);
  HK.HP_World_SetIdealStepTime(world, DT);
  const [, groundShape] = HK.HP_Shape_CreateBox([0, 0, 0], [0, 0, 0, 1], [200, 2, 200]);
  const [, ground] = HK.HP_Body_Create();
  HK.HP_Body_SetShape(ground, groundShape);
  HK.HP_Body_SetMotionType(ground, HK.MotionType.STATIC);
  HK.HP_Body_SetQTransform(ground, [
    [0, -1, 0],
    [0, 0, 0, 1],
  ]);
  HK.HP_World_AddBody(world, ground, false);
  const bodies = scene.bodies.map((b) => addBody(HK, world, b, setting));
  const [, [staticFriction, friction, restitution]] = HK.HP_Shape_GetMaterial(groundShape);
  const notes =
    `ideal step time ${DT} s, default material (friction ${friction}, static ${staticFriction}, ` +
    `restitution ${restitution}), sleeping as the engine decides`;
  return {
    step: () => {
      HK.HP_World_Step(world, DT);
    },
    position(i, out) {
      const [x, y, z] = HK.HP_Body_GetQTransform(bodies[i] as Id)[1][0];
      out[0] = x;
      out[1] = y;
      out[2] = z;
    },
    asleep: (i) =>
      HK.HP_Body_GetActivationState(bodies[i] as Id)[1] === HK.ActivationState.INACTIVE,
    notes,
  };
}
