import { formatProblems } from "../cases/problems.js";
import { assertEstimateWithinLimit, resetSpendFile } from "../llm/index.js";
import { modelClientOptions } from "../runtime/create-runtime.js";
import { estimateEvalCost } from "../runtime/estimate.js";
import { checkGoldenSet } from "../runtime/golden-set.js";
import { prepareCorpus } from "../runtime/prepare-corpus.js";
import { clearProviderStats } from "../runtime/provider-stats.js";
/** The golden set has problems; the run stops before any case executes. */
export class GoldenSetError extends Error {
    code = 'VITEST_RAG_GOLDEN_SET_INVALID';
}
/** Vitest global setup entry. */
export default async function setup(project) {
    const config = project.config.environmentOptions?.rag;
    if (!config)
        return;
    const { set, problems } = await checkGoldenSet(config);
    if (problems.length > 0) {
        throw new GoldenSetError(`vitest-rag: the golden set has ${problems.length} problem${problems.length === 1 ? '' : 's'}; no case was run:\n${formatProblems(problems)}`);
    }
    if (set.files.length === 0) {
        throw new GoldenSetError(`vitest-rag: no golden files match "${config.golden}" under ${config.root}`);
    }
    if (config.models) {
        // One spend ledger for the whole run, shared by every worker through a file; a resumed run keeps what
        // the interrupted one spent. The dry-run estimate refuses a run that could exceed the limit.
        const { spendFile } = modelClientOptions(config);
        if (!config.resume && !config.dryRun) {
            resetSpendFile(spendFile);
            clearProviderStats(config.outDir);
        }
        const limit = config.models.spendLimitUsd;
        const estimate = estimateEvalCost(config, set, await prepareCorpus(config.corpus, config.chunker));
        if (estimate) {
            console.log(`vitest-rag: estimated worst-case cost of this run: $${estimate.totalUsd.toFixed(4)} over ${estimate.calls} model calls${limit === undefined ? ' (no spend limit set)' : ` (limit $${limit})`}`);
            if (limit !== undefined)
                assertEstimateWithinLimit(estimate, limit);
        }
    }
    if (config.dryRun) {
        console.log(`vitest-rag: dry run: ${set.expectedCases} case(s) would run${config.models ? '' : ' offline, at no model cost'}; no case is executed`);
    }
}
//# sourceMappingURL=global-setup.js.map