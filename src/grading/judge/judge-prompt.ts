/**
 * Builds the model judge's messages from a {@link JudgeInput}: the rubric, then the question, the fenced
 * sources, the answer and, LAST, the reference answer (so the judge reads the answer on its own terms before
 * it sees what the answer should have said, and the reference cannot colour faithfulness).
 */
import type { ChatMessage } from '../../llm/types.ts'
import { escapeFenced, fence } from './fence.ts'
import { renderPrompt } from '../../llm/prompts/render.ts'
import type { PromptTemplate } from '../../llm/prompts/template.ts'
import { renderRubric } from './rubric.ts'
import type { JudgeInput } from './types.ts'

/** The sources as fenced `<source id="n" date=".." version="..">` blocks, in marker order. */
export function renderSources(input: Pick<JudgeInput, 'sources'>): string {
  if (input.sources.length === 0) return '(no sources were shown)'
  return [...input.sources]
    .sort((a, b) => a.marker - b.marker)
    .map((s) => fence('source', s.text ?? '(text not available)', { id: s.marker, date: s.date, version: s.version }))
    .join('\n')
}

/** The judge's chat messages for one case. The user message ends with the reference answer. */
export function buildJudgeMessages(input: JudgeInput, template: PromptTemplate): ChatMessage[] {
  const values = {
    rubric: renderRubric(),
    question: escapeFenced(input.query),
    sources: renderSources(input),
    answer: escapeFenced(input.answer),
    abstained: String(input.abstained),
    reference_answer: escapeFenced(input.referenceAnswer.trim() === '' ? '(none given)' : input.referenceAnswer),
  }
  return renderPrompt(template, values)
}
