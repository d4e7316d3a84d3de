/**
 * Command line: `npm run -s speech -- score …` from the repository root.
 *
 *   score --reference "TEXT" FILE              reading aloud, scored against TEXT
 *   score --task free-speech [--topic "…"] FILE open answer, recognised then scored
 *   score --task meeting FILE                   long recording, processed in segments
 *   score --batch LIST.tsv [--full]             lines "id<TAB>path<TAB>reference text"; models load once
 *
 * Prints JSON: one object for a file, one line per input for a batch. The batch line
 * ({id, overall, words[{word, score, phones[{phone, score}]}], …}) is the engine's external
 * benchmark interface: keep its fields stable.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { toBenchmarkLine } from './adapters/benchmark.ts';
import { createEngine, type SpeechEngine } from './analyze.ts';
import { SpeechInputError, type SpeechTask } from './types.ts';

const USAGE = `usage:
  score --reference "TEXT" FILE
  score --task free-speech [--topic "TOPIC"] FILE
  score --task meeting FILE
  score --batch LIST.tsv [--full]     (LIST lines: id<TAB>path<TAB>reference text)`;

/** npm runs workspace scripts in the package folder; resolve paths against where the user was. */
const userDir = process.env.INIT_CWD ?? process.cwd();

function resolvePath(path: string, baseDir = userDir): string {
  if (isAbsolute(path)) return path;
  const fromUser = resolve(userDir, path);
  return existsSync(fromUser) ? fromUser : resolve(baseDir, path);
}

function errorJson(err: unknown) {
  if (err instanceof SpeechInputError) return { code: err.code, message: err.message };
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ENOENT') return { code: 'NOT_FOUND', message: e.message };
  return { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}

async function batch(
  engine: SpeechEngine,
  listPath: string,
  task: SpeechTask,
  full: boolean,
): Promise<number> {
  const path = resolvePath(listPath);
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  let failures = 0;
  for (const line of lines) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [id, file, ...rest] = line.split('\t');
    const referenceText = rest.join(' ').trim();
    try {
      const audio = new Uint8Array(readFileSync(resolvePath(file ?? '', dirname(path))));
      const a = await engine.analyze({ audio, task: referenceText ? task : 'free-speech', referenceText });
      process.stdout.write(`${JSON.stringify({ id, ...(full ? a : toBenchmarkLine(a)) })}\n`);
    } catch (err) {
      failures++;
      process.stdout.write(`${JSON.stringify({ id, error: errorJson(err) })}\n`);
    }
  }
  return failures;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      reference: { type: 'string' },
      task: { type: 'string' },
      topic: { type: 'string' },
      batch: { type: 'string' },
      full: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const [command, file] = positionals;
  if (values.help || command !== 'score' || (!file && !values.batch)) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const task = (values.task ??
    (values.reference !== undefined || values.batch ? 'reading' : 'free-speech')) as SpeechTask;
  if (!['reading', 'free-speech', 'meeting'].includes(task)) {
    process.stderr.write(`unknown task "${task}"\n${USAGE}\n`);
    return 2;
  }
  if (task === 'reading' && !values.batch && !values.reference?.trim()) {
    process.stderr.write(`reading needs --reference "TEXT"\n${USAGE}\n`);
    return 2;
  }

  const engine = await createEngine();
  try {
    if (values.batch) {
      await batch(engine, values.batch, task, values.full ?? false);
      return 0;
    }
    try {
      const audio = new Uint8Array(readFileSync(resolvePath(file)));
      const a = await engine.analyze({ audio, task, referenceText: values.reference, topic: values.topic });
      process.stdout.write(`${JSON.stringify(a)}\n`);
      return 0;
    } catch (err) {
      process.stdout.write(`${JSON.stringify({ error: errorJson(err) })}\n`);
      return 1;
    }
  } finally {
    engine.dispose();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stdout.write(`${JSON.stringify({ error: errorJson(err) })}\n`);
    process.exitCode = 1;
  },
);
