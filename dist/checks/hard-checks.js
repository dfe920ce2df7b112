import { mustAbstain } from "../cases/schema.js";
import { parseCitationMarkers } from "./citations.js";
import { isAbstention } from "../generation/abstention.js";
const notApplicable = { applies: false };
/**
 * Whether the output is an abstention: the system said so, or its answer text reads as one. No answer at all
 * (in system mode) is silence, and silence is an abstention.
 */
export function didAbstain(output) {
    if (output.abstained !== undefined)
        return output.abstained;
    return isAbstention(output.answer);
}
/** Folds case and whitespace so `must_contain` and `forbidden_text` match as a reader would read them. */
export function foldForMatch(text) {
    return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}
/**
 * `toAbstain`: a case that must abstain (out_of_scope, cross_tenant) gets an abstention. Applies only in
 * system mode (retrieval mode generates no answer).
 */
export function checkAbstains(output, c, mode) {
    if (mode !== 'system' || !mustAbstain(c))
        return notApplicable;
    const passed = didAbstain(output);
    return {
        applies: true,
        passed,
        message: passed
            ? `abstained as a ${c.case_type} case must`
            : `a ${c.case_type} case must abstain, but the system answered: ${JSON.stringify(truncate(output.answer ?? '', 200))}`,
    };
}
/**
 * `toNotLeakAcrossTenants`, two checks in one: (1) no retrieved chunk and no shown source belongs to another
 * tenant; (2) none of the case's `forbidden_text` appears in the answer. Applies to every case (isolation
 * matters everywhere); the text half only when there is an answer and forbidden text.
 */
export function checkNoTenantLeak(output, c) {
    const problems = [];
    const foreign = output.retrieved.filter((hit) => hit.tenantId !== c.tenant_id);
    if (foreign.length > 0) {
        const list = foreign.slice(0, 5).map((h) => `${h.chunkId} (tenant ${h.tenantId})`).join(', ');
        problems.push(`${foreign.length} retrieved chunk(s) from another tenant than "${c.tenant_id}": ${list}`);
    }
    const foreignShown = (output.sources ?? []).filter((s) => s.tenantId !== c.tenant_id);
    if (foreignShown.length > 0) {
        problems.push(`${foreignShown.length} source(s) shown to the generator from another tenant: ${foreignShown.map((s) => `[${s.marker}] ${s.chunkId} (tenant ${s.tenantId})`).join(', ')}`);
    }
    if (output.answer !== undefined && c.forbidden_text.length > 0) {
        const answer = foldForMatch(output.answer);
        const leaked = c.forbidden_text.filter((t) => answer.includes(foldForMatch(t)));
        if (leaked.length > 0)
            problems.push(`the answer contains forbidden text: ${leaked.map((t) => JSON.stringify(t)).join(', ')}`);
    }
    return {
        applies: true,
        passed: problems.length === 0,
        message: problems.length === 0 ? `no cross-tenant retrieval or text (tenant "${c.tenant_id}")` : problems.join('; '),
    };
}
/**
 * `toHaveNoFabricatedCitations`: every `[n]` marker in the answer points at a source actually shown to the
 * generator. Applies in system mode to answers that are not abstentions.
 */
export function checkNoFabricatedCitations(output, mode) {
    if (mode !== 'system' || output.answer === undefined || didAbstain(output))
        return notApplicable;
    const shown = new Set((output.sources ?? []).map((s) => s.marker));
    const cited = parseCitationMarkers(output.answer);
    const fabricated = [...new Set(cited.filter((m) => !shown.has(m)))];
    return {
        applies: true,
        passed: fabricated.length === 0,
        message: fabricated.length === 0
            ? `${cited.length} marker(s), all pointing at shown sources`
            : `marker(s) ${fabricated.map((m) => `[${m}]`).join(', ')} point at no source shown to the generator (shown: ${[...shown].sort((a, b) => a - b).map((m) => `[${m}]`).join(', ') || 'none'})`,
    };
}
/**
 * `toContainAll`: every `must_contain` literal appears in the answer (case and whitespace folded).
 * Applies in system mode when the case has `must_contain` literals.
 */
export function checkContainsAll(output, c, mode) {
    if (mode !== 'system' || c.must_contain.length === 0)
        return notApplicable;
    const answer = foldForMatch(output.answer ?? '');
    const missing = c.must_contain.filter((t) => !answer.includes(foldForMatch(t)));
    return {
        applies: true,
        passed: missing.length === 0,
        message: missing.length === 0
            ? `contains all ${c.must_contain.length} required literal(s)`
            : `missing ${missing.length} of ${c.must_contain.length} required literal(s): ${missing.map((t) => JSON.stringify(t)).join(', ')}; answer: ${JSON.stringify(truncate(output.answer ?? '', 200))}`,
    };
}
/** Runs every hard check for a case; only the applicable ones are returned. */
export function runHardChecks(output, c, mode) {
    const all = [
        ['toAbstain', checkAbstains(output, c, mode)],
        ['toNotLeakAcrossTenants', checkNoTenantLeak(output, c)],
        ['toHaveNoFabricatedCitations', checkNoFabricatedCitations(output, mode)],
        ['toContainAll', checkContainsAll(output, c, mode)],
    ];
    return all.flatMap(([name, outcome]) => (outcome.applies ? [{ name, ...outcome }] : []));
}
function truncate(text, max) {
    return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
//# sourceMappingURL=hard-checks.js.map