/** Response shapes of the demo scoring calls (spec 3 sections 3.10 and 7.6), from the shared contracts. */
export type {
  DemoReadingResponse as PhraseScoreResponse,
  FreeSpeechResponse as FreeSpeechScoreResponse,
  WordScore,
} from '@agaton/contracts';
