/**
 * `npm run bench:speech-topic`: how often the off-topic rule (`analyseContent`, content/analyse.ts)
 * misjudges a free answer, on the recogniser's own transcripts — what the free-speech demo and the
 * English test's free answer get.
 *
 * - **On-topic**: answers to the three demo topics (`topic-answers.json`, written before the rule was
 *   refitted on them), spoken by each of Debian's flite voices, whole (15–20 s) and cut after 10 s
 *   (a visitor who stops early). The first two answers per topic are the tuning set, the last two
 *   are held out. Each is also asked against the other two topics, reported apart: those pairs share
 *   words such as "work", "team" and "people", so either verdict can be right.
 * - **Off-topic**: each speechocean762 dev speaker's 30 s answer (`devAnswerOf`, read sentences that
 *   answer no demo topic) against each topic, and the off-topic flite answers against each topic.
 *
 * An answer is misjudged when an on-topic one is called off-topic (its overall score halved) or an
 * off-topic one passes as on-topic; `offTopic: null` (too few clear words to tell) is neither.
 *
 *   npm run bench:speech-topic
 *   npx tsx bench/topic.ts [--speakers N] [--cache FILE]   (from packages/speech)
 *
 * `--cache FILE` keeps the transcripts (JSON), so a second run with the same file only re-judges.
 *
 * Smoke run (BENCH_SMOKE=1): one voice, the first topic's first answer (whole and cut), one off-topic
 * flite answer and one dev speaker, each still judged against every topic.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_FREE_SPEECH_TOPICS } from '@agaton/contracts';
import { DATASET_AVAILABLE, DATASET_MISSING } from '../calibration/dataset.ts';
import { createRecogniser } from '../src/asr/index.ts';
import { decodeAudio, TASK_LIMITS } from '../src/audio/decode.ts';
import { analyseContent } from '../src/content/index.ts';
import type { Pcm16k, Transcript } from '../src/types.ts';
import { concat, pcm, synthesise } from '../test/asr-audio.ts';
import { devAnswerOf, devRowsBySpeaker } from './dev-audio.ts';
import { announceSmoke, SMOKE, smokeOr } from './smoke.ts';
import { recogniseAll } from './wer-sets.ts';

const { values } = parseArgs({ options: { speakers: { type: 'string' }, cache: { type: 'string' } } });

type TopicKey = keyof typeof DEMO_FREE_SPEECH_TOPICS;
const TOPICS = Object.keys(DEMO_FREE_SPEECH_TOPICS) as TopicKey[];
/** Debian's flite voices (`flite -lv`), awb_time left out: the same voice as awb. */
const VOICES = ['slt', 'kal', 'kal16', 'awb', 'rms'].slice(0, smokeOr(undefined, 1));
const CUT_SEC = 10;
const TUNING_PER_TOPIC = 2;

const answers = JSON.parse(readFileSync(join(import.meta.dirname, 'topic-answers.json'), 'utf8')) as {
  onTopic: Record<TopicKey, string[]>;
  offTopic: string[];
};

interface Item {
  id: string;
  audio: Pcm16k;
  /** The topic it answers; null: none. */
  answers: TopicKey | null;
  group: string;
}

/** Faint noise (as the e2e fixtures have), not digital silence, before and after the speech. */
function padded(speech: Pcm16k): Pcm16k {
  let seed = 1;
  const noise = (sec: number) =>
    pcm(
      Float32Array.from({ length: Math.round(sec * 16000) }, () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return (seed / 2 ** 31 - 0.5) * 0.001;
      }),
    );
  return concat([noise(0.8), speech, noise(1.5)]);
}

const cut = (a: Pcm16k, sec: number): Pcm16k => pcm(a.samples.slice(0, Math.round(sec * 16000)));

announceSmoke('one voice, 1 on-topic answer, 1 off-topic flite answer, 1 dev speaker');
const items: Item[] = [];
for (const topic of TOPICS.slice(0, smokeOr(undefined, 1)))
  answers.onTopic[topic].forEach((text, k) => {
    if (SMOKE && k > 0) return;
    const set = k < TUNING_PER_TOPIC ? 'tuning' : 'held out';
    for (const voice of VOICES) {
      const audio = padded(synthesise(text, voice));
      const id = `${topic}-${k + 1}-${voice}`;
      items.push({ id, audio, answers: topic, group: `on-topic ${set}, whole` });
      items.push({
        id: `${id}-${CUT_SEC}s`,
        audio: cut(audio, CUT_SEC),
        answers: topic,
        group: `on-topic ${set}, ${CUT_SEC} s`,
      });
    }
  });
answers.offTopic.slice(0, smokeOr(undefined, 1)).forEach((text, k) => {
  for (const voice of VOICES)
    items.push({
      id: `off-${k + 1}-${voice}`,
      audio: padded(synthesise(text, voice)),
      answers: null,
      group: 'off-topic flite',
    });
});
if (DATASET_AVAILABLE) {
  const speakers = [...devRowsBySpeaker()].slice(
    0,
    Number(values.speakers ?? smokeOr(Number.POSITIVE_INFINITY, 1)),
  );
  for (const [speaker, rows] of speakers)
    items.push({
      id: `dev-${speaker}`,
      audio: await decodeAudio(devAnswerOf(rows).audio, TASK_LIMITS['free-speech']),
      answers: null,
      group: 'off-topic dev speakers',
    });
} else console.log(`${DATASET_MISSING}: its off-topic answers are left out`);

const cached: Record<string, Transcript> =
  values.cache && existsSync(values.cache) ? JSON.parse(readFileSync(values.cache, 'utf8')) : {};
const missing = items.filter((i) => !cached[i.id]);
const started = performance.now();
const recognised = await recogniseAll(
  createRecogniser(process.env),
  missing.map((i) => i.audio),
);
missing.forEach((item, k) => {
  cached[item.id] = recognised[k];
});
if (values.cache) writeFileSync(values.cache, JSON.stringify(cached));
console.log(
  `${items.length} answers, ${missing.length} recognised in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);

/** Verdicts per group: on-topic, off-topic, not judged (too few clear words). */
const tally = new Map<string, { on: number; off: number; unjudged: number; wrong: string[] }>();
for (const item of items)
  for (const topic of TOPICS) {
    const asked = item.answers === null || item.answers === topic;
    const group = asked ? item.group : `${item.group.replace(/^on-topic/, 'other topic')}`;
    const content = analyseContent({ transcript: cached[item.id], topic: DEMO_FREE_SPEECH_TOPICS[topic] });
    const verdict = content.answer?.offTopic ?? null;
    const t = tally.get(group) ?? { on: 0, off: 0, unjudged: 0, wrong: [] };
    if (verdict === null) t.unjudged++;
    else if (verdict) t.off++;
    else t.on++;
    const wrong = asked && verdict !== null && verdict === (item.answers !== null);
    if (wrong)
      t.wrong.push(
        `${item.id}→${topic} (${content.cefr.clearWords} clear, heard: ${content.answer?.topicWordsHeard?.join(' ') || '–'})`,
      );
    tally.set(group, t);
  }

console.log(
  '\n| answers (against each topic) | judged on-topic | judged off-topic | not judged | misjudged |',
);
console.log('| --- | --- | --- | --- | --- |');
for (const [group, t] of [...tally].sort(([a], [b]) => a.localeCompare(b))) {
  const n = t.on + t.off + t.unjudged;
  const misjudged = group.startsWith('other topic') ? '(either)' : `${t.wrong.length} of ${n}`;
  console.log(`| ${group} | ${t.on} | ${t.off} | ${t.unjudged} | ${misjudged} |`);
}
for (const [group, t] of tally)
  if (t.wrong.length) console.log(`\n${group}, misjudged:\n  ${t.wrong.join('\n  ')}`);
