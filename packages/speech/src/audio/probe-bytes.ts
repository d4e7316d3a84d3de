import { SpeechInputError } from '../types.ts';

/** Small readers shared by the container probes. */
export const corrupt = (message: string) => new SpeechInputError('CORRUPT', message);
export const unsupported = (message: string) => new SpeechInputError('UNSUPPORTED', message);
/** `n` bytes at `at` as Latin-1 text (box types, chunk ids, magic strings). */
export const text = (b: Uint8Array, at: number, n = 4) => String.fromCharCode(...b.subarray(at, at + n));
export const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
