import { ARPABET_PHONES } from '@agaton/contracts';
import type { Segment } from 'soundswallower';

/** The 39 ARPAbet phones of the CMU dictionary (no stress): the loop's vocabulary. */
export const LOOP_PHONES = ARPABET_PHONES;

export const PHONE_SET: ReadonlySet<string> = new Set(LOOP_PHONES);

/**
 * One pseudo-word per phone. The prefix keeps them apart from real words ("phd", "php" and "phy"
 * are in the dictionary, so a bare "ph" prefix collides).
 */
export function loopWord(phone: string): string {
  return `ph_${phone.toLowerCase()}`;
}

/** Free phone loop: any sequence of phones, silences inserted by the decoder. */
export function loopGrammar(): string {
  return `#JSGF V1.0;\ngrammar phoneloop;\npublic <loop> = <ph>+;\n<ph> = ${LOOP_PHONES.map(loopWord).join(' | ')};\n`;
}

/** Per-frame score and phone label of the phone-loop decoding. */
export interface PhoneFrames {
  /** Log score of each frame (the segment's score spread evenly over its frames). */
  score: Float64Array;
  /** Phone heard in each frame ('' for silence or unknown). */
  phone: string[];
}

/** The phone a loop pseudo-word stands for ('' for silence, fillers and empty transitions). */
function loopPhone(token: string): string {
  const phone = token.startsWith('ph_') ? token.slice(3).toUpperCase() : token;
  return PHONE_SET.has(phone) ? phone : '';
}

/**
 * Spreads the phone-loop result over frames. `loop` is the decoder's word-level result for the
 * loop's best phone sequence, one pseudo-word per phone (null when the loop search failed; every
 * frame then scores 0, the best possible, so the GOP falls back to the forced alignment's own
 * ratio against the best senone). Empty "(NULL)" transitions share a frame with a phone and are
 * skipped.
 */
export function phoneFrames(loop: Segment | null, nFrames: number): PhoneFrames {
  const score = new Float64Array(nFrames);
  const phone: string[] = new Array(nFrames).fill('');
  for (const word of loop?.w ?? []) {
    for (const seg of word.w ?? [word]) {
      if (seg.t === '(NULL)') continue;
      const first = Math.round(seg.b * 100);
      const frames = Math.max(1, Math.round(seg.d * 100));
      const perFrame = (Math.log(Math.max(seg.p, 5e-4)) * 1024) / frames;
      const label = loopPhone(seg.t);
      for (let f = first; f < first + frames && f < nFrames; f++) {
        score[f] = perFrame;
        phone[f] = label;
      }
    }
  }
  return { score, phone };
}
