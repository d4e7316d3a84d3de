/**
 * Response shapes of the demo scoring calls (spec 3 sections 3.10 and 7.6), as the scoring module of
 * the api returns them. Kept narrow: only the fields the demo screens read.
 */
export interface ExplainedScore {
  score: number;
  explanation: { keyword: string; description: string }[] | string;
}

export interface PhoneScore {
  phone: string;
  ipa?: string;
  respelled?: string;
  score: number;
}

export interface WordScore {
  word: string;
  score: number;
  phones?: PhoneScore[];
  status?: 'ok' | 'omitted' | 'inserted' | 'repeated';
}

export interface Assessment {
  overall_score: number;
  pronunciation: ExplainedScore;
  fluency: ExplainedScore & { speech_rate_experimental?: number | null };
  fluency_stats: { num_pauses: number; num_silences: number; num_hesitations: number };
  content?: ExplainedScore;
  transcriptConfidence: { value: number; humanizedValue: 'High' | 'Medium' | 'Low' };
  cefrEstimation?: { grammar?: string | null; vocabulary?: string | null };
}

export interface PhraseScoreResponse {
  word_scores: WordScore[];
  assessment: Assessment;
}

export interface FreeSpeechScoreResponse extends PhraseScoreResponse {
  transcript?: string;
  nlp_assessment: {
    narrative: string;
    cefr_stats: { vocabulary?: string | null; grammar?: string | null; [k: string]: unknown };
    text_similarity_metrics: { rouge1: number | null };
  };
}
