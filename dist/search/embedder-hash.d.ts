/**
 * An offline, deterministic embedder ("feature hashing"): each analyzer term and each character 3-gram of each
 * term is hashed (FNV-1a, 32 bit) to one of `dimensions` buckets with a hash-derived sign, weighted (terms 1.0,
 * 3-grams 0.5), and the vector is L2-normalised. Texts sharing words or word pieces get a positive cosine, so the
 * vector and hybrid arms run with no API key. It is a lexical stand-in, not a semantic model.
 */
import { type AnalyzerOptions } from './analyzer.js';
import type { Embedder } from './embedder.js';
/** Default dimension of the hash embedder (the size of common small sentence models). */
export declare const defaultHashEmbedderDimensions = 384;
/** 32-bit FNV-1a over UTF-16 code units. Example: `fnv1a('')` = 2166136261. */
export declare function fnv1a(text: string): number;
/** Embeds one text (see the module comment). */
export declare function hashEmbed(text: string, dimensions?: number, analyzer?: AnalyzerOptions): Float32Array;
/** The hash embedder as an {@link Embedder} (synchronous too). */
export declare function createHashEmbedder(dimensions?: number, analyzer?: AnalyzerOptions): Embedder;
