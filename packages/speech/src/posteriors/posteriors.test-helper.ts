import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readWav16k } from '../../calibration/dataset.ts';
import { DEBIAN_EN_US_MODEL } from './model.ts';

/** Reference cepstra written by `sphinx_fe` (see the README there). */
export const SPHINX_FE_DIR = fileURLToPath(new URL('../../test/fixtures/sphinx-fe/', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('../../test/fixtures/', import.meta.url));

const hasCommand = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** Debian `pocketsphinx-en-us`. */
export const MODEL_AVAILABLE = existsSync(join(DEBIAN_EN_US_MODEL, 'mdef'));
/** Debian `sphinxbase-utils`. */
export const SPHINX_FE_AVAILABLE = hasCommand('sphinx_fe');
/** Debian `pocketsphinx`. */
export const POCKETSPHINX_AVAILABLE = hasCommand('pocketsphinx_batch');
/** Debian `flite`. */
export const FLITE_AVAILABLE = hasCommand('flite');

/** A test's name, with why it is skipped appended when `available` is false. */
export const needs = (name: string, available: boolean, what: string) =>
  available ? name : `${name} (skipped: ${what} is not installed)`;

/** Cepstra in Sphinx's `.mfc` format: int32 count of floats, then float32 values (little-endian). */
export function readMfc(path: string): Float32Array {
  const buf = readFileSync(path);
  const n = buf.readInt32LE(0);
  if (4 + 4 * n !== buf.length) throw new Error(`${path}: not a little-endian .mfc file`);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = buf.readFloatLE(4 + 4 * i);
  return out;
}

/** Runs `sphinx_fe` with the model's feat.params on a 16 kHz mono WAV and returns its cepstra. */
export function sphinxFe(wav: string, removeNoise = true): Float32Array {
  const dir = mkdtempSync(join(tmpdir(), 'sphinx-fe-'));
  try {
    const out = join(dir, 'out.mfc');
    execFileSync(
      'sphinx_fe',
      [
        ...['-argfile', join(DEBIAN_EN_US_MODEL, 'feat.params'), '-mswav', 'yes', '-remove_silence', 'no'],
        ...['-remove_noise', removeNoise ? 'yes' : 'no', '-i', wav, '-o', out],
      ],
      { stdio: 'ignore' },
    );
    return readMfc(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * PocketSphinx's own scores of the CI senones (`pocketsphinx_batch -senlogdir`, every senone in
 * every frame, one pass, no lookahead), in nats relative to the frame's best senone of any kind:
 * `out[t * nCi + s]`.
 */
export function pocketsphinxSenones(wav: string, nCi: number, unitNats: number): Float64Array[] {
  const dir = mkdtempSync(join(tmpdir(), 'ps-senones-'));
  try {
    execFileSync('cp', [wav, join(dir, 'utt.wav')]);
    execFileSync('sh', ['-c', `echo utt > ${join(dir, 'ctl')}`]);
    const root = DEBIAN_EN_US_MODEL.replace(/\/en-us$/, '');
    execFileSync(
      'pocketsphinx_batch',
      [
        ...[
          '-hmm',
          DEBIAN_EN_US_MODEL,
          '-lm',
          join(root, 'en-us.lm.bin'),
          '-dict',
          join(root, 'cmudict-en-us.dict'),
        ],
        ...['-ctl', join(dir, 'ctl'), '-cepdir', dir, '-cepext', '.wav', '-adcin', 'yes', '-adchdr', '44'],
        ...['-remove_silence', 'no', '-compallsen', 'yes', '-fwdflat', 'no', '-bestpath', 'no'],
        ...['-pl_window', '0', '-senlogdir', dir, '-hyp', join(dir, 'hyp')],
      ],
      { stdio: 'ignore' },
    );
    const buf = readFileSync(join(dir, '000000000.sen'));
    let pos = buf.indexOf('endhdr\n') + 7 + 4;
    const frames: Float64Array[] = [];
    while (pos < buf.length) {
      const n = buf.readInt16LE(pos);
      pos += 2;
      const row = new Float64Array(nCi);
      for (let s = 0; s < nCi; s++) row[s] = -buf.readInt16LE(pos + 2 * s) * unitNats;
      pos += 2 * n;
      frames.push(row);
    }
    return frames;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One phone of a flite utterance: its label and start/end in seconds (`flite -psdur`). */
export interface FlitePhone {
  phone: string;
  start: number;
  end: number;
}

/** Speech from flite (`-p` phones or `-t` text), 16 kHz, with flite's own phone segmentation. */
export function flite(
  input: { phones: string } | { text: string },
  voice: string,
  stretch = 1,
): { samples: Float32Array; segments: FlitePhone[] } {
  const dir = mkdtempSync(join(tmpdir(), 'flite-'));
  try {
    const wav = join(dir, 'out.wav');
    const what = 'phones' in input ? ['-p', input.phones] : ['-t', input.text];
    const printed = execFileSync(
      'flite',
      ['-voice', voice, '--setf', `duration_stretch=${stretch}`, ...what, '-o', wav, '-psdur'],
      { encoding: 'utf8' },
    );
    const segments: FlitePhone[] = [];
    let start = 0;
    for (const item of printed.trim().split(/\s+/)) {
      const [phone, end] = item.split(':');
      segments.push({ phone, start, end: Number(end) });
      start = Number(end);
    }
    return { samples: readWav16k(wav).samples, segments };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
