import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { resolveConfig } from '../../src/config/resolve.ts'
import { checkRunPrompts, runPromptNames } from '../../src/evaluation/run-prompts.ts'
import { isStartupProblem } from '../../src/vitest/main/startup-error.ts'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'vitest-rag-run-prompts-'))
  mkdirSync(join(root, 'prompts'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const judgeModels = {
  judge: { chain: [{ name: 'j', baseURL: 'http://127.0.0.1:9/v1', apiKeyEnv: 'NO_KEY', model: 'judge-large' }] },
}

describe("the run's prompt templates", () => {
  test('the reference pipeline sends answer and rewrite; a model judge adds judge.md; a module adapter sends none of its own', () => {
    expect(runPromptNames(resolveConfig({}, root, {}))).toEqual(['answer.md', 'rewrite.md'])
    expect(runPromptNames(resolveConfig({ judge: 'model', models: judgeModels }, root, {}))).toEqual([
      'answer.md',
      'rewrite.md',
      'judge.md',
    ])
    expect(runPromptNames(resolveConfig({ adapter: { kind: 'module', path: 'a.ts' } }, root, {}))).toEqual([])
    // Response relevancy's question writer is checked at startup too (in system mode only).
    const relevancy = { adapter: { kind: 'module' as const, path: 'a.ts' }, responseRelevancy: 'model' as const }
    expect(runPromptNames(resolveConfig(relevancy, root, {}))).toEqual(['response-relevancy.md'])
    expect(runPromptNames(resolveConfig({ ...relevancy, mode: 'retrieval' }, root, {}))).toEqual([])
  })

  test("a user's broken copies stop the run once, at startup, with the problems of every file listed", () => {
    // answer.md: a typo in a placeholder; judge.md: still in the judges' earlier format; rewrite.md: the bundled one
    writeFileSync(
      join(root, 'prompts', 'answer.md'),
      '---\nid: answer\nversion: 4\n---\n[system]\nRules.\n[user]\n{{sources}}\nQ: {{qurey}}\n',
    )
    writeFileSync(
      join(root, 'prompts', 'judge.md'),
      'id: judge\nversion: 2\n=== system ===\nGrade.\n=== user ===\n{{question}}\n',
    )
    const config = resolveConfig({ prompts: 'prompts', judge: 'model', models: judgeModels }, root, {})
    let thrown: unknown
    try {
      checkRunPrompts(config)
    } catch (error) {
      thrown = error
    }
    expect(isStartupProblem(thrown)).toBe(true)
    const message = (thrown as Error).message
    expect(message).toContain(
      `prompt template ${join(root, 'prompts', 'answer.md')}, ${join(root, 'prompts', 'judge.md')}: 3 problems:`,
    )
    expect(message).toContain(
      'answer.md:9: {{qurey}} is not a placeholder of this prompt (fix: did you mean {{query}}?)',
    )
    expect(message).toContain('answer.md: missing placeholder(s) {{query}}')
    expect(message).toContain('judge.md:1: is in the earlier judge format')
  })

  test('the bundled templates pass the check', () => {
    expect(() => checkRunPrompts(resolveConfig({ judge: 'model', models: judgeModels }, root, {}))).not.toThrow()
  })
})
