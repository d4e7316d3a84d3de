import type { FlagLevel } from '@agaton/contracts';
import { sharedEmbedder } from '../../../providers/embeddings/embedder.ts';
import { answerWithLlm } from './llm.ts';
import { answerOffline } from './offline.ts';
import type { AnswerableQuestion, CallAnswerer, QuestionAnswer } from './types.ts';

export { suggestEvidence } from './suggest.ts';
export type { AnswerableQuestion, CallAnswerer, QuestionAnswer, ReferenceDocument } from './types.ts';

/**
 * The call answerer of QA (spec 3): offline by words and sentence embeddings, or, with `settings.llm`,
 * an OpenAI-compatible model whose answers are checked and replaced by the offline answer when they
 * are invalid.
 */
export function createCallAnswerer(settings: {
  llm?: { baseUrl: string; apiKey: string; model: string };
}): CallAnswerer {
  const embedder = sharedEmbedder();
  const { llm } = settings;
  return {
    async answerCall(input) {
      const [offline, byModel] = await Promise.all([
        answerOffline(input, { embedder }),
        llm ? answerWithLlm(input, llm) : new Map<string, QuestionAnswer>(),
      ]);
      return offline.map((answer) => byModel.get(answer.questionId) ?? answer);
    },
  };
}

/**
 * GREEN when the answer is the expected one; otherwise RED (HIGH) / YELLOW (MEDIUM); NOT_APPLICABLE →
 * UNSPECIFIED. An answer that needs review raises neither an alert nor a pass until a person looks:
 * YELLOW whichever way it leans (issue 27; decision 022 made a leaning-good one GREEN).
 */
export function flagFor(
  a: Pick<QuestionAnswer, 'answer' | 'needsReview'>,
  q: Pick<AnswerableQuestion, 'isTrueGood' | 'severity'>,
): FlagLevel {
  if (a.answer === 'NOT_APPLICABLE') return 'UNSPECIFIED';
  if (a.needsReview) return 'YELLOW';
  const expected = q.isTrueGood ? 'YES' : 'NO';
  if (a.answer === expected) return 'GREEN';
  return q.severity === 'HIGH' ? 'RED' : 'YELLOW';
}
