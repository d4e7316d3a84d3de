import { describe, expect, it } from 'vitest';
import type { VoicedSegment } from '../src/audio/vad.ts';
import type { TimedWord } from '../src/fluency/events.ts';
import { analyseFluency } from '../src/fluency/fluency.ts';

/** Words of `text` spoken back to back at `secPerWord`, with extra silence after the given indices. */
function speak(text: string, secPerWord: number, gapsAfter: Record<number, number> = {}) {
  const words: TimedWord[] = [];
  const voiced: VoicedSegment[] = [];
  let t = 0.5;
  text.split(' ').forEach((w, i) => {
    words.push({ text: w, start: t, end: t + secPerWord });
    const last = voiced.at(-1);
    if (last && last.end === t) last.end = t + secPerWord;
    else voiced.push({ start: t, end: t + secPerWord });
    t += secPerWord + (gapsAfter[i] ?? 0);
  });
  return { words, voiced };
}

const TEXT = 'the weather was nice this morning so we walked to the park near the river';

describe('analyseFluency', () => {
  it('reports inserted one-second silences as long pauses and none when speech is continuous', () => {
    const smooth = analyseFluency(speak(TEXT, 0.4));
    expect(smooth.counts.pauses + smooth.counts.silences).toBe(0);
    expect(smooth.hesitationsAndPausesPerSentence).toBe(0);

    const paused = analyseFluency(speak(TEXT, 0.4, { 4: 1, 9: 1 }));
    expect(paused.counts.pauses).toBe(2);
    expect(paused.counts.longPauses).toBe(2);
    expect(paused.pauses.map((p) => p.start)).toEqual([2.5, 5.5]);
    expect(paused.score).toBeLessThan(smooth.score);
    expect(paused.explanation).toMatch(/2 pauses \(2 long\)/);
  });

  it('finds filled pauses and immediate repetitions as hesitations', () => {
    const f = analyseFluency(speak('I think um the the answer is uh yes', 0.3));
    expect(f.counts.filledPauses).toBe(2);
    expect(f.counts.repetitions).toBe(1);
    expect(f.counts.hesitations).toBe(3);
    expect(f.pauses.filter((p) => p.kind === 'repetition')[0].text).toBe('the');
  });

  it('measures words per minute only from ten words on, and a slower speaker gets a lower rate', () => {
    expect(analyseFluency(speak('too few words here', 0.3)).speakingRate.wordsPerMinute).toBeNull();
    const normal = analyseFluency(speak(TEXT, 0.45)).speakingRate;
    const slow = analyseFluency(speak(TEXT, 0.45 / 0.7)).speakingRate;
    expect(normal.wordsPerMinute).toBe(133);
    expect(normal.comparedToAverage).toBe('average');
    expect(slow.wordsPerMinute).toBeLessThan(100);
    expect(slow.comparedToAverage).toBe('slower');
  });

  it('excludes pauses from the articulation rate but not from the speaking rate', () => {
    const rate = analyseFluency(speak(TEXT, 0.4, { 7: 1.5 })).speakingRate;
    expect(rate.articulationRate).toBe(150);
    expect(rate.wordsPerMinute).toBeLessThan(130);
  });

  it('counts sentences from the reference punctuation and rounds pauses per sentence to one decimal', () => {
    const { words, voiced } = speak(TEXT, 0.4, { 2: 0.5, 4: 0.8, 9: 1 });
    const f = analyseFluency({
      words,
      voiced,
      referenceText: 'The weather was nice this morning. So we walked to the park. Near the river.',
    });
    expect(f.sentences?.count).toBe(3);
    expect(f.hesitationsAndPausesPerSentence).toBe(1);
    const free = analyseFluency({ words, voiced });
    // Free speech: the two long pauses end sentences, so there are three.
    expect(free.sentences?.count).toBe(3);
  });

  it('names words said much slower than the speaker’s own pace', () => {
    const { words, voiced } = speak(TEXT, 0.35);
    words[3].end = words[3].start + 1.4; // "nice" dragged out
    expect(analyseFluency({ words, voiced }).speakingRate.slowWords).toEqual(['nice']);
  });
});
