/**
 * The recognition models `npm run models:download -- NAME` can fetch, pinned by URL, size and
 * SHA-256, and the download itself: stream to a temporary file while hashing, refuse any byte that
 * does not match the pin, unpack with the system's `tar`, check the folder holds a model the
 * sherpa-onnx recogniser can run, then move it into place. Nothing here runs at server start.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { detectSherpaModel } from '../src/asr/sherpa-model.ts';

export interface CatalogueModel {
  name: string;
  /** What the user gets, in one line. */
  about: string;
  url: string;
  /** SHA-256 of the archive, lower-case hex. */
  sha256: string;
  bytes: number;
  /** The folder the archive unpacks to. */
  folder: string;
  licence: string;
}

const RELEASES = 'https://github.com/k2-fsa/sherpa-onnx/releases/download/asr-models';

// sherpa-onnx publishes archives under a rolling release tag, so the digest is the pin. The digests
// and sizes below were not computed on this (offline) machine: each is quoted identically by several
// unrelated public projects that download and verify these archives (see docs/decisions/010).
export const MODELS: CatalogueModel[] = [
  {
    name: 'moonshine-tiny-en',
    about: 'Moonshine tiny, English, int8 (27 M parameters, fast on CPU)',
    url: `${RELEASES}/sherpa-onnx-moonshine-tiny-en-int8.tar.bz2`,
    sha256: 'd5fe6ec4334fef36255b2a4010412cad4c007e33103fec62fb5d17cad88086f2',
    bytes: 107_600_538,
    folder: 'sherpa-onnx-moonshine-tiny-en-int8',
    licence: 'MIT (Useful Sensors)',
  },
  {
    name: 'whisper-base-en',
    about: 'Whisper base.en (74 M parameters; int8 files are used)',
    url: `${RELEASES}/sherpa-onnx-whisper-base.en.tar.bz2`,
    sha256: '475bc7052ce299c007f6d5d5407ba8601f819a2867f6eecee510ed17df581542',
    bytes: 208_576_005,
    folder: 'sherpa-onnx-whisper-base.en',
    licence: 'MIT (OpenAI)',
  },
  {
    name: 'zipformer-small-en',
    about:
      'Zipformer small transducer, English, trained on LibriSpeech read speech (token times and probabilities)',
    url: `${RELEASES}/sherpa-onnx-zipformer-small-en-2023-06-26.tar.bz2`,
    sha256: 'c8bff1091c26c49731cddbcd60ef18061142ea11523df1b73bf1b14451b9c15e',
    bytes: 112_232_184,
    folder: 'sherpa-onnx-zipformer-small-en-2023-06-26',
    licence: 'Apache-2.0 (k2-fsa/icefall)',
  },
];

/** Raised for every refusal; the CLI prints its message and exits 1. */
export class DownloadError extends Error {}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (err) => fail(new DownloadError(`${cmd}: ${err.message}`)));
    child.on('close', (code) =>
      code === 0 ? ok() : fail(new DownloadError(`${cmd} ${args.join(' ')} failed: ${stderr.trim()}`)),
    );
  });
}

/** Streams `url` to `file`, hashing on the way; returns the hex digest and byte count. */
async function fetchTo(url: string, file: string, log: (line: string) => void) {
  const response = await fetch(url, { redirect: 'follow' }).catch((err: Error) => {
    throw new DownloadError(
      `could not reach ${url}: ${err.cause instanceof Error ? err.cause.message : err.message}`,
    );
  });
  if (!response.ok || !response.body) throw new DownloadError(`${url} answered ${response.status}`);
  const hash = createHash('sha256');
  let bytes = 0;
  let shown = 0;
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  body.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
    if (bytes - shown >= 16 * 1024 * 1024) {
      shown = bytes;
      log(`  ${(bytes / 1e6).toFixed(0)} MB`);
    }
  });
  await pipeline(body, createWriteStream(file));
  return { sha256: hash.digest('hex'), bytes };
}

export interface DownloadOptions {
  /** Where the model folder goes. Default ./models/NAME (from the current directory). */
  target?: string;
  log?: (line: string) => void;
}

/**
 * Downloads, verifies and unpacks one model; returns the absolute folder to put in ASR_MODEL_DIR.
 * A target that already holds a model is kept as it is (no download).
 */
export async function downloadModel(model: CatalogueModel, options: DownloadOptions = {}): Promise<string> {
  const log = options.log ?? (() => {});
  const target = resolve(options.target ?? join('models', model.name));
  if (existsSync(target)) {
    try {
      detectSherpaModel(target);
      log(`${target} already holds a model; nothing downloaded`);
      return target;
    } catch {
      if (readdirSync(target).length > 0) throw new DownloadError(`${target} exists and is not empty`);
    }
  }
  mkdirSync(dirname(target), { recursive: true });
  const work = mkdtempSync(join(dirname(target), `.${model.name}-`));
  try {
    const archive = join(work, 'archive');
    log(`downloading ${model.url} (${(model.bytes / 1e6).toFixed(1)} MB)`);
    const got = await fetchTo(model.url, archive, log);
    if (got.sha256 !== model.sha256) {
      throw new DownloadError(
        `SHA-256 mismatch for ${model.url}: expected ${model.sha256}, got ${got.sha256} (${got.bytes} bytes); nothing was kept`,
      );
    }
    log('verified; unpacking');
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    const flag = model.url.endsWith('.tar.bz2') ? '-xjf' : model.url.endsWith('.tar.gz') ? '-xzf' : '-xf';
    await run('tar', [flag, archive, '-C', unpacked, '--no-same-owner']).catch((err: Error) => {
      throw new DownloadError(
        `${err.message}${flag === '-xjf' ? ' (tar needs bzip2: apt-get install bzip2)' : ''}`,
      );
    });
    const folder = join(unpacked, model.folder);
    try {
      detectSherpaModel(folder);
    } catch (err) {
      throw new DownloadError(`the archive did not unpack to a usable model: ${(err as Error).message}`);
    }
    if (existsSync(target)) rmSync(target, { recursive: true });
    renameSync(folder, target);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
