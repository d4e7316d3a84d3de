import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

/** The sherpa-onnx model families this recogniser can run offline. */
export const SHERPA_MODEL_TYPES = [
  'transducer',
  'moonshine',
  'whisper',
  'zipformer-ctc',
  'nemo-ctc',
  'wenet-ctc',
  'tdnn',
] as const;
export type SherpaModelType = (typeof SHERPA_MODEL_TYPES)[number];

/** Optional `agaton-asr.json` in the model folder: names the family when file names cannot. */
export const MANIFEST_FILE = 'agaton-asr.json';

/** A model folder, resolved to absolute file paths per role. */
export interface SherpaModel {
  type: SherpaModelType;
  dir: string;
  /** Folder name, used in the transcript's `engine`. */
  name: string;
  tokens: string;
  /** Role → absolute path, e.g. encoder/decoder/joiner for a transducer, model for CTC. */
  files: Record<string, string>;
}

/** ASR_MODEL_DIR does not hold a model we can run; the message says what was found and what is needed. */
export class SherpaModelError extends Error {}

const CTC_TYPES = new Set<SherpaModelType>(['zipformer-ctc', 'nemo-ctc', 'wenet-ctc', 'tdnn']);

/** Per file role, how its name looks in sherpa-onnx's published archives. */
const ROLE_PATTERNS: Record<string, RegExp> = {
  encoder: /encoder[^/]*\.onnx$/,
  decoder: /decoder[^/]*\.onnx$/,
  joiner: /joiner[^/]*\.onnx$/,
  preprocessor: /^preprocess[^/]*\.onnx$/,
  moonshineEncoder: /^encode[.-][^/]*onnx$/,
  uncachedDecoder: /^uncached_decode[^/]*\.onnx$/,
  cachedDecoder: /^cached_decode[^/]*\.onnx$/,
  model: /^model[^/]*\.onnx$/,
};

/** The file for a role; int8 exports are preferred (a quarter of the size, faster on CPU). */
function pick(names: string[], role: string): string | undefined {
  const matches = names.filter((n) => ROLE_PATTERNS[role].test(n)).sort();
  return matches.find((n) => n.includes('.int8.')) ?? matches[0];
}

function readManifest(dir: string): { type?: SherpaModelType } {
  const file = join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new SherpaModelError(`${file} is not valid JSON`);
  }
  const type = (parsed as { type?: unknown }).type;
  if (type !== undefined && !SHERPA_MODEL_TYPES.includes(type as SherpaModelType)) {
    throw new SherpaModelError(
      `${file}: type must be one of ${SHERPA_MODEL_TYPES.join(', ')} (got ${JSON.stringify(type)})`,
    );
  }
  return { type: type as SherpaModelType | undefined };
}

function guessType(has: (role: string) => boolean): SherpaModelType | undefined {
  if (has('preprocessor') && has('moonshineEncoder') && has('uncachedDecoder') && has('cachedDecoder')) {
    return 'moonshine';
  }
  if (has('encoder') && has('decoder') && has('joiner')) return 'transducer';
  if (has('encoder') && has('decoder')) return 'whisper';
  return undefined;
}

const ROLES_OF: Record<SherpaModelType, string[]> = {
  transducer: ['encoder', 'decoder', 'joiner'],
  moonshine: ['preprocessor', 'moonshineEncoder', 'uncachedDecoder', 'cachedDecoder'],
  whisper: ['encoder', 'decoder'],
  'zipformer-ctc': ['model'],
  'nemo-ctc': ['model'],
  'wenet-ctc': ['model'],
  tdnn: ['model'],
};

/**
 * Finds the model in a folder from its file names (sherpa-onnx's archives, unpacked as published):
 * `preprocess`/`encode`/`uncached_decode`/`cached_decode` → Moonshine; `encoder`/`decoder`/`joiner` →
 * transducer (zipformer); `encoder`/`decoder` → Whisper; a single `model*.onnx` is a CTC model whose
 * family `agaton-asr.json` must name (`{"type": "nemo-ctc"}`), since the files look alike. Tokens come
 * from `tokens.txt` or `*-tokens.txt`. Throws {@link SherpaModelError} naming what is missing.
 */
export function detectSherpaModel(modelDir: string): SherpaModel {
  const dir = resolve(modelDir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new SherpaModelError(`${dir} is not a folder`);
  }
  const names = readdirSync(dir);
  const { type: declared } = readManifest(dir);
  const has = (role: string) => pick(names, role) !== undefined;
  const type = declared ?? guessType(has);
  if (!type) {
    const onnx = names.filter((n) => n.endsWith('.onnx'));
    const hint = has('model')
      ? `; ${onnx.join(', ')} could be any CTC family: add ${MANIFEST_FILE} with {"type": "${[...CTC_TYPES].join('" | "')}"}`
      : '; expected sherpa-onnx Moonshine, Whisper, transducer or CTC files (see packages/speech/README.md)';
    throw new SherpaModelError(
      `${dir} holds no recognisable sherpa-onnx model (found ${onnx.length ? onnx.join(', ') : 'no .onnx file'})${hint}`,
    );
  }
  const files: Record<string, string> = {};
  for (const role of ROLES_OF[type]) {
    const name = pick(names, role);
    if (!name) throw new SherpaModelError(`${dir}: a ${type} model needs a ${role} file (.onnx)`);
    files[role] = join(dir, name);
  }
  const tokens = names.includes('tokens.txt')
    ? 'tokens.txt'
    : names.filter((n) => n.endsWith('tokens.txt')).sort()[0];
  if (!tokens) throw new SherpaModelError(`${dir}: no tokens.txt`);
  return { type, dir, name: basename(dir), tokens: join(dir, tokens), files };
}
