import { isAbstention } from "./abstention.js";
import { formatHistory, renderTemplate, templateKey, toMessages } from "./prompt.js";
import { contentTerms, isStopword, stem, tokenize } from "./terms.js";
const REFERRING_WORD = /\b(?:it|its|that|this|they|them|their|these|those|there|one)\b/i;
const ELLIPTICAL_OPENING = /^\s*(?:and|also|what about|how about|what if|same for|but what about|and what about)\b/i;
/** Whether a follow-up refers back to an earlier turn (see the module doc). */
export function refersBack(followUp) {
    return REFERRING_WORD.test(followUp) || ELLIPTICAL_OPENING.test(followUp) || contentTerms(followUp).length <= 2;
}
/** The deterministic rewrite (see the module doc). Returns `query` unchanged when no rewrite applies. */
export function rewriteDeterministic(query, history) {
    const prior = [...history].reverse().find((t) => t.role === 'user');
    if (prior === undefined || !refersBack(query))
        return query;
    const have = new Set(contentTerms(query));
    const priorTokens = tokenize(prior.content);
    const replaced = new Set();
    if (ELLIPTICAL_OPENING.test(query)) {
        priorTokens.forEach((token, i) => {
            const before = priorTokens[i - 1];
            if (i > 0 && have.has(stem(token)) && !isStopword(token) && before !== undefined && !have.has(stem(before))) {
                replaced.add(i - 1);
            }
        });
    }
    const added = [];
    const addedStems = new Set();
    priorTokens.forEach((token, i) => {
        if (isStopword(token) || replaced.has(i))
            return;
        const s = stem(token);
        if (have.has(s) || addedStems.has(s))
            return;
        addedStems.add(s);
        added.push(surfaceOf(prior.content, token));
    });
    return added.length === 0 ? query : `${query.trim()} ${added.join(' ')}`;
}
/** The token as written in `text` (original case), so identifiers like `ERR-4012` keep their spelling. */
function surfaceOf(text, token) {
    const i = text.toLowerCase().indexOf(token);
    return i < 0 ? token : text.slice(i, i + token.length);
}
/**
 * Rewrites `query` given `history`: no history -> unchanged; a rewriter client -> one call through the
 * `rewrite` template (its first non-empty line is the query, without a `Query:` label or quotes; an empty or
 * declining reply falls back to the deterministic rule); otherwise the deterministic rule.
 */
export async function rewriteQuery(query, history, options = {}) {
    if (history.length === 0)
        return { query, method: 'none' };
    const { rewriter, template } = options;
    if (rewriter === undefined || template === undefined)
        return { query: rewriteDeterministic(query, history), method: 'deterministic' };
    const rendered = renderTemplate(template.text, { history: formatHistory(history), query }, template.path);
    const call = await rewriter.chat({
        messages: toMessages(rendered, template.path),
        temperature: 0,
        maxTokens: 120,
        template: templateKey(template),
        ...(options.caseId !== undefined ? { caseId: options.caseId } : {}),
        ...(options.trial !== undefined ? { trial: options.trial } : {}),
    });
    const line = call.text
        .split('\n')
        .map((l) => l.trim().replace(/^(?:standalone |rewritten |search )?query:\s*/i, '').replace(/^["'`]|["'`]$/g, ''))
        .find((l) => l !== '');
    if (line === undefined || isAbstention(line))
        return { query: rewriteDeterministic(query, history), method: 'deterministic', call };
    return { query: line, method: 'model', call };
}
//# sourceMappingURL=rewrite.js.map