import { sharedEmbedder } from '../../../providers/embeddings/embedder.ts';
import { answerWithLlm } from './llm.ts';
import { answerOffline } from './offline.ts';
import type { CallAnswerer, QuestionAnswer } from './types.ts';

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
