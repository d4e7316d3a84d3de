import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueModel, DownloadError, downloadModel, MODELS } from '../scripts/model-catalogue.ts';
import { detectSherpaModel } from '../src/asr/index.ts';

// A real HTTP server on loopback serves a real archive (the tiny test model, tarred with gzip, which
// every Debian has; the pinned models are .tar.bz2 and take the same path with bzip2).
const TINY = fileURLToPath(new URL('./fixtures/tiny-asr/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'agaton-download-'));
let archive: Buffer;
let server: Server;
let base: string;
let requests = 0;

beforeAll(async () => {
  execFileSync('tar', ['-czf', join(work, 'tiny.tar.gz'), '-C', join(TINY, '..'), 'tiny-asr']);
  archive = readFileSync(join(work, 'tiny.tar.gz'));
  server = createServer((req, res) => {
    requests++;
    if (req.url === '/tiny.tar.gz') res.end(archive);
    else if (req.url === '/moved') res.writeHead(302, { location: '/tiny.tar.gz' }).end();
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(work, { recursive: true, force: true });
});

const entry = (over: Partial<CatalogueModel> = {}): CatalogueModel => ({
  name: 'tiny',
  about: 'test',
  url: `${base}/moved`,
  sha256: createHash('sha256').update(archive).digest('hex'),
  bytes: archive.length,
  folder: 'tiny-asr',
  licence: 'test',
  ...over,
});

describe('models:download', () => {
  it('downloads (following a redirect), verifies, unpacks and returns the folder for ASR_MODEL_DIR', async () => {
    const target = join(work, 'models', 'tiny');
    const dir = await downloadModel(entry(), { target });
    expect(dir).toBe(target);
    expect(detectSherpaModel(dir).type).toBe('zipformer-ctc');
    expect(readFileSync(join(dir, 'model.onnx')).equals(readFileSync(join(TINY, 'model.onnx')))).toBe(true);
    // No temporary folder is left beside it.
    expect(readdirSync(join(work, 'models'))).toEqual(['tiny']);

    const before = requests;
    await expect(downloadModel(entry(), { target })).resolves.toBe(target);
    expect(requests).toBe(before); // already there: nothing fetched
  });

  it('refuses an archive whose SHA-256 differs from the pin and keeps nothing', async () => {
    const target = join(work, 'bad', 'tiny');
    const wrong = entry({ sha256: '0'.repeat(64) });
    await expect(downloadModel(wrong, { target })).rejects.toThrow(/SHA-256 mismatch.*nothing was kept/);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(join(work, 'bad'))).toEqual([]);
  });

  it('reports HTTP errors and unreachable hosts as DownloadError', async () => {
    await expect(
      downloadModel(entry({ url: `${base}/missing.tar.gz` }), { target: join(work, 'x') }),
    ).rejects.toThrow(/answered 404/);
    await expect(
      downloadModel(entry({ url: 'http://127.0.0.1:9/none.tar.gz' }), { target: join(work, 'y') }),
    ).rejects.toBeInstanceOf(DownloadError);
  });

  it('refuses an archive that does not hold the model folder it promised', async () => {
    await expect(downloadModel(entry({ folder: 'other' }), { target: join(work, 'z') })).rejects.toThrow(
      /did not unpack to a usable model/,
    );
  });

  it('pins every catalogue model by https URL, size and a 64-hex SHA-256', () => {
    expect(MODELS.map((m) => m.name)).toEqual(['moonshine-tiny-en', 'whisper-base-en', 'zipformer-small-en']);
    for (const m of MODELS) {
      expect(m.url).toMatch(
        /^https:\/\/github\.com\/k2-fsa\/sherpa-onnx\/releases\/download\/asr-models\/.+\.tar\.bz2$/,
      );
      expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(m.bytes).toBeGreaterThan(1e7);
    }
  });
});
