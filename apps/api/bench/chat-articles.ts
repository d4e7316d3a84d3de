import { searchArticles } from '../src/modules/chat/assistant/article-search.ts';

/**
 * Article retrieval in `npm run bench:chat`: one learner's question per learning article, phrased as a
 * learner would put the problem (not with the article's title), and the article that answers it.
 * Measured with BM25 alone and with BM25 and sentence embeddings fused.
 */
export const ARTICLE_QUESTIONS: [question: string, slug: string][] = [
  ["People hear 'sink' when I say 'think'. How do I fix that?", 'the-two-th-sounds'],
  ["I say 'wery' instead of 'very'", 'v-and-w'],
  ["My 'rice' sounds like 'lice'", 'r-and-l'],
  ["I can't make 'ship' and 'sheep' sound different", 'short-and-long-vowels'],
  ["'Cat' and 'cut' sound the same when I say them", 'open-vowels'],
  ["I drop the ending of 'worked' and 'costs'", 'finish-your-words'],
  ["Where do I put the emphasis in 'photography'?", 'word-stress'],
  ['My voice sounds flat and boring', 'sentence-stress-and-intonation'],
  ['Native speakers seem to run their words together, how do I do that?', 'linking-and-connected-speech'],
  ["I say 'like' and 'you know' all the time", 'filler-words'],
  ['People say I talk way too fast', 'pace-and-pauses'],
  ['I never manage to get a word in during calls with my team', 'speaking-up-in-meetings'],
  ['People confuse thirteen and thirty when I say them', 'presenting-numbers-and-dates'],
  ['I have a TOEFL speaking exam next month', 'preparing-for-a-speaking-test'],
];

/** Share of questions whose article is first, and among the first three, with and without embeddings. */
export async function articleRetrieval(questions = ARTICLE_QUESTIONS) {
  const rows = [];
  for (const embeddings of [false, true]) {
    let first = 0;
    let top3 = 0;
    const misses: string[] = [];
    for (const [question, slug] of questions) {
      const found = (await searchArticles(question, { embeddings })).map((a) => a.slug);
      if (found[0] === slug) first++;
      if (found.includes(slug)) top3++;
      else misses.push(`${question} → ${found.join(', ') || 'nothing'}`);
    }
    rows.push({ method: embeddings ? 'BM25 + embeddings' : 'BM25 alone', first, top3, misses });
  }
  return rows;
}
