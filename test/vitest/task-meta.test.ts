/**
 * The record channel on Vitest's task meta: a record goes in as one JSON string and comes back whole, with the
 * lists it repeats left out on the way.
 */
import { describe, expect, test } from 'vitest'
import { caseTally, decodeCaseRecord, encodeCaseRecord } from '../../src/vitest/task-meta.ts'
import { buildRecord } from '../scorecard/build-records.ts'

const hit = (chunkId: string, docId: string) => ({ chunkId, score: 1, tenantId: 'acme', docId, via: 'id' as const })

describe('the case record on task.meta.rag', () => {
  test('a chunk-level record round-trips, its qrels and ranked ids carried once', () => {
    const expected = [{ chunkId: 'acme/doc/a#1', grade: 2 }, { chunkId: 'acme/doc/b#1', grade: 1 }]
    const record = buildRecord('GC-1', {
      sources: { references: 2, unresolvedCount: 0, unresolved: [], via: { id: 2 } },
      retrieval: { retrieved: [hit('acme/doc/b#1', 'acme/doc/b'), hit('acme/doc/c#1', 'acme/doc/c')], expected, judged: expected.map((e) => ({ ...e })), ranked: ['acme/doc/b#1', 'acme/doc/c#1'], level: 'chunk', metrics: { 'recall@1': 0.5 } },
      usage: { costUsd: 0.0125 },
    })
    const encoded = encodeCaseRecord(record)
    expect(decodeCaseRecord(encoded)).toEqual(record)
    // The judged qrels and the ranked ids repeat the expected chunks and the retrieved ids: each is written once.
    expect(encoded.split('"acme/doc/a#1"').length - 1).toBe(1)
    expect(encoded.split('"acme/doc/c#1"').length - 1).toBe(1)
    expect(encoded.length).toBeLessThan(JSON.stringify(record).length)
    expect(caseTally(record)).toEqual({ costUsd: 0.0125, sources: record.sources })
  })

  test('a document-level record keeps its own qrels and ranked ids', () => {
    const record = buildRecord('GC-2', {
      retrieval: { retrieved: [hit('acme/doc/b#1', 'acme/doc/b')], expected: [{ chunkId: 'acme/doc/a#1', grade: 2 }], judged: [{ chunkId: 'acme/doc/a', grade: 2 }], ranked: ['acme/doc/b'], level: 'document', metrics: {} },
    })
    const encoded = encodeCaseRecord(record)
    expect(encoded).toBe(JSON.stringify(record))
    expect(decodeCaseRecord(encoded)).toEqual(record)
    expect(decodeCaseRecord(undefined)).toBeUndefined()
  })
})
