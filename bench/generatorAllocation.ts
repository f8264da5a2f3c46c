// Bytes the project's contact generators allocate per call, on seeded poses that touch (faces,
// edges, deep overlaps and misses mixed): the per-step code the project owns inside world.step.

import { Box, Cylinder, Quaternion, Vec3 } from 'cannon-es';
import type { ConvexPolyhedron } from 'cannon-es';
import { collideBoxes } from '../src/physics/contacts/boxBoxContacts';
import { ContactManifold } from '../src/physics/contacts/contactManifold';
import { collideHulls } from '../src/physics/contacts/hullContacts';
import { hullOf } from '../src/physics/bodies/hullData';
import {
  collidePlaneBox,
  collideSphereBox,
  collideSphereHull,
  collideSpherePlane,
} from '../src/physics/contacts/primitiveContacts';
import { Rng } from '../src/util/rng';
import type { AllocationResult } from './heapMeasure';
import { bytesPerCall } from './heapMeasure';

export function benchGeneratorAllocation(): AllocationResult[] {
  const rng = new Rng(1);
  const poses = Array.from({ length: 64 }, () => {
    const [x, y, z, w] = rng.quaternion();
    const p = new Vec3(rng.range(-0.6, 0.6), rng.range(-0.6, 0.6), rng.range(-0.6, 0.6));
    return { p, q: new Quaternion(x, y, z, w) };
  });
  const m = new ContactManifold();
  const half = new Vec3(0.5, 0.3, 0.4);
  const origin = new Vec3();
  const level = new Quaternion();
  const ball = { radius: 0.4 };
  const cylinder = hullOf(new Cylinder(0.4, 0.4, 1, 12));
  const box = hullOf(new Box(half).convexPolyhedronRepresentation as ConvexPolyhedron);
  let k = 0;
  const next = () => poses[k++ & 63] as (typeof poses)[number];
  const generators: [string, () => void][] = [
    ['box–box', () => void collideBoxes(half, origin, level, half, next().p, next().q, m)],
    ['sphere–box', () => void collideSphereBox(ball, next().p, half, origin, next().q, m)],
    ['plane–box', () => void collidePlaneBox(origin, level, half, next().p, next().q, m)],
    ['sphere–plane', () => void collideSpherePlane(ball, next().p, origin, next().q, m)],
    [
      'box–cylinder hulls',
      () => void collideHulls(box, origin, level, cylinder, next().p, next().q, m),
    ],
    [
      'sphere–cylinder',
      () => void collideSphereHull(ball, next().p, cylinder, origin, next().q, m),
    ],
  ];
  return generators.map(([name, call]) => {
    // Warm up until V8 has optimised every path (an unoptimised function boxes its doubles).
    for (let i = 0; i < 200_000; i++) call();
    return {
      label: `project contact generator: ${name}`,
      bytes: bytesPerCall(call, 20_000, 5),
      per: 'call',
    };
  });
}
