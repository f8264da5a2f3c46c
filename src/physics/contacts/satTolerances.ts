// The tolerances of the separating-axis tests (Gottschalk's OBB test for two boxes, its
// generalisation to convex hulls): one set, read by the box path (boxBoxContacts.ts) and the
// hull path (hullContacts.ts, hullFeatures.ts) alike, so both decide ties the same way.

/**
 * An edge–edge axis wins only if it is this much shallower than the best face axis, both
 * relatively (EDGE_BIAS) and absolutely (EDGE_SLACK, m). Resting bodies have face and edge axes
 * within rounding of each other; a face gives a stable 4-point patch where an edge gives one
 * wandering point, so near ties go to faces. ODE's dBoxBox and Bullet's box–box detector use the
 * same 5%. The 5% alone is not enough at rest: cannon-es settles stacked bodies about 0.1–1 mm
 * into each other, and a brick tilted by 0.002 rad changes its overlaps along nearby axes by its
 * length × tilt, a millimetre or more — so two crossed bricks flickered between a 4-point face
 * patch and a single edge point, and the 36-brick stack crept 58 mm in 10 s (cannon-es's own
 * contacts: 35 mm). With 2 mm on top: 8 mm. A real edge–edge crossing overlaps far more along
 * the faces.
 */
export const EDGE_BIAS = 1.05;
export const EDGE_SLACK = 0.002;

/**
 * Two edges closer to parallel than this (|a × b|² of unit directions, i.e. sin² of their angle)
 * give no usable axis: the face axes already cover that direction. cannon-es drops such a cross
 * product once every component is under 1e-6, the same order.
 */
export const PARALLEL_SIN2 = 1e-12;

/**
 * A segment whose direction meets a slab or plane at less than this (|d · n| of unit vectors)
 * runs parallel to it: it lies wholly inside or wholly outside, and is not divided by it.
 */
export const PARALLEL_TO_PLANE = 1e-12;
