// The WebAssembly text of the contact solver's sweep (ManifoldRows.sweep), written out from one
// template: the same IEEE operations in the same order as the TypeScript loop, so the same bits.
// tests/tools/buildSweepKernel.ts compiles it into sweepKernelBytes.ts; a unit test checks they agree.

import {
  ANGULAR_A,
  ANGULAR_B,
  H_BOUND,
  H_EPS,
  H_FRICTION_EPS,
  H_INV_MASS_A,
  H_INV_MASS_B,
  HEADER,
  INERTIA_A,
  INERTIA_B,
  INV_C,
  LAMBDA,
  MAX_NORMAL_IMPULSE,
  POINT_WIDTH,
  RELAX_RHS,
  RHS,
  ROW_WIDTH,
} from './contactRows';

/** Pages (64 KiB) a shared kernel memory may grow to: 1 GiB. */
export const MAX_SHARED_PAGES = 16384;

const get = (name: string): string => `(local.get $${name})`;
const set = (name: string, value: string): string => `(local.set $${name} ${value})`;
const add = (a: string, b: string): string => `(f64.add ${a} ${b})`;
const sub = (a: string, b: string): string => `(f64.sub ${a} ${b})`;
const mul = (a: string, b: string): string => `(f64.mul ${a} ${b})`;
/** The double at `base` + 8 × index (an offset the instruction carries). */
const load = (base: string, index: number): string => `(f64.load offset=${8 * index} ${base})`;
/** A body's running velocity changes, by name: A's linear and angular, then B's. */
const VELOCITY = [
  'vax',
  'vay',
  'vaz',
  'wax',
  'way',
  'waz',
  'vbx',
  'vby',
  'vbz',
  'wbx',
  'wby',
  'wbz',
];

/**
 * One row at byte offset $r along direction (dx, dy, dz): ManifoldRows.sweep's statements in
 * order — J·v with its association, Δλ, the clamp to [low, high], λ stored, both bodies moved.
 */
function row(
  dx: string,
  dy: string,
  dz: string,
  rhs: string,
  eps: string,
  low: string,
  high: string,
) {
  const r = get('r');
  const gw = add(
    add(
      add(
        add(mul(dx, sub(get('vbx'), get('vax'))), mul(dy, sub(get('vby'), get('vay')))),
        mul(dz, sub(get('vbz'), get('vaz'))),
      ),
      add(
        add(mul(load(r, ANGULAR_A), get('wax')), mul(load(r, ANGULAR_A + 1), get('way'))),
        mul(load(r, ANGULAR_A + 2), get('waz')),
      ),
    ),
    add(
      add(mul(load(r, ANGULAR_B), get('wbx')), mul(load(r, ANGULAR_B + 1), get('wby'))),
      mul(load(r, ANGULAR_B + 2), get('wbz')),
    ),
  );
  const sum = get('sum');
  return [
    set('lambda', load(r, LAMBDA)),
    set('delta', mul(load(r, INV_C), sub(sub(rhs, gw), mul(eps, get('lambda'))))),
    set('sum', add(get('lambda'), get('delta'))),
    // if (λ + Δ < low) Δ = low − λ; else if (λ + Δ > high) Δ = high − λ.
    set(
      'delta',
      `(select ${sub(low, get('lambda'))} (select ${sub(high, get('lambda'))} ${get('delta')} (f64.gt ${sum} ${high})) (f64.lt ${sum} ${low}))`,
    ),
    `(f64.store offset=${8 * LAMBDA} ${r} ${add(get('lambda'), get('delta'))})`,
    set('ka', mul(get('ma'), get('delta'))),
    set('kb', mul(get('mb'), get('delta'))),
    set('vax', sub(get('vax'), mul(get('ka'), dx))),
    set('vay', sub(get('vay'), mul(get('ka'), dy))),
    set('vaz', sub(get('vaz'), mul(get('ka'), dz))),
    set('vbx', add(get('vbx'), mul(get('kb'), dx))),
    set('vby', add(get('vby'), mul(get('kb'), dy))),
    set('vbz', add(get('vbz'), mul(get('kb'), dz))),
    set('wax', add(get('wax'), mul(get('delta'), load(r, INERTIA_A)))),
    set('way', add(get('way'), mul(get('delta'), load(r, INERTIA_A + 1)))),
    set('waz', add(get('waz'), mul(get('delta'), load(r, INERTIA_A + 2)))),
    set('wbx', add(get('wbx'), mul(get('delta'), load(r, INERTIA_B)))),
    set('wby', add(get('wby'), mul(get('delta'), load(r, INERTIA_B + 1)))),
    set('wbz', add(get('wbz'), mul(get('delta'), load(r, INERTIA_B + 2)))),
  ].join('\n');
}

/** Byte address of body `who`'s running velocity changes ($who is BODY_WIDTH × its index). */
const bodyAt = (who: string): string =>
  `(i32.add (local.get $L) (i32.shl ${get(who)} (i32.const 3)))`;

/** Reads (or zeroes, for −1: a body that does not move) six running velocity changes. */
function readBody(who: string, names: string[]): string {
  return names
    .map(
      (name, k) =>
        `(if (i32.lt_s ${get(who)} (i32.const 0)) (then ${set(name, '(f64.const 0)')}) (else ${set(name, `(f64.load offset=${8 * k} ${bodyAt(who)})`)}))`,
    )
    .join('\n');
}

function writeBody(who: string, names: string[]): string {
  const stores = names.map((name, k) => `(f64.store offset=${8 * k} ${bodyAt(who)} ${get(name)})`);
  return `(if (i32.ge_s ${get(who)} (i32.const 0)) (then ${stores.join(' ')}))`;
}

/**
 * The module: memory imported as env.memory (shared for two threads, else not: a page without
 * cross-origin isolation has no shared memory), one
 * export `sweep(relax, from, to, header, bodies, firstPoint, rows, lambdas)` — positions
 * [from, to) of the order, the four arrays and the running velocity changes given as byte
 * addresses in that memory, laid out as ManifoldRows lays them out.
 */
export function sweepKernelText(shared: boolean): string {
  const h = get('h');
  const pointBytes = 8 * POINT_WIDTH;
  const f64Locals = [
    'ma',
    'mb',
    ...VELOCITY,
    'bound',
    'eps',
    'nx',
    'ny',
    'nz',
    'lambda',
    'delta',
    'sum',
    'ka',
    'kb',
    'low',
    'dx',
    'dy',
    'dz',
  ];
  const i32Locals = ['o', 'first', 'end', 'a', 'b', 'h', 'r', 'e', 'r0', 'rhs'];
  const friction = [0, 1]
    .map(
      (t) => `(local.set $r (i32.add (local.get $r0) (i32.const ${8 * t * ROW_WIDTH})))
      ${set('dx', load(h, 3 + 3 * t))} ${set('dy', load(h, 4 + 3 * t))} ${set('dz', load(h, 5 + 3 * t))}
      ${row(get('dx'), get('dy'), get('dz'), load(get('r'), RHS), get('eps'), get('low'), get('bound'))}`,
    )
    .join('\n');
  return `(module
 (import "env" "memory" (memory 1${shared ? ` ${MAX_SHARED_PAGES} shared` : ''}))
 (func (export "sweep") (param $relax i32) (param $from i32) (param $to i32) (param $H i32) (param $B i32) (param $F i32) (param $R i32) (param $L i32)
  ${i32Locals.map((n) => `(local $${n} i32)`).join(' ')}
  ${f64Locals.map((n) => `(local $${n} f64)`).join(' ')}
  (local.set $rhs (select (i32.const ${8 * RELAX_RHS}) (i32.const ${8 * RHS}) (local.get $relax)))
  (local.set $o (local.get $from))
  (block $done (loop $each
   (br_if $done (i32.ge_s (local.get $o) (local.get $to)))
   (local.set $first (i32.load (i32.add (local.get $F) (i32.shl (local.get $o) (i32.const 2)))))
   (local.set $end (i32.load offset=4 (i32.add (local.get $F) (i32.shl (local.get $o) (i32.const 2)))))
   (if (i32.ne (local.get $first) (local.get $end)) (then
    (local.set $a (i32.load (i32.add (local.get $B) (i32.shl (local.get $o) (i32.const 3)))))
    (local.set $b (i32.load offset=4 (i32.add (local.get $B) (i32.shl (local.get $o) (i32.const 3)))))
    (local.set $h (i32.add (local.get $H) (i32.mul (local.get $o) (i32.const ${8 * HEADER}))))
    ${set('ma', load(h, H_INV_MASS_A))} ${set('mb', load(h, H_INV_MASS_B))}
    ${readBody('a', VELOCITY.slice(0, 6))}
    ${readBody('b', VELOCITY.slice(6))}
    ${set('bound', load(h, H_BOUND))} ${set('eps', load(h, H_EPS))}
    ${set('nx', load(h, 0))} ${set('ny', load(h, 1))} ${set('nz', load(h, 2))}
    (local.set $r (i32.add (local.get $R) (i32.mul (local.get $first) (i32.const ${pointBytes}))))
    (local.set $e (i32.add (local.get $R) (i32.mul (local.get $end) (i32.const ${pointBytes}))))
    (block $normalDone (loop $normal
     (br_if $normalDone (i32.ge_s (local.get $r) (local.get $e)))
     ${row(get('nx'), get('ny'), get('nz'), `(f64.load (i32.add ${get('r')} ${get('rhs')}))`, get('eps'), '(f64.const 0)', `(f64.const ${MAX_NORMAL_IMPULSE})`)}
     (local.set $r (i32.add (local.get $r) (i32.const ${pointBytes})))
     (br $normal)))
    (if (f64.gt (local.get $bound) (f64.const 0)) (then
     ${set('eps', load(h, H_FRICTION_EPS))} ${set('low', '(f64.neg (local.get $bound))')}
     (local.set $r0 (i32.add (local.get $R) (i32.add (i32.mul (local.get $first) (i32.const ${pointBytes})) (i32.const ${8 * ROW_WIDTH}))))
     (block $frictionDone (loop $friction
      (br_if $frictionDone (i32.ge_s (local.get $r0) (local.get $e)))
      ${friction}
      (local.set $r0 (i32.add (local.get $r0) (i32.const ${pointBytes})))
      (br $friction)))))
    ${writeBody('a', VELOCITY.slice(0, 6))}
    ${writeBody('b', VELOCITY.slice(6))}
   ))
   (local.set $o (i32.add (local.get $o) (i32.const 1)))
   (br $each)))))
`;
}
