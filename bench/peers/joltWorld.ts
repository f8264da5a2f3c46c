// jolt-physics (JoltPhysics.js, its single-threaded WebAssembly build) building a peer scene:
// the layers and tables of JoltPhysics.js's own examples, a 200 m static box for the ground,
// Jolt's defaults otherwise (room raised for the pyramid's pairs and contacts).

import type { PeerBody, PeerScene } from './peerScene';
import { DT, GRAVITY } from './peerScene';
import { defaultOf, loadPeer } from './peerWorld';
import type { PeerSetting, PeerWorld } from './peerWorld';

interface JVec {
  GetX(): number;
  GetY(): number;
  GetZ(): number;
}
interface JBody {
  GetID(): unknown;
  IsActive(): boolean;
  GetPosition(): JVec;
}
interface JCreation {
  mAllowSleeping: boolean;
  mLinearVelocity: unknown;
  mFriction: number;
  mRestitution: number;
}
interface JSettings {
  mNumVelocitySteps: number;
  mNumPositionSteps: number;
  mTimeBeforeSleep: number;
  mPointVelocitySleepThreshold: number;
  mBaumgarte: number;
  mSpeculativeContactDistance: number;
}
interface JSystem {
  SetGravity(v: unknown): void;
  GetBodyInterface(): { CreateBody(s: unknown): JBody; AddBody(id: unknown, a: number): void };
  GetPhysicsSettings(): JSettings;
}
interface JoltApi {
  JoltSettings: new () => Record<string, unknown>;
  ObjectLayerPairFilterTable: new (n: number) => { EnableCollision(a: number, b: number): void };
  BroadPhaseLayer: new (layer: number) => unknown;
  BroadPhaseLayerInterfaceTable: new (
    objectLayers: number,
    broadPhaseLayers: number,
  ) => { MapObjectToBroadPhaseLayer(o: number, b: unknown): void };
  ObjectVsBroadPhaseLayerFilterTable: new (a: unknown, b: number, c: unknown, d: number) => unknown;
  JoltInterface: new (s: unknown) => {
    Step(dt: number, n: number): void;
    GetPhysicsSystem(): JSystem;
  };
  Vec3: new (x: number, y: number, z: number) => unknown;
  RVec3: new (x: number, y: number, z: number) => unknown;
  Quat: new (x: number, y: number, z: number, w: number) => unknown;
  BoxShape: new (half: unknown) => { SetDensity(d: number): void };
  SphereShape: new (radius: number) => { SetDensity(d: number): void };
  BodyCreationSettings: new (
    shape: unknown,
    position: unknown,
    rotation: unknown,
    motion: number,
    layer: number,
  ) => JCreation;
  EMotionType_Static: number;
  EMotionType_Dynamic: number;
  EActivation_Activate: number;
  EActivation_DontActivate: number;
}

const STATIC_LAYER = 0;
const MOVING_LAYER = 1;

/** Jolt's interface with the two object layers and two broadphase layers of its examples. */
function joltInterface(Jolt: JoltApi): InstanceType<JoltApi['JoltInterface']> {
  const settings = new Jolt.JoltSettings();
  const pairs = new Jolt.ObjectLayerPairFilterTable(2);
  pairs.EnableCollision(STATIC_LAYER, MOVING_LAYER);
  pairs.EnableCollision(MOVING_LAYER, MOVING_LAYER);
  const layers = new Jolt.BroadPhaseLayerInterfaceTable(2, 2);
  layers.MapObjectToBroadPhaseLayer(STATIC_LAYER, new Jolt.BroadPhaseLayer(0));
  layers.MapObjectToBroadPhaseLayer(MOVING_LAYER, new Jolt.BroadPhaseLayer(1));
  settings.mObjectLayerPairFilter = pairs;
  settings.mBroadPhaseLayerInterface = layers;
  settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(
    layers,
    2,
    pairs,
    2,
  );
  // The pyramid keeps ~18,000 pairs in contact (edges and corners within Jolt's speculative
  // distance): room for 10,240 (the default) is too little; 24,000 overflows the temp allocator.
  settings.mMaxContactConstraints = 20000;
  return new Jolt.JoltInterface(settings);
}

function addBody(Jolt: JoltApi, system: JSystem, b: PeerBody, setting: PeerSetting): JBody {
  const shape =
    b.kind === 'box'
      ? new Jolt.BoxShape(new Jolt.Vec3(b.half[0], b.half[1], b.half[2]))
      : new Jolt.SphereShape(b.half[0]);
  shape.SetDensity(b.density);
  const [x, y, z] = b.position;
  const [qx, qy, qz, qw] = b.quaternion;
  const creation = new Jolt.BodyCreationSettings(
    shape,
    new Jolt.RVec3(x, y, z),
    new Jolt.Quat(qx, qy, qz, qw),
    Jolt.EMotionType_Dynamic,
    MOVING_LAYER,
  );
  creation.mLinearVelocity = new Jolt.Vec3(b.velocity[0], b.velocity[1], b.velocity[2]);
  if (setting === 'awake') creation.mAllowSleeping = false;
  const bodies = system.GetBodyInterface();
  const body = bodies.CreateBody(creation);
  const start = setting === 'sleeping' && b.asleep;
  bodies.AddBody(body.GetID(), start ? Jolt.EActivation_DontActivate : Jolt.EActivation_Activate);
  return body;
}

/** The scene in Jolt: its bodies in order, on a static box whose top is y = 0. */
export async function joltWorld(scene: PeerScene, setting: PeerSetting): Promise<PeerWorld> {
  const init = defaultOf(await loadPeer('jolt-physics')) as () => Promise<JoltApi>;
  const Jolt = await init();
  const jolt = joltInterface(Jolt);
  const system = jolt.GetPhysicsSystem();
  system.SetGravity(new Jolt.Vec3(0, GRAVITY, 0));
  const ground = new Jolt.BodyCreationSettings(
    new Jolt.BoxShape(new Jolt.Vec3(100, 1, 100)),
    new Jolt.RVec3(0, -1, 0),
    new Jolt.Quat(0, 0, 0, 1),
    Jolt.EMotionType_Static,
    STATIC_LAYER,
  );
  const groundBody = system.GetBodyInterface().CreateBody(ground);
  system.GetBodyInterface().AddBody(groundBody.GetID(), Jolt.EActivation_DontActivate);
  const bodies = scene.bodies.map((b) => addBody(Jolt, system, b, setting));
  const s = system.GetPhysicsSettings();
  // Jolt's settings are 32-bit floats: 0.2 reads back as 0.20000000298.
  const f = (x: number): string => String(Number(x.toPrecision(6)));
  const notes =
    `${s.mNumVelocitySteps} velocity + ${s.mNumPositionSteps} position steps, Baumgarte ` +
    `${f(s.mBaumgarte)}, speculative ${f(s.mSpeculativeContactDistance)} m, box convex radius ` +
    `0.05 m, friction ${f(ground.mFriction)}, restitution ${f(ground.mRestitution)}; sleeps ` +
    `below ${f(s.mPointVelocitySleepThreshold)} m/s for ${f(s.mTimeBeforeSleep)} s`;
  return {
    step: () => jolt.Step(DT, 1),
    position(i, out) {
      const p = (bodies[i] as JBody).GetPosition();
      out[0] = p.GetX();
      out[1] = p.GetY();
      out[2] = p.GetZ();
    },
    asleep: (i) => !(bodies[i] as JBody).IsActive(),
    notes,
  };
}
