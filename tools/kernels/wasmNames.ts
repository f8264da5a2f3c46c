// The compiled kernels' "name" section cut to the function names, so a CPU profile names each
// kernel (`sweepRows`, not `wasm-function[27]`) without the 5 KB the locals' names would add.

/** Reads the unsigned LEB128 at `at`: its value and where the next field starts. */
function readLeb(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at];
    shift += 7;
  }
}

/** `value` as unsigned LEB128 bytes. */
function leb(value: number): number[] {
  const out: number[] = [];
  do {
    const byte = value % 128;
    value = Math.floor(value / 128);
    out.push(value > 0 ? byte | 0x80 : byte);
  } while (value > 0);
  return out;
}

/**
 * The module with its "name" section cut to the function names: a CPU profile then names each
 * kernel (`sweepRows`, not `wasm-function[27]`) for about 400 bytes, where the locals' names
 * would add 5 KB a module. The module runs the same either way: names are a custom section.
 */
export function functionNamesOnly(bytes: Uint8Array): Uint8Array {
  let at = 8; // magic and version
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, body] = readLeb(bytes, at + 1);
    const end = body + size;
    if (id === 0) {
      const [nameLength, name] = readLeb(bytes, body);
      if (new TextDecoder().decode(bytes.subarray(name, name + nameLength)) === 'name') {
        const kept: number[] = [...bytes.subarray(body, name + nameLength)];
        let sub = name + nameLength;
        while (sub < end) {
          const [subSize, subBody] = readLeb(bytes, sub + 1);
          if (bytes[sub] === 1) kept.push(...bytes.subarray(sub, subBody + subSize));
          sub = subBody + subSize;
        }
        return Uint8Array.from([
          ...bytes.subarray(0, at),
          0,
          ...leb(kept.length),
          ...kept,
          ...bytes.subarray(end),
        ]);
      }
    }
    at = end;
  }
  return bytes;
}
