import { describe, expect, test } from 'vitest'
import { layoutByTenant, maxTenantRows } from '../../src/search/tenant-layout.ts'

describe('maxTenantRows', () => {
  test('is the row count of the largest tenant, 0 with no tenants', () => {
    const chunk = (id: string, tenantId: string) => ({ id, tenantId, text: '' })
    // Tenants a (1 row), b (3 rows), c (2 rows): rowStart [0, 1, 4, 6], widest gap 4 - 1 = 3.
    const { layout } = layoutByTenant([
      chunk('1', 'b'),
      chunk('2', 'c'),
      chunk('3', 'a'),
      chunk('4', 'b'),
      chunk('5', 'c'),
      chunk('6', 'b'),
    ])
    expect([...layout.rowStart]).toEqual([0, 1, 4, 6])
    expect(maxTenantRows(layout)).toBe(3)
    expect(maxTenantRows(layoutByTenant([]).layout)).toBe(0)
  })
})
