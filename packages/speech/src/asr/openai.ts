import type { Pcm16k, RecognisedWord, Recogniser, Transcript } from '../types.js';
import { round } from './ctm.js';
import { isFilledPause, isNonSpeech } from './fillers.js';
import { toWavBytes } from './pcm-bytes.js';
import { toTranscript } from './transcript.js';

export interface OpenAiRecogniserOptions {
  /** Server root, e.g. `http://localhost:8000`; `/v1/audio/transcriptions` is appended. */
  baseUrl: string;
  apiKey?: string;
  /** Default `whisper-1`. */
  model?: string;
  /** Request timeout in ms. Default 120 000. */
  timeoutMs?: number;
}

/** The parts of the `verbose_json` transcription response that we read. */
interface VerboseJson {
  text?: string;
  duration?: number;
  words?: { word: string; start: number; end: number; probability?: number }[];
  segments?: { start: number; end: number; text: string; avg_logprob?: number; no_speech_prob?: number }[];
}

/**
 * Recogniser for any server speaking OpenAI's `/v1/audio/transcriptions` protocol (OpenAI, or a
 * self-hosted Whisper server). Word times come from `timestamp_granularities[]=word`; a word's
 * confidence is its own `probability` when the server sends one, else exp(avg_logprob) of the segment
 * it falls in (OpenAI's words carry no probability).
 */
export class OpenAiRecogniser implements Recogniser {
  readonly engine: string;
  private readonly url: string;

  constructor(private readonly options: OpenAiRecogniserOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, '')}/v1/audio/transcriptions`;
    this.engine = `openai-compatible:${options.model ?? 'whisper-1'}`;
  }

  async transcribe(audio: Pcm16k): Promise<Transcript> {
    const form = new FormData();
    form.append('file', new Blob([toWavBytes(audio)], { type: 'audio/wav' }), 'audio.wav');
    form.append('model', this.options.model ?? 'whisper-1');
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    form.append('timestamp_granularities[]', 'segment');
    const headers: Record<string, string> = {};
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const response = await fetch(this.url, {
      method: 'POST',
      body: form,
      headers,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 120_000),
    });
    if (!response.ok) {
      const body = (await response.text()).slice(0, 200);
      throw new Error(`transcription server answered ${response.status}: ${body}`);
    }
    return toTranscript(wordsFromVerboseJson((await response.json()) as VerboseJson), this.engine);
  }
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Maps a `verbose_json` body to words; falls back to segment text spread over segment time. */
export function wordsFromVerboseJson(body: VerboseJson): RecognisedWord[] {
  const segments = body.segments ?? [];
  const segmentConfidence = (t: number) => {
    const seg = segments.find((s) => t >= s.start && t <= s.end) ?? segments.find((s) => t < s.end);
    return seg?.avg_logprob === undefined ? 0.5 : clamp01(Math.exp(seg.avg_logprob));
  };
  const out: RecognisedWord[] = [];
  const push = (raw: string, start: number, end: number, confidence: number) => {
    const text = raw
      .trim()
      .toLowerCase()
      .replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');
    if (!text || isNonSpeech(raw.trim())) return;
    const word: RecognisedWord = {
      text,
      start: round(start),
      end: round(end),
      confidence: clamp01(confidence),
    };
    if (isFilledPause(text)) word.filler = true;
    out.push(word);
  };

  if (body.words && body.words.length > 0) {
    for (const w of body.words) {
      push(w.word, w.start, w.end, w.probability ?? segmentConfidence((w.start + w.end) / 2));
    }
    return out;
  }
  const spans =
    segments.length > 0 ? segments : [{ start: 0, end: body.duration ?? 0, text: body.text ?? '' }];
  for (const seg of spans) {
    // Without word times, spread the segment's words over it in proportion to their length.
    const tokens = seg.text.split(/\s+/).filter(Boolean);
    const totalChars = tokens.reduce((n, t) => n + t.length, 0) || 1;
    const confidence =
      'avg_logprob' in seg && seg.avg_logprob !== undefined ? Math.exp(seg.avg_logprob) : 0.5;
    let t = seg.start;
    for (const token of tokens) {
      const dur = ((seg.end - seg.start) * token.length) / totalChars;
      push(token, t, t + dur, confidence);
      t += dur;
    }
  }
  return out;
}
