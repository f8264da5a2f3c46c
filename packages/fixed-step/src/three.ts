// fixed-step/three: draw poses written into a three.js InstancedMesh (resting bodies skipped) or
// into plain Object3Ds. Imports three.js types only.

export { InstancedMeshWriter } from './three/instancedMeshWriter';
export type { CountedDrawSource } from './three/instancedMeshWriter';
export { composeInstance, restingUnchanged } from './three/instanceMatrix';
export type { DrawSource } from './three/instanceMatrix';
export { writeObjectPoses } from './three/objectPoses';
