import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DATASET_AVAILABLE,
  DATASET_DIR,
  FIXTURE_DIR,
  loadScores,
  needsDataset,
} from '../calibration/dataset.ts';

/**
 * A bare clone has no `../shared` beside it, so its tests must pass without it: tests reach the data
 * sets only through calibration/dataset.ts (`DATASET_DIR`, `sharedDataset`), read the committed
 * recordings in test/fixtures/speechocean762 (`FIXTURE_DIR`), and a test needing the whole dev set
 * skips with the reason in its name when `DATASET_AVAILABLE` is false. Benches use the same helper
 * (`requireDataset`: one line saying why, exit 0); they are not checked here.
 */
const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const HELPER = 'packages/speech/calibration/dataset.ts';
const SELF = 'packages/speech/test/no-shared.test.ts';
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report']);

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|tsx|mts|js|mjs|cjs)$/.test(name)) out.push(relative(ROOT, path));
  }
  return out;
}

/** The code without its comments (a comment may name the folder; only code must not reach it). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Test code: files under test/ or e2e/, and *.test.*, *.spec.* and *.test-helper.* files anywhere. */
const isTestCode = (f: string) =>
  /(^|\/)(test|e2e)\//.test(f) || /\.(test|spec|test-helper)\.[cm]?[jt]sx?$/.test(f);
const files = sources(ROOT).filter((f) => f !== HELPER && f !== SELF && isTestCode(f));

describe('a bare clone runs the tests', () => {
  it('tests reach ../shared and SPEECHOCEAN_DIR only through calibration/dataset.ts', () => {
    const offenders = files.filter((f) =>
      /\.\.\/shared\b|shared\/datasets|SPEECHOCEAN_DIR/.test(code(readFileSync(join(ROOT, f), 'utf8'))),
    );
    expect(offenders, `use sharedDataset / DATASET_DIR / FIXTURE_DIR from ${HELPER}`).toEqual([]);
  });

  it('a test needing the whole dev set skips when it is absent (DATASET_AVAILABLE)', () => {
    const wholeSet = /\bDATASET_DIR\b|\bloadScores\(\s*\)|\bloadSamples\(|\bdevItems\(/;
    const offenders = files.filter((f) => {
      const text = code(readFileSync(join(ROOT, f), 'utf8'));
      return wholeSet.test(text) && !/\bDATASET_AVAILABLE\b/.test(text);
    });
    expect(offenders, 'read FIXTURE_DIR, or skipIf(!DATASET_AVAILABLE) with needsDataset(name)').toEqual([]);
  });

  it('the committed dev-set recordings have labels, 16 kHz WAVs and attribution, under 1 MB', () => {
    const utts = loadScores(FIXTURE_DIR);
    expect(utts.length).toBeGreaterThan(0);
    let bytes = 0;
    for (const u of utts) {
      const wav = readFileSync(join(FIXTURE_DIR, u.wav));
      expect(wav.readUInt32LE(24), u.id).toBe(16000);
      bytes += wav.length;
    }
    expect(bytes).toBeLessThan(1_000_000);
    const readme = readFileSync(join(FIXTURE_DIR, 'README.md'), 'utf8');
    expect(readme).toContain('speechocean762: An Open-Source Non-native English Speech Corpus');
    for (const u of utts) expect(readme).toContain(u.id);
  });

  it.skipIf(!DATASET_AVAILABLE)(
    needsDataset('the committed recordings and labels are identical to the dev set'),
    () => {
      const dev = new Map(loadScores().map((u) => [u.id, u]));
      for (const u of loadScores(FIXTURE_DIR)) {
        expect(u).toEqual(dev.get(u.id));
        const same = readFileSync(join(FIXTURE_DIR, u.wav)).equals(readFileSync(join(DATASET_DIR, u.wav)));
        expect(same, u.id).toBe(true);
      }
    },
  );
});
