export {
  type AnalyseContentOptions,
  analyseContent,
  answerFactor,
  explainAnswer,
  MIN_CLEAR_WORDS,
  OFF_TOPIC_FACTOR,
  SHORT_ANSWER_SEC,
} from './analyse.js';
export { detectGrammar, type GrammarItem, grammarLevel } from './grammar.js';
export { lemmaCandidates } from './lemmatise.js';
export { isProfane, maskProfanity, maskWord } from './profanity.js';
export { type RougeScore, rouge1 } from './rouge.js';
export { estimateVocabulary, lookUp, type VocabularyEstimate } from './vocabulary.js';
