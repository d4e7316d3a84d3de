import { describe, expect, it } from 'vitest';
import { explainOverall } from '../src/profiles/explain.ts';
import {
  buildIntelligibilityProfile,
  findAbbreviations,
  humanizeConfidence,
} from '../src/profiles/intelligibility.ts';
import { PHONEMES, phonemeInfo } from '../src/profiles/phonemes.ts';
import { buildPronunciationProfile, explainWord, performanceOf } from '../src/profiles/pronunciation.ts';
import type { WordResult } from '../src/types.ts';

/** A word whose phones carry the given scores; the word scores their mean. */
function word(text: string, phones: [string, number][], extra: Partial<WordResult> = {}): WordResult {
  const score = Math.round(phones.reduce((s, [, v]) => s + v, 0) / phones.length);
  return {
    word: text,
    normalised: text.toLowerCase(),
    start: 0,
    end: 0.4,
    confidence: 0.9,
    score,
    performance: performanceOf(score),
    explanation: '',
    status: 'ok',
    phones: phones.map(([phone, s]) => ({
      phone,
      ipa: phonemeInfo(phone).ipa,
      respelled: '',
      start: 0,
      end: 0.1,
      score: s,
      performance: performanceOf(s),
    })),
    ...extra,
  };
}

const WORDS = [
  word('think', [
    ['TH', 30],
    ['IH', 90],
    ['NG', 85],
    ['K', 95],
  ]),
  word('three', [
    ['TH', 40],
    ['R', 70],
    ['IY', 95],
  ]),
  word('this', [
    ['DH', 92],
    ['IH', 95],
    ['S', 96],
  ]),
  word('very', [
    ['V', 60],
    ['EH', 90],
    ['R', 65],
    ['IY', 95],
  ]),
  word('good', [
    ['G', 98],
    ['UH', 95],
    ['D', 97],
  ]),
  word('thanks', [
    ['TH', 50],
    ['AE', 90],
    ['NG', 90],
    ['K', 92],
    ['S', 94],
  ]),
];

describe('phoneme table', () => {
  it('covers all 39 ARPAbet phones with IPA, a respelling and how to make the sound', () => {
    expect(PHONEMES.size).toBe(39);
    for (const p of PHONEMES.values()) {
      expect(p.ipa).not.toBe('');
      expect(p.example).not.toBe('');
      expect(p.description.length).toBeGreaterThan(20);
    }
    expect(phonemeInfo('th1').ipa).toBe('θ');
  });
});

describe('buildPronunciationProfile', () => {
  const profile = buildPronunciationProfile(WORDS);

  it('splits words at 80%: challenging at or below, mastered above', () => {
    expect(profile.challengingWords.map((w) => w.word)).toEqual(['three', 'think', 'very']);
    expect(profile.masteredWords.map((w) => w.word)).toEqual(['good', 'this', 'thanks']);
    expect(profile.badExamples[0]).toBe('three');
    expect(profile.goodExamples[0]).toBe('good');
  });

  it('names /θ/ as the most challenging and most impactful phoneme with its count', () => {
    expect(profile.mostChallengingPhoneme).toMatchObject({ phone: 'TH', ipa: 'θ', count: 3 });
    expect(profile.mostChallengingPhoneme?.description).toMatch(/between the teeth/);
    expect(profile.mostImpactfulPhoneme?.phone).toBe('TH');
    expect(profile.challengingPhonemes.map((p) => p.phone)).toEqual(['TH', 'V', 'R']);
    expect(profile.explanation).toMatch(/3 of 6 words.*\/θ\//);
  });

  it('weighs frequency: a phone missed a little many times outweighs one missed badly once', () => {
    const words = [
      word('rare', [['ZH', 20]]),
      ...Array.from({ length: 6 }, () =>
        word('the', [
          ['DH', 70],
          ['AH', 95],
        ]),
      ),
    ];
    const p = buildPronunciationProfile(words);
    expect(p.mostImpactfulPhoneme?.phone).toBe('DH');
    expect(p.challengingPhonemes[0].phone).toBe('ZH');
  });

  it('explains a word by its weakest sound', () => {
    expect(explainWord(WORDS[0])).toBe('The /θ/ sound ("th" as in "think") in "think" scored 30%.');
    expect(explainWord(WORDS[4])).toMatch(/clearly/);
  });
});

describe('buildIntelligibilityProfile', () => {
  it('labels confidence with the spec cut-offs', () => {
    expect([0.8, 0.79, 0.5, 0.49].map(humanizeConfidence)).toEqual(['High', 'Medium', 'Medium', 'Low']);
  });

  it('reports the lowest words and abbreviations as causes of a low score', () => {
    const words = [
      word('the', [['DH', 90]], { confidence: 0.95 }),
      word('API', [['EY', 40]], { normalised: 'api', confidence: 0.3 }),
      word('works', [['W', 55]], { confidence: 0.4 }),
    ];
    const p = buildIntelligibilityProfile({ task: 'free-speech', words, text: 'The API works' });
    expect(p.transcriptConfidence).toEqual({ value: 0.55, humanizedValue: 'Medium' });
    expect(p.causeOfLowScore.wordStats.map((w) => w.word)).toEqual(['api', 'works']);
    expect(p.causeOfLowScore.abbreviationStats).toEqual([{ abbreviation: 'API' }]);
    expect(p.score).toBeLessThan(60);
  });

  it('does not take an all-capitals text for abbreviations, but does find spelled-out letters', () => {
    expect(findAbbreviations('WE CALL IT BEAR')).toEqual([]);
    const letters = ['a', 'p', 'i'].map((l) => word(l, [['EY', 90]]));
    expect(findAbbreviations('a p i', letters)).toEqual(['API']);
  });
});

describe('explainOverall', () => {
  it('names the weakest part', () => {
    const line = explainOverall(
      { pronunciation: 85, fluency: 55, prosody: 70, completeness: 100, total: 72 },
      'reading',
    );
    expect(line).toMatch(/held back most by fluency \(55\)/);
  });
});
