import { JudgeSameModelError } from "./errors.js";
import { buildJudgeMessages } from "./judge-prompt.js";
import { VerdictSchema } from "./rubric.js";
/** Defaults of {@link ModelJudgeOptions}' optional knobs. */
export const DEFAULT_MODEL_JUDGE_OPTIONS = { allowSameModel: false, temperature: 0, maxTokens: 800 };
/** Turns a parsed model verdict into the recorded shape (criterion names to camelCase fields). */
export function verdictToJudgement(verdict, model) {
    return {
        kind: 'model',
        model,
        failed: false,
        faithfulness: verdict.faithfulness.score,
        citationAccuracy: verdict.citation_accuracy.score,
        answerRelevance: verdict.answer_relevance.score,
        crag: verdict.crag.grade,
        reasons: {
            faithfulness: verdict.faithfulness.reason,
            citation_accuracy: verdict.citation_accuracy.reason,
            answer_relevance: verdict.answer_relevance.reason,
            crag: verdict.crag.reason,
        },
        claims: verdict.claims.map((c) => ({ text: c.text, markers: c.markers, supportingMarkers: c.supporting_markers, supported: c.supported })),
    };
}
/**
 * Builds a model judge. Throws {@link JudgeSameModelError} when `client.model === generatorModel` and
 * `allowSameModel` is not set.
 */
export function createModelJudge(options) {
    const { client, template } = options;
    const resolved = { ...DEFAULT_MODEL_JUDGE_OPTIONS, ...options };
    if (options.generatorModel !== undefined && client.model === options.generatorModel && !resolved.allowSameModel) {
        throw new JudgeSameModelError(client.model);
    }
    return {
        kind: 'model',
        model: client.model,
        promptVersion: `${template.id}@${template.version}`,
        async judge(input) {
            const outcome = await client.chatJson({
                messages: buildJudgeMessages(input, template),
                temperature: resolved.temperature,
                maxTokens: resolved.maxTokens,
                responseFormat: { type: 'json_object' },
                template: { id: template.id, version: template.version },
                caseId: input.caseId,
            }, VerdictSchema);
            if (outcome.ok)
                return verdictToJudgement(outcome.value, outcome.result.model);
            return {
                kind: 'model',
                model: outcome.result?.model ?? client.model,
                failed: true,
                reasons: { verdict: `unparseable judge verdict after retry: ${outcome.error}` },
                claims: [],
            };
        },
    };
}
//# sourceMappingURL=model-judge.js.map