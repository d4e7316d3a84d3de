/**
 * Builds a QA agreement set (set-types.ts SETS) from its text source (see calls.txt's header):
 * <calls>/<id>.json in the contracts' jsonTranscriptSchema format, the keys file (answer keys and
 * expected citations per call), and for the calls marked `audio` a two-voice recording (flite: agent
 * 'slt' on the left channel, customer 'rms' on the right) committed as Ogg Opus (<audio>/<id>.ogg; the
 * bench turns it back into a two-channel WAV before upload). Audio calls take their JSON times from
 * the synthesised speech, the others from their word counts. Run:
 * `npx tsx apps/api/bench/qa-set/build-set.ts` (the agreement set: calls.txt → calls/, keys.json,
 * audio/) or `npx tsx apps/api/bench/qa-set/build-set.ts prose` (the held-out prose set:
 * prose-calls.txt → prose-calls/, prose-keys.json, prose-audio/; every question keyed explicitly).
 * One set per run: Opus files differ from run to run, so building one set leaves the other's alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type KeyAnswer, SETS, type SetCall, type SetName, type SetScorecards } from './set-types.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const RATE = 16_000;
const GAP_SECONDS = 0.6;

type SetFiles = (typeof SETS)[SetName];

function parse(text: string, scorecards: SetScorecards, set: SetFiles) {
  const calls: (Omit<SetCall, 'lines'> & {
    turns: { speaker: 'AGENT' | 'CUSTOMER'; text: string; tags: string[] }[];
  })[] = [];
  for (const block of text.split(/^== /m).slice(1)) {
    const [header, ...rest] = block.split('\n');
    const [id, split, cards, audio] = header.split('|').map((s) => s.trim());
    if (!(set.splits as readonly string[]).includes(split)) throw new Error(`${id}: split ${split}`);
    const call = {
      id,
      split: split as SetCall['split'],
      title: '',
      scorecards: cards.split(','),
      audio: audio === 'audio',
      turns: [] as { speaker: 'AGENT' | 'CUSTOMER'; text: string; tags: string[] }[],
      keys: {} as SetCall['keys'],
    };
    let listed: Record<string, string> = {};
    for (const raw of rest) {
      const line = raw.trim();
      if (line.startsWith('title:')) call.title = line.slice(6).trim();
      else if (/^[AC]:/.test(line)) {
        const tags = [...line.matchAll(/#(\w+)/g)].map((m) => m[1]);
        call.turns.push({
          speaker: line[0] === 'A' ? 'AGENT' : 'CUSTOMER',
          text: line.slice(2).replace(/#\w+/g, '').trim(),
          tags,
        });
      } else if (line.startsWith('keys:')) {
        listed = Object.fromEntries(
          line
            .slice(5)
            .trim()
            .split(/\s+/)
            .filter(Boolean)
            .map((kv) => kv.split('=')),
        );
      }
    }
    const questions = scorecards.scorecards
      .filter((s) => call.scorecards.includes(s.key))
      .flatMap((s) => s.questions);
    for (const key of Object.keys(listed)) {
      if (!questions.some((q) => q.key === key))
        throw new Error(`${id}: ${key} is not a question of its scorecards`);
    }
    for (const [key, value] of Object.entries(listed)) {
      if (!['Y', 'N', 'NA'].includes(value)) throw new Error(`${id}: ${key}=${value}`);
    }
    for (const q of questions) {
      if (set.explicit && !listed[q.key]) throw new Error(`${id}: ${q.key} is not keyed`);
      const value = listed[q.key] ?? (/^if\b/i.test(q.questionText) ? 'NA' : 'N');
      const answer: KeyAnswer = value === 'Y' ? 'YES' : value === 'NA' ? 'NOT_APPLICABLE' : 'NO';
      const lines = call.turns.flatMap((t, i) => (t.tags.includes(q.key) ? [i] : []));
      if (answer === 'YES' && lines.length === 0) throw new Error(`${id}: ${q.key}=Y without a tagged line`);
      if (answer !== 'YES' && answer !== 'NO' && lines.length > 0)
        throw new Error(`${id}: ${q.key} is N/A with lines`);
      if (!listed[q.key] && lines.length > 0) throw new Error(`${id}: ${q.key} has tagged lines but no key`);
      call.keys[q.key] = { answer, lines };
    }
    calls.push(call);
  }
  return calls;
}

/** flite's 16 kHz mono 16-bit speech as samples. */
function speak(text: string, voice: string, dir: string): Int16Array {
  const out = join(dir, 'turn.wav');
  execFileSync('flite', ['-voice', voice, '-t', text, '-o', out]);
  const raw = join(dir, 'turn.raw');
  execFileSync('sox', [
    out,
    '-r',
    String(RATE),
    '-c',
    '1',
    '-b',
    '16',
    '-e',
    'signed-integer',
    '-t',
    'raw',
    raw,
  ]);
  const bytes = readFileSync(raw);
  return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
}

function main(set: SetFiles) {
  const scorecards = JSON.parse(readFileSync(join(here, set.scorecards), 'utf8')) as SetScorecards;
  const calls = parse(readFileSync(join(here, set.source), 'utf8'), scorecards, set);
  mkdirSync(join(here, set.calls), { recursive: true });
  if (calls.some((c) => c.audio)) mkdirSync(join(here, set.audio), { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'qa-set-'));
  const out: SetCall[] = [];
  try {
    for (const call of calls) {
      const lines: SetCall['lines'] = [];
      let t = 0.5;
      if (call.audio) {
        const pieces = call.turns.map((turn) =>
          speak(turn.text, turn.speaker === 'AGENT' ? 'slt' : 'rms', tmp),
        );
        const gap = Math.round(GAP_SECONDS * RATE);
        const frames = pieces.reduce((n, p) => n + p.length + gap, Math.round(0.5 * RATE));
        const stereo = new Int16Array(frames * 2);
        let at = Math.round(0.5 * RATE);
        for (const [i, piece] of pieces.entries()) {
          const channel = call.turns[i].speaker === 'AGENT' ? 0 : 1;
          for (let s = 0; s < piece.length; s += 1) stereo[(at + s) * 2 + channel] = piece[s];
          lines.push({
            speaker: call.turns[i].speaker,
            start: at / RATE,
            end: (at + piece.length) / RATE,
            text: call.turns[i].text,
          });
          at += piece.length + gap;
        }
        const raw = join(tmp, 'call.raw');
        writeFileSync(raw, Buffer.from(stereo.buffer));
        execFileSync('ffmpeg', [
          '-y',
          '-loglevel',
          'error',
          ...['-f', 's16le', '-ar', String(RATE), '-ac', '2', '-i', raw],
          ...['-c:a', 'libopus', '-b:a', '40k', '-application', 'voip'],
          join(here, set.audio, `${call.id}.ogg`),
        ]);
      } else {
        for (const turn of call.turns) {
          const seconds = Math.max(1.2, turn.text.split(/\s+/).length * 0.33);
          lines.push({ speaker: turn.speaker, start: t, end: t + seconds, text: turn.text });
          t += seconds + GAP_SECONDS;
        }
      }
      const round = (n: number) => Math.round(n * 100) / 100;
      const turns = lines.map((l) => ({
        speaker: l.speaker === 'AGENT' ? 'Agent' : 'Customer',
        role: l.speaker === 'AGENT' ? 'agent' : 'customer',
        start: round(l.start),
        end: round(l.end),
        text: l.text,
      }));
      writeFileSync(join(here, set.calls, `${call.id}.json`), `${JSON.stringify({ turns }, null, 1)}\n`);
      out.push({
        id: call.id,
        split: call.split,
        title: call.title,
        scorecards: call.scorecards,
        audio: call.audio,
        lines: lines.map((l) => ({ ...l, start: round(l.start), end: round(l.end) })),
        keys: call.keys,
      });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  writeFileSync(join(here, set.keys), `${JSON.stringify(out, null, 1)}\n`);
  // The repository's formatter decides the JSON layout, so a rebuild changes only what changed.
  execFileSync('npx', ['biome', 'format', '--write', join(here, set.keys), join(here, set.calls)], {
    stdio: 'ignore',
  });
  const answers = out.flatMap((c) => Object.values(c.keys).map((k) => k.answer));
  const count = (a: KeyAnswer) => answers.filter((x) => x === a).length;
  const splits = set.splits.map((s) => `${out.filter((c) => c.split === s).length} ${s}`).join(', ');
  console.log(
    `${out.length} calls (${splits}; ${out.filter((c) => c.audio).length} with audio), ${answers.length} keyed answers ` +
      `(${count('YES')} YES, ${count('NO')} NO, ${count('NOT_APPLICABLE')} NOT_APPLICABLE)`,
  );
}

const name = process.argv[2] ?? 'agreement';
if (!(name in SETS)) throw new Error(`usage: build-set.ts [${Object.keys(SETS).join('|')}]`);
main(SETS[name as SetName]);
