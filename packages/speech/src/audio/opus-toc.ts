import { SpeechInputError } from '../types.ts';
import { INPUT_LIMITS } from './input-limits.ts';

/** Frame length in ms by TOC configuration (RFC 6716 section 3.1): SILK, hybrid, then CELT. */
function frameMs(config: number): number {
  if (config < 12) return [10, 20, 40, 60][config % 4];
  if (config < 16) return [10, 20][config % 2];
  return [2.5, 5, 10, 20][config % 4];
}

/**
 * Seconds of audio an Opus packet holds, from its TOC byte and frame count (RFC 6716 section 3.1);
 * 0 for an empty packet. This is what libopus decodes, so the sum over packets is exact.
 */
export function opusPacketSec(packet: Uint8Array): number {
  if (packet.length === 0) return 0;
  const code = packet[0] & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : packet.length > 1 ? packet[1] & 0x3f : 0;
  return (frames * frameMs(packet[0] >> 3)) / 1000;
}

/**
 * A running total of Opus packet durations that throws TOO_LONG once it passes `maxSec` (plus
 * slack), so a demuxer stops reading packets at the task's limit instead of listing millions.
 */
export function opusBudget(maxSec: number): (packet: Uint8Array) => void {
  let seconds = 0;
  return (packet) => {
    seconds += opusPacketSec(packet);
    if (seconds > maxSec + INPUT_LIMITS.slackSec) {
      throw new SpeechInputError(
        'TOO_LONG',
        `The recording lasts more than ${seconds.toFixed(1)} s; at most ${maxSec} s is accepted.`,
      );
    }
  };
}
