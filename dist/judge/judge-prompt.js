import { escapeFenced, fence } from "./fence.js";
import { fillPlaceholders } from "./prompt-template.js";
import { renderRubric } from "./rubric.js";
/** The sources as fenced `<source id="n" date=".." version="..">` blocks, in marker order. */
export function renderSources(input) {
    if (input.sources.length === 0)
        return '(no sources were shown)';
    return [...input.sources]
        .sort((a, b) => a.marker - b.marker)
        .map((s) => fence('source', s.text ?? '(text not available)', { id: s.marker, date: s.date, version: s.version }))
        .join('\n');
}
/** The judge's chat messages for one case. The user message ends with the reference answer. */
export function buildJudgeMessages(input, template) {
    const values = {
        rubric: renderRubric(),
        question: escapeFenced(input.query),
        sources: renderSources(input),
        answer: escapeFenced(input.answer),
        abstained: String(input.abstained),
        reference_answer: escapeFenced(input.referenceAnswer.trim() === '' ? '(none given)' : input.referenceAnswer),
    };
    return [
        { role: 'system', content: fillPlaceholders(template.system, values) },
        { role: 'user', content: fillPlaceholders(template.user, values) },
    ];
}
//# sourceMappingURL=judge-prompt.js.map