/**
 * Builds the model judge's messages from a {@link JudgeInput}: the rubric, then the question, the fenced
 * sources, the answer and, LAST, the reference answer (so the judge reads the answer on its own terms before
 * it sees what the answer should have said, and the reference cannot colour faithfulness).
 */
import type { ChatMessage } from '../llm/types.js';
import { type PromptTemplate } from './prompt-template.js';
import type { JudgeInput } from './types.js';
/** The sources as fenced `<source id="n" date=".." version="..">` blocks, in marker order. */
export declare function renderSources(input: Pick<JudgeInput, 'sources'>): string;
/** The judge's chat messages for one case. The user message ends with the reference answer. */
export declare function buildJudgeMessages(input: JudgeInput, template: PromptTemplate): ChatMessage[];
