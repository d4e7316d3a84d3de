import { OpusDecoder } from 'opus-decoder';
import { missingChannel } from './capped-decode.ts';
import { oggOpusPackets } from './ogg.ts';
import { opusBudget } from './opus-toc.ts';
import { sniffFormat } from './sniff.ts';
import { webmOpusPackets } from './webm.ts';

/** Fields of an OpusHead (RFC 7845 section 5.1) the decoder needs. */
interface OpusHead {
  channels: number;
  /** Samples at 48 kHz to drop from the start (encoder delay). */
  preSkip: number;
  /** 0: mono or stereo in one stream; anything else is a multichannel layout. */
  mappingFamily: number;
}

function readOpusHead(bytes: Uint8Array): OpusHead | null {
  if (bytes.length < 19 || new TextDecoder().decode(bytes.subarray(0, 8)) !== 'OpusHead') return null;
  return { channels: bytes[9], preSkip: bytes[10] | (bytes[11] << 8), mappingFamily: bytes[18] };
}

/**
 * Opus in WebM or Ogg (what Chromium, Edge and Firefox record) decoded straight to 16 kHz mono:
 * stereo mixed down, or only `channel` (0 = left, 1 = right) when given.
 * libopus decodes at 16 kHz natively, which skips decoding at 48 kHz and resampling: about 14 ms
 * for a 5 s recording against 44 ms through `audio-decode` (docs/decisions/008).
 *
 * Returns null for anything else (other codecs, multichannel layouts, laced WebM blocks) so the
 * caller falls back to the general decoder; throws when no packet of the file decodes. Packets
 * holding more than `maxSec` (plus slack) are refused with TOO_LONG while they are being read,
 * before any is decoded: 12 MB of one-byte packets would otherwise be 33 hours of audio.
 */
export async function decodeOpus16k(
  bytes: Uint8Array,
  format = sniffFormat(bytes),
  maxSec = Number.POSITIVE_INFINITY,
  channel?: number,
): Promise<Float32Array | null> {
  const budget = opusBudget(maxSec);
  const stream =
    format === 'webm'
      ? webmOpusPackets(bytes, budget)
      : format === 'opus'
        ? oggOpusPackets(bytes, budget)
        : null;
  const head = stream && readOpusHead(stream.opusHead);
  if (!stream || !head || head.mappingFamily !== 0 || head.channels < 1 || head.channels > 2) return null;
  if (channel !== undefined && channel >= head.channels)
    throw missingChannel(format ?? 'opus', head.channels, channel);
  // opus-decoder drops `preSkip` samples of its output rate; the header counts them at 48 kHz.
  const preSkip = Math.round(head.preSkip / 3);
  const decoder = new OpusDecoder({ sampleRate: 16000, channels: head.channels, preSkip });
  await decoder.ready;
  try {
    const { channelData, samplesDecoded, errors } = withoutConsoleErrors(() =>
      decoder.decodeFrames(stream.packets),
    );
    if (errors.length === stream.packets.length)
      throw new Error(errors[0]?.message ?? 'no Opus packet decoded');
    if (channelData.length === 1) return channelData[0].subarray(0, samplesDecoded);
    if (channel !== undefined) return channelData[channel].subarray(0, samplesDecoded);
    const mono = new Float32Array(samplesDecoded);
    for (let i = 0; i < samplesDecoded; i++) mono[i] = (channelData[0][i] + channelData[1][i]) / 2;
    return mono;
  } finally {
    decoder.free();
  }
}

/**
 * opus-decoder writes every bad packet to console.error as well as returning it in `errors`; a
 * damaged upload would print a line per 20 ms. The call is synchronous, so muting it is contained.
 */
function withoutConsoleErrors<T>(run: () => T): T {
  const original = console.error;
  console.error = () => undefined;
  try {
    return run();
  } finally {
    console.error = original;
  }
}
