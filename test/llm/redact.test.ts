import { expect, test } from 'vitest'
import { redactSecrets } from '../../src/llm/redact.ts'

test('a known secret is replaced wherever it appears', () => {
  expect(redactSecrets('key=abcd-1234 and again abcd-1234', ['abcd-1234'])).toBe('key=[redacted] and again [redacted]')
})

test('Authorization header values are redacted in JSON and header dumps', () => {
  expect(redactSecrets('{"Authorization":"Bearer tok_abcdefgh123"}')).toBe('{"Authorization":"Bearer [redacted]"}')
  expect(redactSecrets('authorization: Bearer tok_abcdefgh123')).toBe('authorization: Bearer [redacted]')
})

test('sk- style keys are redacted even when not known', () => {
  expect(redactSecrets('Incorrect API key provided: sk-proj-AbC123xyz.')).toBe(
    'Incorrect API key provided: [redacted].',
  )
})

test('ordinary text is left alone', () => {
  expect(redactSecrets('rate limited, retry in 2s (task-queue)')).toBe('rate limited, retry in 2s (task-queue)')
})
