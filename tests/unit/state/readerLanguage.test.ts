// The readers of saved states, recordings, links and spawns say what is wrong in the page's
// language: the reasons are the tables' texts, the paths and values in them as written.

import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/i18n/language';
import { documentKind, expectKind, parseJsonText } from '../../../src/state/documentKind';
import { decodeShareFragment } from '../../../src/state/shareLink';
import { validateSpawnSpec } from '../../../src/state/spawnSpec';
import { parseState } from '../../../src/state/stateSchema';
import { DEFAULT_TUNING } from '../../../src/physics/world/tuning';

/** The message `run` throws (or '' when it throws nothing). */
async function thrown(run: () => unknown): Promise<string> {
  try {
    await run();
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

afterEach(() => setLanguage('en'));

describe('readers in Korean and Chinese', () => {
  it('ko: a file that is not JSON, of the other kind, a damaged link, a bad field, a bad spawn', async () => {
    setLanguage('ko');
    expect(await thrown(() => parseJsonText('파일 "a.json"', 'nope'))).toMatch(
      /^파일 "a\.json"은\(는\) JSON이 아니라서 저장 상태도 기록도 아닙니다/,
    );
    expect(
      await thrown(() =>
        expectKind('파일 "b.json"', { format: 'fixed-step-sandbox/recording' }, 'state'),
      ),
    ).toBe(
      '파일 "b.json"은(는) 기록이며, 저장 상태이(가) 아닙니다. "기록 불러오기…"(으)로 열거나 페이지에 끌어다 놓으세요.',
    );
    expect(await thrown(() => decodeShareFragment('#state=abc$def'))).toBe(
      '링크 #state=…: 3번째 문자 "$"은(는) base64url이 아닙니다. 쓸 수 있는 문자: A–Z, a–z, 0–9, -, _.',
    );
    expect(await thrown(() => parseState('{"format": 3}', DEFAULT_TUNING))).toMatch(
      /^저장 상태: format = 3: 올바르지 않은 값입니다\. 필요한 값: 'fixed-step-sandbox\/state' \(저장 상태이\(가\) 아닙니다\)\./,
    );
    expect(await thrown(() => validateSpawnSpec({ kind: 'sphere', scale: [1, 2, 3] }))).toBe(
      'spawn scale = [1,2,3]: 올바르지 않은 값입니다. 필요한 값: 공에 맞는 균일한 크기 (수 하나, 또는 x = y = z).',
    );
  });

  it('zh: the same, in Chinese', async () => {
    setLanguage('zh');
    expect(await thrown(() => documentKind('链接 #state=…', [1]))).toBe(
      "链接 #state=… 既不是保存的状态也不是录制：其中是 [1]；应为 format 为 'fixed-step-sandbox/state' 或 'fixed-step-sandbox/recording' 的对象。",
    );
    expect(await thrown(() => validateSpawnSpec({ kind: 'cylinder', scale: [1, 2, 3] }))).toBe(
      'spawn scale = [1,2,3] 无效：应为 x 等于 z 的圆柱尺寸 [r, halfHeight, r]。',
    );
  });

  it('en: the English the tests and the docs quote', async () => {
    expect(await thrown(() => parseJsonText('File "a.json"', 'nope'))).toMatch(
      /^File "a\.json" is not JSON, so not a saved state or a recording/,
    );
  });
});
