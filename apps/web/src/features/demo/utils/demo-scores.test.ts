import { beforeEach, describe, expect, it } from 'vitest';
import { loadDemoScores, saveIfBetter } from './demo-scores';

describe('demo scores', () => {
  beforeEach(() => localStorage.clear());

  it('keeps only the better score per task', () => {
    saveIfBetter('reading', { _id: 't1', overall_score: 70 });
    saveIfBetter('reading', { _id: 't1', overall_score: 60 });
    expect(loadDemoScores().reading.t1.overall_score).toBe(70);
    saveIfBetter('reading', { _id: 't1', overall_score: 85 });
    expect(loadDemoScores().reading.t1.overall_score).toBe(85);
  });

  it('stores free-speech scores with the transcript confidence', () => {
    const best = saveIfBetter('freeSpeech', {
      _id: 'f1',
      overall_score: 77,
      believabilityScore: { transcriptConfidence: { value: 0.7 } },
    });
    expect(best.overall_score).toBe(77);
    expect(loadDemoScores().freeSpeech.f1.believabilityScore.transcriptConfidence.value).toBe(0.7);
  });

  it('survives a corrupt entry', () => {
    localStorage.setItem('agaton.demo.scores', '{nope');
    expect(loadDemoScores()).toEqual({ reading: {}, freeSpeech: {} });
  });
});
