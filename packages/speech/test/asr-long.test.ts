import { describe, expect, it } from 'vitest';
import { PocketSphinxRecogniser, splitAtSilences, transcribeLong, wordErrorRate } from '../src/asr/index.js';
import type { Pcm16k, Recogniser, Transcript } from '../src/types.js';
import { concat, pcm, readAudio } from './asr-audio.js';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const IDS = ['0870', '0880', '0890', '0920', '0930'];
const clips = IDS.map((id) => readAudio(`${LIBRIVOX}/sense_and_sensibility_01_austen_64kb-${id}.wav`));

describe('splitAtSilences', () => {
  it('cuts a long recording inside the pauses between sentences', () => {
    // 5 sentences (2.5–7 s each) with 1.5 s pauses, repeated to about 2 minutes.
    const long = concat([...clips, ...clips, ...clips, ...clips], 1.5);
    const segments = splitAtSilences(long, { minSec: 8, maxSec: 14 });
    expect(segments[0].startSample).toBe(0);
    expect(segments.at(-1)?.endSample).toBe(long.samples.length);
    for (let i = 1; i < segments.length; i++) {
      expect(segments[i].startSample).toBe(segments[i - 1].endSample);
      const cut = segments[i].startSample;
      // The 50 ms around each cut is near-silent (the pause), so no word is split in two.
      let peak = 0;
      for (let s = cut - 400; s < cut + 400; s++) peak = Math.max(peak, Math.abs(long.samples[s] ?? 0));
      expect(peak).toBeLessThan(0.05);
    }
    for (const s of segments.slice(0, -1))
      expect((s.endSample - s.startSample) / 16000).toBeLessThanOrEqual(14);
  });

  it('marks silent stretches as unvoiced so they are not decoded', () => {
    const quiet = pcm(new Float32Array(40 * 16000));
    const withSpeech = concat([quiet, clips[0], quiet]);
    const segments = splitAtSilences(withSpeech, { minSec: 20, maxSec: 30 });
    expect(segments.some((s) => !s.voiced)).toBe(true);
    expect(segments.some((s) => s.voiced)).toBe(true);
  });
});

describe('transcribeLong', () => {
  it('transcribes a multi-segment recording in parallel and keeps words on the recording time line', async () => {
    // Three sentences (0880, 0890, 0930) read twice with 1.5 s pauses: ~31 s, cut into 5–9 s segments.
    const three = [clips[1], clips[2], clips[4]];
    const long = concat([...three, ...three], 1.5);
    const recogniser = new PocketSphinxRecogniser();
    const t = await transcribeLong(long, { recogniser, concurrency: 2, minSec: 5, maxSec: 9 });
    const reference = [
      'he was not an ill disposed young man',
      'unless to be rather cold hearted and rather selfish is to be ill disposed',
      'he might even have been made amiable himself',
    ].join(' ');
    const { errors, referenceWords } = wordErrorRate(`${reference} ${reference}`, t.text);
    expect(errors / referenceWords).toBeLessThan(0.4);
    for (let i = 1; i < t.words.length; i++)
      expect(t.words[i].start).toBeGreaterThanOrEqual(t.words[i - 1].start);
    // The second reading of "selfish" is in the second half of the recording…
    const selfish = t.words.filter((w) => w.text === 'selfish');
    expect(selfish.length).toBe(2);
    expect(selfish[1].start).toBeGreaterThan(long.durationSec / 2);
    // …exactly one pass of the three clips plus three 1.5 s pauses after the first.
    const pass = three.reduce((sum, c) => sum + c.durationSec, 0) + 3 * 1.5;
    expect(Math.abs(selfish[1].start - selfish[0].start - pass)).toBeLessThan(0.3);
  }, 180_000);

  it('sends one request per voiced segment to recognisers without batch decoding', async () => {
    const seen: number[] = [];
    const fake: Recogniser = {
      async transcribe(audio: Pcm16k): Promise<Transcript> {
        seen.push(audio.durationSec);
        return {
          text: 'hello',
          words: [{ text: 'hello', start: 0.5, end: 0.9, confidence: 0.9 }],
          engine: 'x',
        };
      },
    };
    const long = concat([...clips, ...clips], 1.5);
    const t = await transcribeLong(long, { recogniser: fake, concurrency: 3, minSec: 10, maxSec: 16 });
    expect(t.words.length).toBe(seen.length);
    expect(seen.reduce((a, b) => a + b, 0)).toBeCloseTo(long.durationSec, 0);
    expect(t.words[1].start).toBeGreaterThan(10);
  });
});
