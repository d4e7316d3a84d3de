import { readFileSync } from 'node:fs';
import { TRANSCRIPT_TEXTS } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { GRAMMAR_PATTERNS } from '../src/content/grammar-patterns.js';
import {
  analyseContent,
  detectGrammar,
  estimateVocabulary,
  lemmaCandidates,
  lookUp,
  MIN_CLEAR_WORDS,
} from '../src/content/index.js';
import type { Transcript } from '../src/types.js';

const words = (t: string) =>
  t
    .toLowerCase()
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

const A1 =
  'I like my cat. My cat is big and black. I play with my cat every day. My mother likes the cat too and we give it food and water.';
const C1 =
  'The ubiquitous proliferation of surveillance technology raises profound ethical dilemmas that policymakers must meticulously scrutinise. Comprehensive legislation and transparent accountability are indispensable for preserving civil liberties.';

/** A recognised transcript: each word with the recogniser's posterior (default: sure). */
const recognised = (text: string, confidence: (i: number) => number = () => 0.95): Transcript => {
  const ws = text.split(' ');
  return {
    engine: 'test',
    text,
    words: ws.map((w, i) => ({ text: w, start: i * 0.4, end: i * 0.4 + 0.3, confidence: confidence(i) })),
  };
};

describe('CEFR vocabulary', () => {
  it('looks inflected words up by their lemma in the CEFR-J and Octanove lists', () => {
    expect(lookUp('children')).toMatchObject({ lemma: 'child', level: 'A1' });
    expect(lookUp('stopped')).toMatchObject({ lemma: 'stop', level: 'A1' });
    expect(lookUp('happier')).toMatchObject({ lemma: 'happy', level: 'A1' });
    expect(lookUp('abandoned')?.level).toBe('B2'); // listed as an adjective at B2, before the verb rule
    expect(lookUp('dilemmas')).toMatchObject({ lemma: 'dilemma' });
    expect(lookUp('cloak')?.level).toBe('C1'); // Octanove C1/C2 list
    expect(lemmaCandidates('running')).toContain('run');
  });

  it('rates a simple A1 sentence below a sentence with C1 vocabulary', () => {
    const easy = estimateVocabulary(words(A1));
    const hard = estimateVocabulary(words(C1));
    expect(easy.level).toBe('A1');
    expect(['C1', 'C2']).toContain(hard.level);
    expect(hard.distribution.C1 + hard.distribution.C2).toBeGreaterThan(0.3);
    const a = analyseContent({ transcript: A1 });
    const c = analyseContent({ transcript: C1 });
    expect(c.score.score).toBeGreaterThan(a.score.score);
    expect(a.cefr.vocabulary).toBe('A1');
  });

  it('does not let one hard word in twenty-seven content words lift the level (95% coverage rule)', () => {
    // 26 content words, all A1.
    const base =
      'I go to school every day and I play football with my friends after lunch in the park near my house. ' +
      'My mother cooks dinner and my father reads books. We watch television, eat cake and drink milk on Sunday.';
    expect(estimateVocabulary(words(`${base} meticulously`)).level).not.toBe('C2');
    expect(estimateVocabulary(words(`${base} meticulously scrutinise profound ethical`)).level).not.toBe(
      'A1',
    );
  });

  it('estimates the vocabulary from clearly recognised words only', () => {
    const text = `${words(A1).join(' ')} proliferation`;
    const last = words(A1).length;
    const unsure = analyseContent({ transcript: recognised(text, (i) => (i === last ? 0.05 : 0.95)) });
    expect(unsure.cefr.vocabulary).toBe('A1');
    expect(unsure.cefr.vocabularyDistribution.C2).toBe(0);
    const sure = analyseContent({ transcript: recognised(text) });
    expect(sure.cefr.vocabularyDistribution.C2).toBeGreaterThan(0);
  });

  it('estimates no level from fewer clearly recognised words than MIN_CLEAR_WORDS, and says so', () => {
    const text = words(A1).join(' ');
    expect(words(A1).length).toBeGreaterThanOrEqual(MIN_CLEAR_WORDS);
    // Every other word unsure: too few clear words for a level, whatever was said.
    const a = analyseContent({ transcript: recognised(text, (i) => (i % 2 ? 0.2 : 0.95)) });
    expect(a.cefr).toMatchObject({ vocabulary: null, grammar: null, grammarItems: [] });
    expect(a.cefr.clearWords).toBeLessThan(MIN_CLEAR_WORDS);
    expect(a.score.explanation).toContain(TRANSCRIPT_TEXTS.noLevels);
    expect(a.narrative).toMatch(/too few to estimate your vocabulary and grammar/);
    expect(a.narrative).not.toMatch(/vocabulary is around/);
    // A plain text that short has no level either.
    expect(analyseContent({ transcript: 'I like my cat very much.' }).cefr.grammar).toBeNull();
  });
});

describe('CEFR grammar', () => {
  it('has a CEFR-J profile level for every pattern (none is silently skipped)', () => {
    const profile = new Map(
      (
        JSON.parse(readFileSync(new URL('../data/cefr-grammar.json', import.meta.url), 'utf8')) as {
          code: string;
        }[]
      ).map((r) => [r.code, r]),
    );
    expect(GRAMMAR_PATTERNS.filter((g) => !profile.has(g.code)).map((g) => g.code)).toEqual([]);
    expect(GRAMMAR_PATTERNS.length).toBeGreaterThanOrEqual(60);
  });

  it('finds tense, modal, passive, relative and conditional structures with their CEFR-J levels', () => {
    const found = detectGrammar(
      words(
        'If I had more time I would travel around the world. I have always wanted to see Japan, which is famous for temples that were built centuries ago. The trip could be organised easily.',
      ),
    );
    const byCode = Object.fromEntries(found.map((g) => [g.code, g.level]));
    expect(byCode['SUBJ.PAST.AFF']).toBe('B1'); // second conditional
    expect(byCode['TA.PRPF.AFF']).toBe('A2'); // present perfect
    expect(byCode['PASS.PAST.AFF']).toBe('A2'); // were built
    expect(byCode['PASS.MD.AFF']).toBe('B1'); // could be organised
    expect(byCode['PREL.which']).toBe('B2');
    expect(byCode['MD.would.AFF']).toBe('A2');
  });

  it('gives A1 grammar to a simple present sentence and a higher level to complex grammar', () => {
    expect(analyseContent({ transcript: A1 }).cefr.grammar).toBe('A1');
    const complex = `${A1} I had been waiting for hours when they told me the flight had been cancelled.`;
    const c = analyseContent({ transcript: complex });
    expect(['B1', 'B2']).toContain(c.cefr.grammar);
    expect(c.cefr.grammarItems.map((g) => g.item)).toContain('past perfect');
  });

  it('finds no structure across a word the recogniser was unsure of', () => {
    const text = `${words(A1).join(' ')} the flight had been cancelled`;
    const had = text.split(' ').indexOf('had');
    const sure = analyseContent({ transcript: recognised(text) });
    expect(sure.cefr.grammarItems.map((g) => g.item)).toContain('past perfect');
    const unsure = analyseContent({ transcript: recognised(text, (i) => (i === had + 1 ? 0.1 : 0.95)) });
    expect(unsure.cefr.grammarItems.map((g) => g.item)).not.toContain('past perfect');
  });
});

describe('content score and narrative', () => {
  const topic = 'Describe a city you would like to visit and explain why.';
  const onTopic =
    'I would really like to visit Tokyo because the city is huge and it has amazing food. If I had more money I would travel there next year, and I have always wanted to see the temples which are famous for their beautiful gardens. The atmosphere seems fascinating and the public transport is remarkably efficient, so I think it would be an unforgettable experience for me and my family.';

  it('scores an on-topic developed answer above a short off-topic one, and says why', () => {
    const good = analyseContent({ transcript: onTopic, topic });
    const poor = analyseContent({ transcript: 'I like my cat.', topic });
    expect(good.score.score).toBeGreaterThan(poor.score.score + 30);
    expect(poor.score.explanation).toMatch(/very short \(2 s of speech\)/);
    expect(good.wordCount).toBeGreaterThan(60);
    const cats = analyseContent({ transcript: A1, topic });
    expect(cats.answer?.offTopic).toBe(true);
    expect(cats.score.explanation).toMatch(/did not address the topic/);
  });

  it('calls an answer off-topic only when enough of it was clearly recognised', () => {
    // The same unrelated answer with every other word unsure: too little heard clearly to tell.
    const a = analyseContent({
      transcript: recognised(words(A1).join(' '), (i) => (i % 2 ? 0.2 : 0.95)),
      topic,
    });
    expect(a.answer?.offTopic).toBeNull();
    expect(a.score.explanation).not.toMatch(/did not address the topic/);
  });

  it('writes a short deterministic narrative from the measures', () => {
    const a = analyseContent({ transcript: onTopic, topic });
    expect(a.narrative).toBe(analyseContent({ transcript: onTopic, topic }).narrative);
    const sentences = a.narrative.split(/(?<=\.)\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(3);
    expect(a.narrative).toContain(`${a.wordCount} words`);
    expect(a.narrative).toContain(`vocabulary is around ${a.cefr.vocabulary}`);
    expect(analyseContent({ transcript: '' }).narrative).toMatch(/No speech/);
    expect(analyseContent({ transcript: '' }).score.score).toBe(0);
  });

  it('suggests structures above the grammar reached that the answer did not use', () => {
    // The demo's working-day answer: past simple (A1 in CEFR-J) is used, so it is not suggested.
    const day =
      'on a normal working day i start at eight in the morning first i read my email and plan the day with nineteen in the morning we usually have meetings with clients and in the afternoon i write reports and prepare new projects i finished work and five and then i got hound';
    const a = analyseContent({
      transcript: day,
      topic: 'Describe a normal working day. What do you do in the morning and in the afternoon?',
    });
    expect(a.cefr.grammarItems.map((g) => g.item)).toContain('past simple');
    const advice = a.narrative.split(/(?<=\.)\s+/).at(-1) ?? '';
    expect(advice).toMatch(/^To show a wider range, try the future with will and the present perfect\.$/);
    const b1 = analyseContent({ transcript: onTopic, topic });
    expect(b1.narrative).not.toMatch(/try the (future with will|present perfect|second conditional)/);
  });

  it('does not count filled pauses as words', () => {
    expect(analyseContent({ transcript: 'um I uh like erm tea' }).wordCount).toBe(3);
  });
});
