import { describe, expect, it } from 'vitest';
import { nodeVersionWarning } from './runtime.js';

describe('the runtime (decision 013)', () => {
  it('says nothing on Node.js 24 LTS, on 22, nor on newer', () => {
    for (const version of ['24.0.0', '24.21.0', '22.12.0', '22.22.1', '26.1.0']) {
      expect(nodeVersionWarning(version)).toBeUndefined();
    }
  });

  it('warns in one line on an older one, naming it and the supported one', () => {
    for (const version of ['20.19.0', '20.20.2', '21.7.3']) {
      const warning = nodeVersionWarning(version);
      expect(warning).toContain(`Node.js ${version}`);
      expect(warning).toContain('Node.js 24 LTS');
      expect(warning).not.toContain('\n');
    }
  });

  it('is the sentence `npm start` prints before it builds', async () => {
    const { readFile } = await import('node:fs/promises');
    const start = await readFile(new URL('../../../scripts/start.mjs', import.meta.url), 'utf8');
    const [before, after] = nodeVersionWarning('20.0.0')!.split('20.0.0');
    expect(start).toContain(`${before}\${node}${after}`);
  });
});
