import type { TranscriptLine } from '@agaton/contracts';

let t = 0;

/** A transcript line of a test call, 3 s long, each a second after the one made before it. */
export function line(index: number, speaker: TranscriptLine['speaker'], text: string): TranscriptLine {
  t += 4;
  return {
    index,
    speaker,
    speakerLabel: speaker === 'AGENT' ? 'Agent' : 'Customer',
    start: t,
    end: t + 3,
    text,
  };
}
