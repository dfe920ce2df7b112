import type { StatsByProvider } from '../llm/index.js';
import type { ProviderUsage } from '../scorecard/scorecard.js';
/** A writer for one runtime's tally file. */
export declare function providerStatsWriter(outDir: string): (stats: StatsByProvider) => Promise<void>;
/** Removes the tallies of a previous run (at the start of a fresh, non-resumed run). */
export declare function clearProviderStats(outDir: string): void;
/** The sum of every tally file, per provider; undefined when no runtime made a model call. */
export declare function readProviderStats(outDir: string): Record<string, ProviderUsage> | undefined;
