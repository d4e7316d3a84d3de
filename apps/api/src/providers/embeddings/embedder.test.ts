import { describe, expect, it } from 'vitest';
import { cosine, createEmbedder } from './embedder.ts';

describe('sentence embeddings (Universal Sentence Encoder lite)', () => {
  it('places a paraphrase closer than an unrelated sentence', async () => {
    const [a, b, c] = await createEmbedder().embed([
      'I would like a refund please',
      'Can I get my money back?',
      'The weather is lovely today',
    ]);
    expect(a).toHaveLength(512);
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c) + 0.2);
  });

  it('returns a vector for every text of a call larger than its cache, in order', async () => {
    const texts = ['one refund', 'two refunds', 'three refunds', 'one refund', 'four refunds'];
    const small = await createEmbedder({ cacheSize: 2 }).embed(texts);
    const fresh = await createEmbedder().embed(texts);
    expect(small).toHaveLength(5);
    for (const [i, v] of small.entries()) expect(cosine(v, fresh[i])).toBeCloseTo(1, 5);
    expect(cosine(small[0], small[3])).toBeCloseTo(1, 5);
  });
});
