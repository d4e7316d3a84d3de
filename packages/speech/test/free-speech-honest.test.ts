import { freeSpeechResponseSchema, sessionSpeechSchema } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { toFreeSpeechResponse } from '../src/adapters/demo.ts';
import { toSessionSpeech } from '../src/adapters/session.ts';
import type { Aligner } from '../src/align/aligner.ts';
import { createEngine } from '../src/analyze.ts';
import type { AlignmentScorer } from '../src/profiles/words.ts';
import type { Alignment, Pcm16k, RecognisedWord, Recogniser } from '../src/types.ts';

/**
 * The free-speech path with its models replaced by fakes, so each rule is tested on its own: the
 * recogniser returns chosen words with chosen confidences, the aligner spreads the text evenly, and
 * the scorer gives each word a chosen score (high for the words the recogniser was unsure of, to
 * catch any path that would still show them as "pronounced clearly").
 */

const TOPIC = 'Describe a normal working day. What do you do in the morning and in the afternoon?';

/** Tone bursts of 0.9 s with 0.3 s gaps: voiced audio the voice-activity detector accepts. */
function speechLike(seconds: number): Pcm16k {
  const samples = new Float32Array(Math.round(seconds * 16000));
  for (let i = 0; i < samples.length; i++) {
    const t = i / 16000;
    samples[i] = t % 1.2 < 0.9 ? 0.3 * Math.sin(2 * Math.PI * 180 * t) : 0;
  }
  return { samples, sampleRate: 16000, durationSec: seconds };
}

/** `text` as recognised words 0.4 s each from 0.1 s on; `sure` decides each word's confidence. */
function recognised(text: string, sure: (word: string, i: number) => boolean): RecognisedWord[] {
  return text.split(' ').map((w, i) => ({
    text: w,
    start: 0.1 + 0.4 * i,
    end: 0.1 + 0.4 * i + 0.35,
    confidence: sure(w, i) ? 0.98 : 0.12,
  }));
}

const recogniserOf = (words: RecognisedWord[]): Recogniser => ({
  async transcribe() {
    return { words, text: words.map((w) => w.text).join(' '), engine: 'fake' };
  },
});

const fakeAligner: Aligner = {
  model: 'en-us-16k' as Aligner['model'],
  async align(pcm, text): Promise<Alignment> {
    const ws = text.split(' ');
    const step = pcm.durationSec / ws.length;
    return {
      ok: true,
      silences: [],
      words: ws.map((w, i) => ({
        word: w.toLowerCase(),
        text: w,
        start: i * step,
        end: (i + 1) * step,
        phones: [
          { phone: 'AH', start: i * step, end: (i + 0.5) * step, gop: 0, features: {} },
          { phone: 'T', start: (i + 0.5) * step, end: (i + 1) * step, gop: 0, features: {} },
        ],
      })),
    };
  },
  pronounce: () => ['AH', 'T'],
  dispose() {},
};

/** Every word 95 except those listed in `low` (62); a chunk's pronunciation is its words' mean. */
const scorerWith =
  (low: Set<string>): AlignmentScorer =>
  (alignment) => {
    const words = alignment.words.map((w) => {
      const score = low.has(w.word) ? 62 : 95;
      return {
        word: w.text ?? w.word,
        normalised: w.word,
        start: w.start,
        end: w.end,
        score,
        status: 'ok' as const,
        phones: w.phones.map((p) => ({ ...p, score })),
      };
    });
    const pronunciation = words.reduce((s, w) => s + w.score, 0) / Math.max(1, words.length);
    return { words, overall: { pronunciation, fluency: 85, prosody: 85, total: 88 } };
  };

async function analyse(
  words: RecognisedWord[],
  opts: { topic?: string; seconds?: number; low?: string[] } = {},
) {
  const engine = await createEngine({
    aligner: fakeAligner,
    recogniser: recogniserOf(words),
    scorer: scorerWith(new Set(opts.low ?? [])),
    // The word rules on their own: pronunciation from the sure words (delivery has its own tests).
    delivery: null,
  });
  try {
    return await engine.analyze({
      audio: speechLike(opts.seconds ?? 30),
      task: 'free-speech',
      topic: opts.topic ?? TOPIC,
    });
  } finally {
    engine.dispose();
  }
}

/** About 25 s of an on-topic answer (62 words at 0.4 s). */
const ON_TOPIC =
  'on a normal working day i get up early and in the morning i read my email and talk to my team ' +
  'then i have lunch with my colleagues and in the afternoon i work on my projects and call customers ' +
  'i usually finish work at five and go home by bus to see my family and cook dinner every evening';

describe('free speech: words the recogniser is unsure of', () => {
  // Every third word is a guess the recogniser was unsure of; the scorer rates those 95.
  const words = recognised(ON_TOPIC, (_, i) => i % 3 !== 0);
  const unsure = words.filter((w) => w.confidence < 0.5).length;

  it('marks them uncertain, scores them as not scored (LOW) and never as pronounced clearly', async () => {
    const a = await analyse(words);
    const uncertain = a.words.filter((w) => w.uncertain);
    expect(uncertain).toHaveLength(unsure);
    for (const w of uncertain) {
      expect(w.score).toBeLessThan(50);
      expect(w.performance).toBe('LOW');
      expect(w.explanation).toMatch(/Not sure what was said/);
      expect(w.explanation).not.toMatch(/pronounced clearly/);
    }
    expect(a.pronunciation.masteredWords.filter((w) => w.uncertain)).toHaveLength(0);
    expect(a.pronunciation.challengingWords.filter((w) => w.uncertain)).toHaveLength(0);
    expect(a.pronunciation.goodExamples.length).toBeGreaterThan(0);
  });

  it('gives no word feedback on words it only guessed', async () => {
    // "zebra" is said once, unsure, and scores 62: it must not be named as hard to make out.
    const ws = recognised(`${ON_TOPIC} zebra`, (w) => w !== 'zebra');
    const a = await analyse(ws, { low: ['zebra', 'bus'] });
    const named = a.intelligibility.causeOfLowScore.wordStats.map((s) => s.word);
    expect(named).toContain('bus');
    expect(named).not.toContain('zebra');
    expect(a.pronunciation.badExamples).not.toContain('zebra');
  });

  it('computes pronunciation from the confident words only and says how much it could score', async () => {
    // Two stretches 1 s apart (so two chunks): 20 words the recogniser was sure of, scoring 62, then
    // 20 guesses it was unsure of, scoring 95. Pronunciation must be the first stretch's 62.
    const sure = recognised(ON_TOPIC.split(' ').slice(0, 20).join(' '), () => true);
    const guesses = recognised('zebra banana '.repeat(10).trim(), () => false).map((w) => ({
      ...w,
      start: w.start + 9,
      end: w.end + 9,
    }));
    const a = await analyse([...sure, ...guesses], { low: ON_TOPIC.split(' ') });
    expect(a.overall.pronunciation).toBe(62);
    expect(a.coverage).toEqual({ scoredWords: 20, words: 40, scoredShare: 0.5 });
    expect(a.pronunciation.explanation).toMatch(/^We could score 20 of 40 words \(50%\)/);
    const response = freeSpeechResponseSchema.parse(toFreeSpeechResponse(a));
    expect(response.assessment.pronunciation).toMatchObject({ score: 62, scored_words: 20, total_words: 40 });
    expect(response.assessment.pronunciation.scored_share).toBe(0.5);
    const uncertainScores = response.word_scores.filter((w) => w.uncertain);
    expect(uncertainScores).toHaveLength(20);
    expect(uncertainScores.every((w) => w.phonemes.length === 0 && w.score < 50)).toBe(true);
  });

  it('scores pronunciation 0 when the recogniser was sure of no word, and says so', async () => {
    const a = await analyse(recognised(ON_TOPIC, () => false));
    expect(a.overall.pronunciation).toBe(0);
    expect(a.pronunciation.explanation).toMatch(/could not be scored/);
    expect(a.pronunciation.masteredWords).toHaveLength(0);
  });

  it('never shows intelligibility LOW beside words or a summary "pronounced clearly" that it could not make out', async () => {
    // 59 words, only 2 of them sure (the issue's case): intelligibility is Low.
    const garbage = recognised(ON_TOPIC.split(' ').slice(0, 59).join(' '), (_, i) => i < 2);
    const a = await analyse(garbage);
    expect(a.intelligibility.transcriptConfidence.humanizedValue).toBe('Low');
    const clearly = a.words.filter((w) => /pronounced clearly/.test(w.explanation));
    expect(clearly.every((w) => !w.uncertain)).toBe(true);
    expect(clearly.length).toBeLessThanOrEqual(2);
    expect(a.pronunciation.masteredWords.length).toBeLessThanOrEqual(2);
    expect(a.pronunciation.explanation).toMatch(/^We could score 2 of 59 words \(3%\)/);
    expect(a.pronunciation.explanation).not.toMatch(/All \d+ words/);
    expect(a.intelligibility.explanation).toMatch(/unsure of 57 of 59 words/);
    expect(a.overall.explanation).toMatch(/We could score 2 of 59 words/);
  });
});

describe('free speech: profanities the recogniser produced', () => {
  it('masks them in the transcript, the words, every explanation and the session shape; keeps the raw text', async () => {
    const words = recognised(`${ON_TOPIC} shit and fucking bullshit`, () => true);
    const a = await analyse(words, { low: ['shit', 'fucking', 'bullshit'] });
    expect(a.transcript).toMatch(/ s\*\*\* and f\*\*\*\*\*\* b\*\*\*\*\*\*\*$/);
    expect(a.rawTranscript).toMatch(/shit and fucking bullshit$/);
    const response = freeSpeechResponseSchema.parse(toFreeSpeechResponse(a));
    const session = sessionSpeechSchema.parse(toSessionSpeech(a));
    expect(JSON.stringify([response, session])).not.toMatch(/shit|fuck/i);
    expect(response.word_scores.filter((w) => w.masked).map((w) => w.word)).toEqual([
      's***',
      'f******',
      'b*******',
    ]);
    expect(JSON.stringify(response)).not.toContain('rawTranscript');
  });
});

describe('free speech: off-topic, very short and empty answers', () => {
  it('scores an off-topic answer at half an on-topic one of the same delivery, and says why', async () => {
    const on = await analyse(recognised(ON_TOPIC, () => true));
    const offText = ON_TOPIC.replace(/normal |working |day |morning |afternoon |work /g, 'garden ');
    const off = await analyse(recognised(offText, () => true));
    expect(on.content?.answer?.offTopic).toBe(false);
    expect(off.content?.answer?.offTopic).toBe(true);
    expect(off.overall.total).toBe(Math.round(on.overall.total * 0.5));
    // Content does not erase delivery: the sub-scores keep their meaning (and so their ranking).
    expect(off.overall.pronunciation).toBe(on.overall.pronunciation);
    expect(off.overall.fluency).toBe(on.overall.fluency);
    expect(off.content?.score.score).toBeLessThan((on.content?.score.score ?? 0) * 0.6);
    expect(off.overall.explanation).toMatch(/did not address the topic/);
    expect(off.content?.score.explanation).toMatch(/did not address the topic/);
    const response = freeSpeechResponseSchema.parse(toFreeSpeechResponse(off));
    expect(response.answer_check?.off_topic).toBe(true);
    expect(response.assessment.overall_explanation).toMatch(/did not address the topic/);
    expect(response.assessment.content?.explanation[0].description).toMatch(/did not address the topic/);
  });

  it('counts only words the recogniser was sure of as evidence of the topic', async () => {
    const keys = /^(normal|working|day|morning|afternoon|work)$/;
    const a = await analyse(recognised(ON_TOPIC, (w) => !keys.test(w)));
    expect(a.content?.answer?.offTopic).toBe(true);
  });

  it('scales a very short answer down and says so', async () => {
    const short = await analyse(
      recognised('on a normal working day', () => true),
      { seconds: 3 },
    );
    const full = await analyse(recognised(ON_TOPIC, () => true));
    expect(short.content?.answer?.tooShort).toBe(true);
    expect(full.content?.answer?.tooShort).toBe(false);
    expect(short.overall.total).toBeLessThan(full.overall.total * 0.65);
    expect(short.overall.explanation).toMatch(/very short \(2 s of speech\)/);
  });

  it('gives an empty answer 0 with an explanation', async () => {
    const a = await analyse([]);
    expect(a.overall.total).toBe(0);
    expect(a.content?.score.score).toBe(0);
    expect(a.content?.answer?.empty).toBe(true);
    expect(a.overall.explanation).toMatch(/no words could be recognised/i);
    const response = freeSpeechResponseSchema.parse(toFreeSpeechResponse(a));
    expect(response.assessment.content?.score).toBe(0);
    expect(response.transcript).toBe('');
  });
});

describe('free speech: topic evidence', () => {
  it('needs two of the topic key words clearly heard; one is not enough, and the explanation names it', async () => {
    const one = recognised(
      'we went to the lake in summer and the morning was cold and my brother played the guitar for us and then we swam in the water until the sun went down',
      () => true,
    ).map((w) => ({ ...w, start: w.start * 1.5, end: w.end * 1.5 }));
    const a = await analyse(one);
    expect(a.content?.answer?.topicWordsHeard).toEqual(['morning']);
    expect(a.content?.answer?.offTopic).toBe(true);
    expect(a.overall.explanation).toMatch(/only "morning" was clearly heard/);
  });

  it('counts two key words clearly heard as on-topic when one of them was heard surely, not when neither was', async () => {
    // "morning" and "afternoon" are key words of the topic; every other word is sure.
    const text =
      'we went to the lake in summer and the morning was cold and my brother played the guitar in the afternoon and then we swam in the water until the sun went down';
    const withConfidence = (morning: number, afternoon: number) =>
      recognised(text, () => true).map((w) => ({
        ...w,
        confidence: w.text === 'morning' ? morning : w.text === 'afternoon' ? afternoon : w.confidence,
      }));
    const oneSure = await analyse(withConfidence(0.9, 0.6));
    expect(oneSure.content?.answer?.topicWordsHeard).toEqual(['morning', 'afternoon']);
    expect(oneSure.content?.answer?.offTopic).toBe(false);
    const noneSure = await analyse(withConfidence(0.6, 0.6));
    expect(noneSure.content?.answer?.offTopic).toBe(true);
    expect(noneSure.overall.explanation).toMatch(
      /not sure of any of the question's key words it heard \("morning", "afternoon"\)/,
    );
  });

  it('does not call an answer off-topic when too few of its words were clearly heard to tell', async () => {
    // The same unrelated answer with only a handful of its words heard clearly.
    const few = recognised(
      'we went to the lake in summer and the morning was cold and my brother played the guitar for us and then we swam in the water until the sun went down',
      (_, i) => i % 3 === 0,
    );
    const a = await analyse(few);
    expect(a.content?.answer?.offTopic).toBeNull();
    expect(a.overall.explanation).not.toMatch(/did not address the topic/);
  });
});
