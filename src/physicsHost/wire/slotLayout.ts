// The byte layout of one published physics step: a small header and, per body, fixed-width
// fields (poses, flags, ids) in one buffer, so a step can be written by the physics thread and
// read by the page through typed-array views made once — shared memory or a transferred buffer.

/** Element types a field may have; each is a typed array over the slot's buffer. */
export type FieldType = 'f64' | 'f32' | 'i32' | 'u8';

/** One per-body field: `width` elements of `type` per body, body i at `width · i`. */
export interface FieldSpec {
  readonly name: string;
  readonly type: FieldType;
  readonly width: number;
}

/** Views over one slot, by field name, plus its header. */
export interface SlotViews {
  /** Header integers; index 0 is the publication sequence number (see HEADER_SEQ). */
  readonly header: Int32Array;
  /** Header reals (costs, times). */
  readonly reals: Float64Array;
  readonly fields: Readonly<Record<string, Float64Array | Float32Array | Int32Array | Uint8Array>>;
}

/** Header integer holding the publication number; −1 while the slot is being written. */
export const HEADER_SEQ = 0;
/** Header integer holding the capacity the slot was laid out for (a transferred slot says it). */
export const HEADER_CAPACITY = 1;
/** The first header integer a ring's user may give a meaning (step, body count, …). */
export const FIRST_USER_HEADER = 2;
/** Integers and reals every slot header carries (the ring's users name their meaning). */
export const HEADER_INTS = 16;
export const HEADER_REALS = 8;
const HEADER_BYTES = 4 * HEADER_INTS + 8 * HEADER_REALS;

const BYTES: Record<FieldType, number> = { f64: 8, f32: 4, i32: 4, u8: 1 };

function align8(bytes: number): number {
  return (bytes + 7) & ~7;
}

/**
 * Where each field starts in a slot for `capacity` bodies. Fields are laid out in the order
 * given, each starting on an 8-byte boundary so Float64Array views are legal.
 */
export class SlotLayout {
  readonly fields: readonly FieldSpec[];
  readonly capacity: number;
  readonly byteLength: number;
  private readonly offsets: number[];

  /**
   * @param fields per-body fields, in layout order; names must be unique.
   * @param capacity bodies a slot has room for (a positive integer).
   */
  constructor(fields: readonly FieldSpec[], capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new Error(`Slot capacity = ${capacity} is invalid: expected a positive integer.`);
    }
    const names = new Set<string>();
    for (const field of fields) {
      if (names.has(field.name)) throw new Error(`Slot field '${field.name}' appears twice.`);
      names.add(field.name);
    }
    this.fields = fields;
    this.capacity = capacity;
    this.offsets = [];
    let offset = HEADER_BYTES;
    for (const field of fields) {
      this.offsets.push(offset);
      offset = align8(offset + BYTES[field.type] * field.width * capacity);
    }
    this.byteLength = offset;
  }

  /** Typed-array views of the slot that starts at `byteOffset` in `buffer`. */
  views(buffer: ArrayBufferLike, byteOffset = 0): SlotViews {
    const fields: Record<string, Float64Array | Float32Array | Int32Array | Uint8Array> = {};
    for (let f = 0; f < this.fields.length; f++) {
      const spec = this.fields[f];
      const start = byteOffset + this.offsets[f];
      const length = spec.width * this.capacity;
      fields[spec.name] =
        spec.type === 'f64'
          ? new Float64Array(buffer, start, length)
          : spec.type === 'f32'
            ? new Float32Array(buffer, start, length)
            : spec.type === 'i32'
              ? new Int32Array(buffer, start, length)
              : new Uint8Array(buffer, start, length);
    }
    const header = new Int32Array(buffer, byteOffset, HEADER_INTS);
    header[HEADER_CAPACITY] = this.capacity;
    return {
      header,
      reals: new Float64Array(buffer, byteOffset + 4 * HEADER_INTS, HEADER_REALS),
      fields,
    };
  }
}
