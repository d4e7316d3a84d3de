import { describe, expect, it } from 'vitest';
import type { ScoredUtterance } from '../calibration/dataset.ts';
import { Agreement, type ScoredLine } from '../calibration/evaluate.ts';
import type { Sample } from '../calibration/fit-lib.ts';
import {
  asProductAlignment,
  chooseRules,
  RULE_CANDIDATES,
  WORD_RULE_CANDIDATES,
} from '../calibration/select.ts';
import { LPR_PHONES, type PhoneEvidence } from '../src/gop/posterior-features.ts';
import { fitBoosted, predictBoosted } from '../src/scoring/gbdt.ts';
import { type Predictions, predict, type ScoringRules } from '../src/scoring/model.ts';
import { loadCalibratedModel, mayHaveSkippedWords, scoreAlignment } from '../src/scoring/score.ts';
import type { AlignedWord, Alignment } from '../src/types.ts';

const model = loadCalibratedModel('en-us-16k');

/** A word whose phones all have the given GOP and duration in frames. */
function word(text: string, phones: string[], gop: number, frames: number, heard?: boolean): AlignedWord {
  return {
    word: text,
    text,
    heard,
    start: 0,
    end: 0,
    phones: phones.map((phone) => ({
      phone,
      start: 0,
      end: frames / 100,
      gop,
      features: { frames, lpp: gop, loopLpp: 0, loopAgree: 0.5 },
    })),
  };
}

/**
 * What the posteriors typically say over these phones (the installed model's per-phone means): the
 * evidence a model that scores phones from posteriors needs, neutral so that these tests exercise
 * the aligner-based rules alone. The words at `fitBadly` (indexes) get posteriors that fit as badly
 * as their alignment does, as on real audio, where both come from the same acoustic model.
 */
function typicalEvidence(al: Alignment, fitBadly: number[] = []): PhoneEvidence[] {
  const part = model.posterior;
  return al.words.flatMap((w, i) =>
    w.phones.map((p) => {
      const typical = part?.lpr[p.phone]?.mean ?? LPR_PHONES.map(() => 0);
      const bad = fitBadly.includes(i);
      const lpr = bad ? typical.map((v) => v - 5) : typical;
      return {
        phone: p.phone,
        frames: p.features.frames ?? 3,
        lpp: bad ? p.gop : (part?.norms[p.phone]?.lppMean ?? 0),
        lpr,
        gopPost: Math.min(0, ...lpr),
        silPost: -8,
        energyDb: -30,
      };
    }),
  );
}

/** Scores a synthetic alignment with the installed model. */
const scoreSynthetic = (al: Alignment, fitBadly: number[] = []) =>
  scoreAlignment(al, { model, extra: { evidence: typicalEvidence(al, fitBadly) } });

function alignment(words: AlignedWord[]): Alignment {
  let t = 0.3;
  for (const w of words) {
    for (const p of w.phones) {
      p.start = t;
      t += p.features.frames / 100;
      p.end = t;
    }
    w.start = w.phones[0]?.start ?? t;
    w.end = t;
    t += 0.05;
  }
  return { ok: true, words, silences: [], model: 'en-us-16k', durationSec: t + 0.3 };
}

const typical = (heard?: boolean) => [
  word('we', ['W', 'IY'], -0.3, 8, heard),
  word('call', ['K', 'AO', 'L'], -0.4, 9, heard),
  word('it', ['IH', 'T'], -0.2, 7, heard),
  word('bear', ['B', 'EH', 'R'], -0.5, 10, heard),
];

describe('omitted words', () => {
  it('never zeroes a word the optional-words pass dropped when it fits like the speaker’s other words', () => {
    const words = typical();
    words[2].heard = false;
    words[2].phones[0].features.frames = 3; // squeezed, as accented function words often are
    const s = scoreSynthetic(alignment(words));
    expect(s.words.map((w) => w.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(s.overall.completeness).toBe(100);
  });

  it('zeroes a dropped word that is squeezed and fits far worse than the rest', () => {
    const words = typical();
    words[1] = word('call', ['K', 'AO', 'L'], -9, 3, false);
    const s = scoreSynthetic(alignment(words));
    expect(s.words[1]).toMatchObject({ status: 'omitted', score: 0 });
    expect(s.overall.completeness).toBe(75);
  });

  it('keeps a word that fits badly when the optional-words pass heard it (a weak word, not a skipped one)', () => {
    const words = typical();
    words[1] = word('call', ['K', 'AO', 'L'], -9, 3, true);
    // Words read their phones' posterior scores (docs/decisions/034): the word fits badly there too.
    const s = scoreSynthetic(alignment(words), [1]);
    expect(s.words[1].status).toBe('ok');
    expect(s.words[1].score).toBeLessThan(50);
  });

  it('asks for the optional-words pass only when some word looks skipped', () => {
    expect(mayHaveSkippedWords(typical(), model)).toBe(false);
    const words = typical();
    words[3] = word('bear', ['B', 'EH', 'R'], -9, 3);
    expect(mayHaveSkippedWords(words, model)).toBe(true);
  });
});

describe('agreement benchmark helpers', () => {
  it('drops the cached skipped-word verdicts where the product would not have run the pass', () => {
    const kept = asProductAlignment(alignment(typical(false)), model);
    expect(kept.words.every((w) => w.heard === undefined)).toBe(true);
    const words = typical(false);
    words[3] = word('bear', ['B', 'EH', 'R'], -9, 3, false);
    const ran = asProductAlignment(alignment(words), model);
    expect(ran.words.map((w) => w.heard)).toEqual([false, false, false, false]);
  });

  it('pairs product phones with the experts’ only where the phone counts agree, and counts omissions', () => {
    const expert = {
      id: 'x',
      speaker: '1',
      words: [
        { text: 'WE', accuracy: 10, phones: ['W', 'IY0'], phonesAccuracy: [2, 2] },
        { text: 'CALL', accuracy: 4, phones: ['K', 'AO1', 'L'], phonesAccuracy: [2, 0, 1] },
        { text: 'IT', accuracy: 9, phones: ['IH0', 'T'], phonesAccuracy: [2, 2] },
      ],
      accuracy: 8,
      fluency: 7,
      prosodic: 6,
      total: 7,
    } as unknown as ScoredUtterance;
    const line: ScoredLine = {
      words: [
        {
          word: 'we',
          score: 90,
          status: 'ok',
          start: 0,
          end: 0,
          phones: [
            { phone: 'W', score: 95 },
            { phone: 'IY', score: 90 },
          ],
        },
        { word: '…', score: 0, status: 'inserted', start: 0, end: 0, phones: [] },
        { word: 'call', score: 0, status: 'omitted', start: 0, end: 0, phones: [] },
        { word: 'it', score: 80, status: 'ok', start: 0, end: 0, phones: [{ phone: 'IH', score: 85 }] },
      ],
      overall: { pronunciation: 70, fluency: 60, prosody: 50, completeness: 67, total: 65 },
    };
    const a = new Agreement();
    a.addProduct(line, expert);
    expect(a.word).toEqual([
      [90, 10],
      [0, 4],
      [80, 9],
    ]);
    expect(a.phone).toEqual([
      [95, 2],
      [90, 2],
      [0, 2],
      [0, 0],
      [0, 1],
    ]);
    expect(a.unpairedPhones).toBe(2);
    expect(a.omitted).toEqual([4]);
    expect(a.utterance.total).toEqual([[65, 7]]);

    // The bench's "omitted words aside": the word scored 0 by that decision leaves the pairs.
    const read = new Agreement();
    read.addProduct(line, expert, { omittedAside: true });
    expect(read.word).toEqual([
      [90, 10],
      [80, 9],
    ]);
    expect(read.phone).toEqual([
      [95, 2],
      [90, 2],
    ]);
    expect(read.words).toBe(3);

    // The raw models' pairs leave out the same words when told their indexes.
    const sample = {
      utt: expert,
      al: { ok: true, words: expert.words.map((w) => ({ phones: w.phones.map((p) => ({ phone: p })) })) },
    } as unknown as Sample;
    const pred = {
      phone: [1.9, 1.8, 1.0, 0.5, 0.9, 2.0, 1.7],
      word: [9, 5, 8],
      utterance: { accuracy: 8, fluency: 7, prosodic: 6, total: 7 },
    } as unknown as Predictions;
    const raw = new Agreement();
    raw.addRaw(pred, sample, new Set([1]));
    expect(raw.word).toEqual([
      [9, 10],
      [8, 9],
    ]);
    expect(raw.phone).toEqual([
      [1.9, 2],
      [1.8, 2],
      [2.0, 2],
      [1.7, 2],
    ]);
  });

  it('offers "no rule" among the candidates, so selection can switch every rule off', () => {
    expect(RULE_CANDIDATES).toContainEqual({
      wordGopPull: 0,
      wordGopKnee: -2,
      localGopPull: 0,
      phoneWordBlend: 0,
    });
  });
});

describe('rules chosen per level', () => {
  /** An agreement whose phone and word pairs correlate at about `phone` and `word`. */
  function agreement(phone: number, word: number): Agreement {
    const a = new Agreement();
    for (let i = 0; i < 200; i++) {
      const t = Math.sin(i * 1.7);
      const noise = Math.cos(i * 2.3);
      a.phone.push([phone * t + (1 - phone) * noise, t]);
      a.word.push([word * t + (1 - word) * noise, t]);
    }
    return a;
  }
  const at = (candidates: typeof RULE_CANDIDATES, rules: Partial<(typeof RULE_CANDIDATES)[number]>) =>
    candidates.findIndex((c) => Object.entries(rules).every(([k, v]) => c[k as keyof typeof c] === v));
  /** Every candidate at 0.5 but the given one, which agrees at 0.9 on `level`. */
  const resultsWith = (candidates: typeof RULE_CANDIDATES, best: number, level: 'phone' | 'word') =>
    candidates.map((_, r) => {
      const v = r === best ? 0.9 : 0.5;
      return level === 'phone' ? agreement(v, 0.5) : agreement(0.5, v);
    });

  /** `chooseRules` where `phone` is the best phone candidate and `word` the best word candidate. */
  const chooseWith = (phone: Partial<ScoringRules>, word: Partial<ScoringRules>) => {
    const wordBest = at(WORD_RULE_CANDIDATES, word);
    const chosen = chooseRules(
      resultsWith(RULE_CANDIDATES, at(RULE_CANDIDATES, phone), 'phone'),
      resultsWith(WORD_RULE_CANDIDATES, wordBest, 'word'),
    );
    return { chosen, wordBest };
  };

  it('shows the words the pull that suits the words, and lends the phones the one that suits the phones', () => {
    const { chosen, wordBest } = chooseWith(
      { wordGopPull: 4, wordGopKnee: -1.5, localGopPull: 0.1, phoneWordBlend: 0.4 },
      { wordGopPull: 1, wordGopKnee: -2, wordPhoneBlend: 0.2, wordPhoneAggregate: 'min' },
    );
    expect(chosen.rules).toEqual({
      wordGopPull: 1,
      wordGopKnee: -2,
      localGopPull: 0.1,
      phoneWordBlend: 0.4,
      phoneWordPull: 4,
      phoneWordKnee: -1.5,
      wordPhoneBlend: 0.2,
      wordPhoneAggregate: 'min',
    });
    expect(chosen.wordAt).toBe(wordBest);
  });

  it('never offers the shown word no pull at all (a word said in place of another must lose points)', () => {
    expect(WORD_RULE_CANDIDATES.length).toBeGreaterThan(0);
    expect(WORD_RULE_CANDIDATES.every((c) => c.wordGopPull >= 1)).toBe(true);
  });

  it('keeps one pull when the phones borrow nothing from the words', () => {
    const { chosen } = chooseWith(
      { wordGopPull: 2, wordGopKnee: -1, localGopPull: 0.2, phoneWordBlend: 0 },
      { wordGopPull: 1, wordGopKnee: -1, wordPhoneBlend: 0 },
    );
    expect(chosen.rules).toEqual({ wordGopPull: 1, wordGopKnee: -1, localGopPull: 0.2, phoneWordBlend: 0 });
  });

  it("scores phones from the word score with the phones' own pull, and shows the word with its own", () => {
    const words = typical();
    words[1] = word('call', ['K', 'AO', 'L'], -9, 9);
    const al = alignment(words);
    const extra = { evidence: typicalEvidence(al) };
    const base = {
      ...model.rules,
      localGopPull: 0,
      phoneWordBlend: 0.6,
      wordGopKnee: -1,
      phoneWordPull: undefined,
      wordPhoneBlend: 0,
    };
    const shown = predict(al, { ...model, rules: { ...base, wordGopPull: 0 } }, extra);
    const pulled = predict(al, { ...model, rules: { ...base, wordGopPull: 6 } }, extra);
    const split = predict(al, { ...model, rules: { ...base, wordGopPull: 0, phoneWordPull: 6 } }, extra);
    expect(pulled.word[1]).toBeLessThan(shown.word[1] - 1);
    expect(split.word).toEqual(shown.word);
    expect(split.phone).toEqual(pulled.phone);
    expect(split.phone[3]).toBeLessThan(shown.phone[3]);
  });

  it("takes the asked share of a word's score from its phones' raw scores, and nothing else", () => {
    const al = alignment(typical());
    const extra = { evidence: typicalEvidence(al) };
    const base = { ...model.rules, phoneWordPull: undefined, wordPhoneBlend: 0 };
    const own = predict(al, { ...model, rules: base }, extra);
    const none = predict(al, { ...model, rules: { ...base, phoneWordBlend: 0, localGopPull: 0 } }, extra);
    for (const aggregate of ['mean', 'min'] as const) {
      const mixed = predict(
        al,
        { ...model, rules: { ...base, wordPhoneBlend: 0.4, wordPhoneAggregate: aggregate } },
        extra,
      );
      // "call": phones 2–4 (the raw phone scores are the phones' with no rule applied).
      const raw = none.phone.slice(2, 5);
      const v = aggregate === 'min' ? Math.min(...raw) : raw.reduce((a, b) => a + b, 0) / 3;
      // No phone of these words fits worse than the pull's knee, so the pull takes nothing here.
      expect(mixed.word[1]).toBeCloseTo(0.6 * own.word[1] + 0.4 * 5 * v, 6);
      expect(mixed.phone).toEqual(own.phone);
      expect(mixed.utterance).toEqual(own.utterance);
    }
  });

  it('pulls a word with a badly fitting phone by the whole pull, however much it takes from its phones', () => {
    const words = typical();
    words[1] = word('call', ['K', 'AO', 'L'], -9, 9);
    const al = alignment(words);
    const extra = { evidence: typicalEvidence(al) };
    const cut = (share: number) => {
      const rules = {
        ...model.rules,
        wordPhoneBlend: share,
        wordPhoneAggregate: 'min' as const,
        wordGopKnee: -1,
      };
      const free = predict(al, { ...model, rules: { ...rules, wordGopPull: 0 } }, extra);
      const pulled = predict(al, { ...model, rules: { ...rules, wordGopPull: 0.5 } }, extra);
      expect(pulled.word[1]).toBeGreaterThan(0); // not clamped
      expect(pulled.word[0]).toBe(free.word[0]); // a word that fits keeps its score
      return free.word[1] - pulled.word[1];
    };
    expect(cut(0)).toBeGreaterThan(0.5);
    expect(cut(0.8)).toBeCloseTo(cut(0), 6);
  });
});

describe('boosted trees on many distinct values', () => {
  it('split at quantile bins and still follow a smooth target', () => {
    const X = Array.from({ length: 3000 }, (_, i) => [
      Math.sin(i * 12.9898) * 43758.5453 - Math.floor(Math.sin(i * 12.9898) * 43758.5453),
    ]);
    const y = X.map(([x]) => (x > 0.5 ? 1 : 0) + x);
    const m = fitBoosted(X, y, { rounds: 200, rate: 0.1, depth: 3, minLeaf: 10 });
    for (const x of [0.1, 0.45, 0.55, 0.9])
      expect(predictBoosted(m, [x])).toBeCloseTo((x > 0.5 ? 1 : 0) + x, 1);
  });
});
