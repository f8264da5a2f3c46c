// What a file or a link holds, told by its `format` (issue 44, finding 7): a format named like a
// member of Object.prototype is an unknown format like any other, never found through the
// prototype (which made a link "hold undefined … altered").

import { describe, expect, it } from 'vitest';
import { documentKind } from '../../../src/state/documentKind';
import { decodeShareFragment, encodeShareFragment } from '../../../src/state/shareLink';

describe('format values named like Object.prototype members (finding 7)', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'format = %s is named as an unknown format',
    (format) => {
      expect(() => documentKind('File "x.json"', { format })).toThrow(
        `File "x.json" is not a saved state or a recording: format = "${format}"; expected 'fixed-step-sandbox/state' or 'fixed-step-sandbox/recording'.`,
      );
    },
  );

  it('a link whose content has such a format is named, not "holds undefined"', async () => {
    const fragment = await encodeShareFragment('state', { format: 'constructor' });
    await expect(decodeShareFragment(fragment)).rejects.toThrow(
      /^Link #state=… is not a saved state or a recording: format = "constructor"/,
    );
  });
});
