import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const pkg = fileURLToPath(new URL('..', import.meta.url));
const fixtures = join(pkg, 'test/fixtures');
const cli = (args: string[]) =>
  run('npx', ['tsx', 'src/cli.ts', ...args], { cwd: pkg, env: { ...process.env, INIT_CWD: pkg } });

describe('speech CLI', () => {
  it('scores a batch list: one JSON line per input, with its id, overall scores and phones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'speech-cli-'));
    const list = join(dir, 'list.tsv');
    writeFileSync(
      list,
      [
        `good\t${join(fixtures, 'good-reading.wav')}\tTHE GOOD THING IS THAT WE CAN SEE THE GAME`,
        `quiet\t${join(fixtures, 'silent.wav')}\tHELLO THERE`,
        `webm\t${join(fixtures, 'good-reading.webm')}\tTHE GOOD THING IS THAT WE CAN SEE THE GAME`,
      ].join('\n'),
    );
    const { stdout } = await cli(['score', '--batch', list]);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual(['good', 'quiet', 'webm']);
    const [good, quiet, webm] = lines;
    for (const key of ['pronunciation', 'fluency', 'prosody', 'completeness', 'total']) {
      expect(good.overall[key]).toBeGreaterThanOrEqual(0);
      expect(good.overall[key]).toBeLessThanOrEqual(100);
    }
    expect(good.words).toHaveLength(10);
    expect(good.words[1]).toMatchObject({
      word: 'GOOD',
      phones: [{ phone: 'G' }, { phone: 'UH' }, { phone: 'D' }],
    });
    expect(typeof good.words[1].phones[0].score).toBe('number');
    expect(quiet.error.code).toBe('SILENT');
    expect(Math.abs(webm.overall.total - good.overall.total)).toBeLessThan(10);
  }, 60_000);

  it('prints a JSON error and exits non-zero for a corrupt file', async () => {
    const err = await cli(['score', '--reference', 'HELLO', join(fixtures, 'corrupt.webm')]).catch((e) => e);
    expect(err.code).toBe(1);
    expect(JSON.parse(err.stdout).error.code).toBe('CORRUPT');
  }, 30_000);
});
