import { SpeechInputError } from '../types.ts';
import { probeAudio } from './probe.ts';
import { sniffFormat } from './sniff.ts';

/**
 * The channels a recording's headers declare, read without decoding (docs/decisions/009): null when
 * the file is not audio we read, its headers are refused, or they do not say. Loads no decoder, so
 * the api thread can ask before it hands a recording to the workers (`@agaton/speech/channels`).
 */
export function audioChannels(bytes: Uint8Array): number | null {
  const format = sniffFormat(bytes);
  if (!format) return null;
  try {
    return probeAudio(bytes, format).channels;
  } catch (error) {
    if (error instanceof SpeechInputError) return null;
    throw error;
  }
}
