/**
 * RAGAS response relevancy (Es et al. 2023, "answer relevancy" in RAGAS): how well an answer addresses the
 * question, read backwards. A model writes the questions the answer would answer; an answer that addresses the
 * question yields questions close to it, a partial, padded or off-topic answer yields questions that drift.
 * Pure: the model call and the embeddings are made elsewhere (`grading/judge/response-relevancy.ts`).
 */

/**
 * Cosine similarity of two vectors: dot(a, b) / (|a| |b|); 0 when either has zero length (nothing to compare).
 * Example: a = (1, 0), b = (0.6, 0.8) -> 0.6 / (1 * 1) = 0.6.
 */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0
  let normA = 0
  let normB = 0
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!
    normA += a[i]! * a[i]!
    normB += b[i]! * b[i]!
  }
  if (normA === 0 || normB === 0) return 0
  return dot / Math.sqrt(normA * normB)
}

/**
 * `response_relevancy` = 0 when the answer is noncommittal (evasive, "it depends", "I am not sure"), else the
 * mean cosine similarity between the embedding of the original question and the embedding of each of the N
 * questions generated from the answer: (1/N) * sum_i cos(E(q), E(g_i)). Higher is better; cosine can be
 * negative, so the value lies in [-1, 1] (in practice, with text embeddings, in [0, 1]).
 * Example: E(q) = (1, 0), generated (1, 0), (0.6, 0.8), (0, 1) -> (1 + 0.6 + 0) / 3 = 0.5333; the same answer
 * flagged noncommittal -> 0. Undefined when no question was generated (unscored, never a made-up number).
 */
export function responseRelevancy(
  question: ArrayLike<number>,
  generated: readonly ArrayLike<number>[],
  noncommittal: boolean,
): number | undefined {
  if (generated.length === 0) return undefined
  if (noncommittal) return 0
  return generated.reduce((sum, g) => sum + cosineSimilarity(question, g), 0) / generated.length
}
