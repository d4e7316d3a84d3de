/**
 * What an upload's container may declare before anything is decoded, and how decoding is bounded.
 * Every figure of the hostile-input checks lives here (docs/decisions/009-hostile-audio.md).
 */
export const INPUT_LIMITS = {
  /**
   * Sample rates read: telephone recordings (8 kHz) to studio ones (192 kHz). A header outside this
   * is not a recording: an 83 KB WAV claiming 1 Hz once resampled into 665 M samples for two minutes.
   */
  minSampleRate: 8000,
  maxSampleRate: 192_000,
  /** Channels a container may declare; browsers record 1 or 2, 7.1 files have 8. */
  maxChannels: 8,
  /**
   * Seconds by which a declared or decoded duration may exceed the task's maximum before decoding
   * stops: encoder delay and padding, and MP3 frame-count estimates, are a fraction of this. The exact
   * check runs on the decoded samples afterwards (checkSpeech).
   */
  slackSec: 1,
  /**
   * Decoded samples (all channels) one input chunk may yield at the codec's densest. Inputs are fed to
   * the decoder in chunks sized from this, so one chunk of crafted silence cannot decode to gigabytes
   * before the running total is checked against the task's limit.
   */
  chunkSamples: 1 << 22,
  /** Input chunk bounds in bytes, whatever the codec's density. */
  minChunkBytes: 256,
  maxChunkBytes: 64 * 1024,
} as const;

/**
 * The most decoded samples per input byte and channel each codec can produce, for sizing chunks:
 * WAV at least one byte per sample; MP3 1152 samples in a 24-byte frame at the least; AAC 2048 (SBR)
 * in a 7-byte ADTS frame; Vorbis and Opus a 4096/5760-sample packet in about two bytes of Ogg or
 * WebM; FLAC 65535 samples in a ~10-byte constant-subframe frame (narrowed by STREAMINFO's maximum
 * block size when the file declares it); MP4 may carry any of these, so it takes the FLAC figure.
 */
export const DENSEST_SAMPLES_PER_BYTE = {
  wav: 1,
  mp3: 48,
  aac: 300,
  oga: 2048,
  opus: 2880,
  webm: 2880,
  flac: 6554,
  m4a: 6554,
} as const;
