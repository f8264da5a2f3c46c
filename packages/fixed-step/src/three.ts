// fixed-step/three: draw poses written into a three.js InstancedMesh (resting bodies skipped) or
// into plain Object3Ds. Imports three.js types only.

export { InstancedMeshWriter } from '../../../src/render/instancedMeshWriter';
export type { CountedDrawSource } from '../../../src/render/instancedMeshWriter';
export type { DrawSource } from '../../../src/render/instanceMatrix';
export { writeObjectPoses } from '../../../src/render/objectPoses';
