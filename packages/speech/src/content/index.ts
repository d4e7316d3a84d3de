export { type AnalyseContentOptions, analyseContent, MIN_VOCABULARY_CONFIDENCE } from './analyse.js';
export { detectGrammar, type GrammarItem, grammarLevel } from './grammar.js';
export { lemmaCandidates } from './lemmatise.js';
export { type RougeScore, rouge1 } from './rouge.js';
export { estimateVocabulary, lookUp, type VocabularyEstimate } from './vocabulary.js';
