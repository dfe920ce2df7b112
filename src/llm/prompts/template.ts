/**
 * Prompt templates: one format for every prompt vitest-rag sends (the reference pipeline's answer and rewrite
 * prompts, the answer and relevance judges, the claim checks, question synthesis), one parser, every problem
 * reported at once with its line. Pure: the file read is in `load.ts`, rendering in `render.ts`.
 *
 * A template is markdown: a front matter holding `id:` and `version:` between two `---` lines, then the chat
 * messages, each introduced by a line `[system]`, `[user]` or `[assistant]` (few-shot examples are real
 * user/assistant turns), with `{{name}}` placeholders:
 * ```
 * ---
 * id: judge
 * version: 1
 * ---
 * [system]
 * You grade one ANSWER against the CONTEXT ...
 * [user]
 * <question>
 * {{question}}
 * </question>
 * ```
 * The judges' earlier format (`id:`/`version:` lines, then `=== system ===` and `=== user ===` parts) is
 * refused with the edit that converts it, never read half-way.
 */
import { closestMatch } from '../../shared/problems/closest.ts'
import type { Problem } from '../../shared/problems/problems.ts'
import { sha256 } from '../../shared/util/hash.ts'
import { PromptTemplateError } from './errors.ts'

/** Who speaks a message. */
export type PromptRole = 'system' | 'user' | 'assistant'

/** One message of a template before rendering. */
export interface TemplateMessage {
  role: PromptRole
  /** The message's text, trimmed, placeholders unfilled. */
  text: string
  /** The 1-based line of the file where `text` starts (for messages about it). */
  line: number
}

/** A parsed prompt template. */
export interface PromptTemplate {
  /** The front matter's `id:` (default: the file name without `.md`). */
  id: string
  /** The front matter's `version:`, as written. */
  version: string
  /** The messages, in order; at least one is a `user` message. */
  messages: readonly TemplateMessage[]
  /** Where it came from (for messages). */
  path: string
  /** sha256 of the whole file (line ends normalised): any edit changes it, even one that forgets `version`. */
  hash: string
}

/**
 * The placeholders a prompt fills: `required` must each appear somewhere in the template; any other
 * placeholder than `required` and `optional` is a typo, reported with the closest known name.
 */
export interface PromptContract {
  required: readonly string[]
  optional?: readonly string[]
}

/** A `{{name}}` placeholder (spaces inside the braces allowed): group 1 is the name. */
export const PLACEHOLDER = /\{\{\s*([A-Za-z_]\w*)\s*\}\}/g

const ROLE_LINE = /^\[(system|user|assistant)\]\s*$/
const BRACKET_LINE = /^\[([A-Za-z]+)\]\s*$/
const OLD_PART_LINE = /^===\s*(system|user)\s*===\s*$/
const FORMAT_HINT = 'the bundled templates in evals/prompts/ show the format'

interface FrontMatter {
  fields: Map<string, string>
  /** The text after the closing `---`, and the 1-based line it starts on. */
  body: string
  bodyLine: number
}

function readFrontMatter(text: string, file: string, problems: Problem[]): FrontMatter | undefined {
  const m = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(text)
  if (m === null) {
    const old = /^\s*(?:id|version)\s*:/m.test(text) && text.split('\n').some((l) => OLD_PART_LINE.test(l))
    problems.push(
      old
        ? {
            code: 'old_format',
            file,
            line: 1,
            path: '',
            message:
              'is in the earlier judge format ("id:"/"version:" lines, then "=== system ===" and "=== user ===" parts), which is no longer read',
            fix: `put the "id:" and "version:" lines between two "---" lines at the top, and replace "=== system ===" with "[system]" and "=== user ===" with "[user]"; ${FORMAT_HINT}`,
          }
        : {
            code: 'no_front_matter',
            file,
            line: 1,
            path: '',
            message: 'has no front matter',
            fix: `start it with a line "---", a line "id: <name>", a line "version: 1" and a line "---"; ${FORMAT_HINT}`,
          },
    )
    return undefined
  }
  const fields = new Map<string, string>()
  for (const line of (m[1] ?? '').split('\n')) {
    const kv = /^\s*([A-Za-z_][\w-]*)\s*:\s*(.*?)\s*$/.exec(line)
    if (kv !== null) fields.set(kv[1]!, kv[2]!.replace(/^["']|["']$/g, ''))
  }
  if ((fields.get('version') ?? '') === '') {
    problems.push({
      code: 'no_version',
      file,
      line: 1,
      path: 'version',
      message: 'the front matter has no "version:" line',
      fix: 'add one, e.g. "version: 1", and bump it when you change the prompt',
    })
  }
  return { fields, body: text.slice(m[0].length), bodyLine: m[0].split('\n').length - (m[0].endsWith('\n') ? 0 : 1) }
}

/** The problem with a line that looks like a role line but is not one (an old part marker, an unknown role). */
function markerProblem(text: string, line: number, file: string): Problem | undefined {
  const old = OLD_PART_LINE.exec(text)?.[1]
  if (old !== undefined)
    return {
      code: 'old_part_marker',
      file,
      line,
      path: '',
      message: `"${text.trim()}" is the earlier judge format's part marker`,
      fix: `write "[${old}]" instead`,
    }
  const bracket = BRACKET_LINE.exec(text)?.[1]
  if (bracket === undefined) return undefined
  const near = closestMatch(bracket, ['system', 'user', 'assistant'])
  return {
    code: 'unknown_role',
    file,
    line,
    path: '',
    message: `"[${bracket}]" is not a role`,
    fix: near === undefined ? 'use [system], [user] or [assistant]' : `did you mean "[${near}]"?`,
  }
}

/** Splits the body at `[role]` lines; the text of each message is trimmed. */
function readMessages(body: string, firstLine: number, file: string, problems: Problem[]): TemplateMessage[] {
  const messages: { role: PromptRole; line: number; lines: string[] }[] = []
  let strayReported = false
  body.split('\n').forEach((text, i) => {
    const line = firstLine + i
    const role = ROLE_LINE.exec(text)?.[1] as PromptRole | undefined
    if (role !== undefined) {
      messages.push({ role, line, lines: [] })
      return
    }
    const marker = markerProblem(text, line, file)
    if (marker !== undefined) {
      problems.push(marker)
    } else if (messages.length === 0 && text.trim() !== '' && !strayReported) {
      strayReported = true
      problems.push({
        code: 'text_before_role',
        file,
        line,
        path: '',
        message: `text before the first [system]/[user] line: "${text.slice(0, 60)}"`,
        fix: 'start the messages with a line "[system]" or "[user]"',
      })
    }
    messages.at(-1)?.lines.push(text)
  })
  if (!messages.some((m) => m.role === 'user')) {
    problems.push({
      code: 'no_user_message',
      file,
      path: '',
      message: 'has no [user] message',
      fix: 'add a line "[user]" before the text the model answers',
    })
  }
  return messages.map(({ role, line, lines }) => {
    const leadingBlank = Math.max(
      0,
      lines.findIndex((l) => l.trim() !== ''),
    )
    return { role, line: line + 1 + leadingBlank, text: lines.join('\n').trim() }
  })
}

/** Checks the placeholders against `contract`: every required one present, no unknown one. */
function checkPlaceholders(
  messages: readonly TemplateMessage[],
  contract: PromptContract,
  file: string,
  problems: Problem[],
): void {
  const known = [...contract.required, ...(contract.optional ?? [])]
  const used = new Set<string>()
  for (const message of messages) {
    message.text.split('\n').forEach((text, i) => {
      for (const [, name] of text.matchAll(PLACEHOLDER)) {
        used.add(name!)
        if (known.includes(name!)) continue
        const near = closestMatch(name!, known)
        const fix =
          near === undefined ? `use one of ${known.map((k) => `{{${k}}}`).join(', ')}` : `did you mean {{${near}}}?`
        problems.push({
          code: 'unknown_placeholder',
          file,
          line: message.line + i,
          path: '',
          message: `{{${name}}} is not a placeholder of this prompt`,
          fix,
        })
      }
    })
  }
  const missing = contract.required.filter((name) => !used.has(name))
  if (missing.length > 0) {
    problems.push({
      code: 'missing_placeholder',
      file,
      path: '',
      message: `missing placeholder(s) ${missing.map((m) => `{{${m}}}`).join(', ')}`,
      fix: 'add each where its value belongs in the prompt',
    })
  }
}

/**
 * Parses a template file's text; `path` names the file in messages and gives the default id. With a
 * `contract`, the placeholders are checked against it. Throws one {@link PromptTemplateError} listing every
 * problem (with its line) when the text is not a valid template.
 */
export function parsePromptTemplate(source: string, path: string, contract?: PromptContract): PromptTemplate {
  const text = source.replace(/\r\n?/g, '\n')
  const problems: Problem[] = []
  const front = readFrontMatter(text, path, problems)
  const messages = front === undefined ? [] : readMessages(front.body, front.bodyLine, path, problems)
  if (contract !== undefined && front !== undefined) checkPlaceholders(messages, contract, path, problems)
  if (front === undefined || problems.length > 0)
    throw new PromptTemplateError('VITEST_RAG_PROMPT_TEMPLATE_INVALID', problems)
  const base = path.split(/[\\/]/).pop() ?? path
  return {
    id: front.fields.get('id') ?? base.replace(/\.md$/, ''),
    version: front.fields.get('version')!,
    messages,
    path,
    hash: sha256(text),
  }
}
