// fixed-step/three: draw poses written into a three.js InstancedMesh (resting bodies skipped) or
// into plain Object3Ds. Imports three.js types only.

export { InstancedPoses } from '../../../src/render/instancedPoses';
export type { CountedDrawSource } from '../../../src/render/instancedPoses';
export type { DrawSource } from '../../../src/render/instanceMatrix';
export { writeObjectPoses } from '../../../src/render/objectPoses';
