/** Text-to-speech for sample answers (spec 3 section 7.6); a provider interface with flite as default. */
export interface TextToSpeech {
  /** Speaks `text` in the accent of `country` (only US is used by the spec). */
  synthesize(options: { text: string; country: string }): Promise<{ audio: Buffer; contentType: string }>;
}

/** Longest text we speak; sample answers are a few sentences. */
export const TTS_MAX_CHARS = 600;
