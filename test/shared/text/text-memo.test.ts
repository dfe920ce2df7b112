import { describe, expect, test } from 'vitest'
import { memoByText } from '../../../src/shared/text/text-memo.ts'

describe('memoByText', () => {
  test('a text analysed recently is not analysed again: the same result comes back', () => {
    const seen: string[] = []
    const words = memoByText((text) => {
      seen.push(text)
      return text.split(' ')
    })
    const first = words('a b')
    expect(words('a b')).toBe(first)
    expect(words('c')).toEqual(['c'])
    expect(seen).toEqual(['a b', 'c'])
  })

  test('a result that is undefined is remembered too', () => {
    let calls = 0
    const nothing = memoByText((): undefined => {
      calls++
      return undefined
    })
    nothing('x')
    nothing('x')
    expect(calls).toBe(1)
  })

  test('it never holds more than its limit: when full it is emptied and starts again', () => {
    const seen: string[] = []
    const upper = memoByText((text) => {
      seen.push(text)
      return text.toUpperCase()
    }, 2)
    for (const text of ['a', 'b', 'a', 'c', 'a', 'b']) upper(text)
    // a, b computed; a hit; c finds 2 held -> cleared, c computed; a computed again (1 held: c); b: 2 held -> cleared.
    expect(seen).toEqual(['a', 'b', 'c', 'a', 'b'])
  })
})
