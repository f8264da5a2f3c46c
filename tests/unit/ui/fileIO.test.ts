// Opening files: a state and a recording are told apart by their content; too large is refused
// before a byte is read; not JSON, another kind, or the wrong kind for the picker are named.

import { describe, expect, it, vi } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import { encodeRecording } from '../../../src/state/recording';
import { encodeState } from '../../../src/state/stateSchema';
import { MAX_FILE_BYTES, readDocument } from '../../../src/ui/fileIO';

function jsonFile(name: string, value: unknown): File {
  return new File([JSON.stringify(value)], name, { type: 'application/json' });
}

async function madeDocuments(): Promise<{ state: unknown; recording: unknown }> {
  const sim = new Simulation('stack', {});
  await sim.timeline.record();
  for (let k = 0; k < 12; k++) sim.singleStep();
  const recording = encodeRecording(await sim.timeline.stopRecording());
  return { state: encodeState(await sim.timeline.saveState()), recording };
}

describe('readDocument', () => {
  it('tells a saved state from a recording by content, whatever the file is called', async () => {
    const { state, recording } = await madeDocuments();
    const a = await readDocument(jsonFile('recording.json', state), null);
    expect(a.kind).toBe('state');
    expect(a.value).toEqual(JSON.parse(JSON.stringify(state)));
    const b = await readDocument(jsonFile('state.txt', recording), null);
    expect(b.kind).toBe('recording');
    expect(b.value).toEqual(JSON.parse(JSON.stringify(recording)));
  });

  it('a picker for one kind refuses the other, naming both', async () => {
    const { state, recording } = await madeDocuments();
    await expect(readDocument(jsonFile('a.json', recording), 'state')).rejects.toThrow(
      /File "a.json" is a recording, not a saved state: open it with "load recording…"/,
    );
    await expect(readDocument(jsonFile('b.json', state), 'recording')).rejects.toThrow(
      /File "b.json" is a saved state, not a recording: open it with "load state…"/,
    );
    expect((await readDocument(jsonFile('c.json', state), 'state')).kind).toBe('state');
  });

  it('text that is not JSON is named as such', async () => {
    const file = new File(['\u0000\u00ff garbage {'], 'noise.bin');
    await expect(readDocument(file, null)).rejects.toThrow(
      /File "noise.bin" is not JSON, so not a saved state or a recording/,
    );
  });

  it('JSON of another kind: its format is quoted and the valid ones listed', async () => {
    await expect(
      readDocument(jsonFile('x.json', { format: 'other', version: 1 }), null),
    ).rejects.toThrow(
      /File "x.json" is not a saved state or a recording: format = "other"; expected 'fixed-step-sandbox\/state' or 'fixed-step-sandbox\/recording'/,
    );
    await expect(readDocument(jsonFile('y.json', [1, 2]), null)).rejects.toThrow(
      /File "y.json" is not a saved state or a recording: it holds \[1,2\]/,
    );
  });

  it('a file over the limit is refused by its size, before it is read', async () => {
    const big = new File([new Uint8Array(MAX_FILE_BYTES.state + 1)], 'big.json');
    const read = vi.spyOn(big, 'text');
    await expect(readDocument(big, 'state')).rejects.toThrow(
      /File "big.json" is 16777217 bytes; a saved state is at most 16777216 bytes \(16 MiB\), so it was not read/,
    );
    expect(read).not.toHaveBeenCalled();
    // The same size is within a recording's limit (and a drop's): read, and refused as not JSON.
    await expect(readDocument(big, null)).rejects.toThrow(/is not JSON/);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('a dropped file is held to the limit of what it holds: a state over 16 MiB is refused', async () => {
    const padded = (format: string): File => {
      const head = `{"format":"${format}","version":1,"pad":"`;
      const pad = 'x'.repeat(MAX_FILE_BYTES.state + 1 - head.length - 2);
      return new File([head, pad, '"}'], 'padded.json');
    };
    const state = padded('fixed-step-sandbox/state');
    expect(state.size).toBe(MAX_FILE_BYTES.state + 1);
    await expect(readDocument(state, null)).rejects.toThrow(
      'File "padded.json" is 16777217 bytes and holds a saved state, which is at most 16777216 bytes (16 MiB), so it was not opened.',
    );
    // A recording of that size is within its own limit: opened (its fields are checked on load).
    expect((await readDocument(padded('fixed-step-sandbox/recording'), null)).kind).toBe(
      'recording',
    );
  });

  it('a file name is user text: quoted and cut short in the message', async () => {
    const name = `${'<img src=x onerror=alert(1)>'.repeat(10)}.json`;
    const error = await readDocument(jsonFile(name, 5), null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message.length).toBeLessThan(220);
    expect((error as Error).message).toMatch(/^File "<img src=x onerror=alert\(1\)>/);
  });
});
