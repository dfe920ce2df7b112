import { baseRecord, evaluateCase } from "../runtime/evaluate-case.js";
import { RUNTIME_GLOBAL } from "./environment.js";
import "./matchers.js";
import "./task-meta.js";
function runtimeHandle() {
    const handle = globalThis[RUNTIME_GLOBAL];
    if (!handle) {
        throw new Error('vitest-rag: golden files must run in the "rag" environment; add ragEval() to this project\'s plugins in vitest.config.ts');
    }
    return handle;
}
/** Called once by each generated golden test module. */
export function registerGoldenFile(data) {
    return {
        async run(index, ctx) {
            const moduleCase = data.cases[index];
            if (!moduleCase)
                throw new Error(`vitest-rag: no case #${index} in ${data.file}`);
            const handle = runtimeHandle();
            if (handle.config.dryRun) {
                ctx.skip('dry run: the cost estimate was printed before the run; no case was executed');
                return;
            }
            ctx.task.meta.rag = { ...baseRecord(moduleCase, data.file, handle.config.mode), error: 'the case did not finish' };
            const runtime = await handle.getRuntime();
            const evaluation = await evaluateCase(runtime, moduleCase, data.file);
            ctx.task.meta.rag = evaluation.record;
            if (evaluation.error)
                throw evaluation.error;
            const { output } = evaluation;
            const c = moduleCase.case;
            // Annotate before the soft expects: a failed soft expect ends the test's annotation window.
            await ctx.annotate(summarize(evaluation.record, handle.config), 'vitest-rag');
            for (const check of evaluation.record.hard) {
                const soft = ctx.expect.soft(output, `${c.case_id} ${check.name}`);
                if (check.name === 'toAbstain')
                    soft.toAbstain(c);
                else if (check.name === 'toNotLeakAcrossTenants')
                    soft.toNotLeakAcrossTenants(c);
                else if (check.name === 'toHaveNoFabricatedCitations')
                    soft.toHaveNoFabricatedCitations();
                else
                    soft.toContainAll(c);
            }
        },
    };
}
function summarize(record, config) {
    const passed = record.hard.filter((h) => h.passed).length;
    const parts = [`hard ${passed} of ${record.hard.length} passed`];
    const m = record.retrieval.metrics;
    if (record.retrieval.scored)
        parts.push(`recall@5 ${fmt(m['recall@5'])}`, `mrr ${fmt(m.mrr)}`);
    else
        parts.push('retrieval unscored (must abstain)');
    if (record.answer)
        parts.push(record.answer.abstained ? 'abstained' : 'answered');
    if (record.errorClass)
        parts.push(`class ${record.errorClass}`);
    if (config.mode === 'retrieval')
        parts.push('retrieval mode');
    return parts.join(' · ');
}
function fmt(value) {
    return value === undefined ? '-' : value.toFixed(3);
}
//# sourceMappingURL=golden-runtime.js.map