/**
 * The hard assertions as Vitest matchers, zero tolerance, with messages that say what went wrong:
 * `toAbstain`, `toNotLeakAcrossTenants`, `toHaveNoFabricatedCitations`, `toContainAll`. They wrap the pure
 * checks in `src/checks/hard-checks.ts`, so reports and experiments apply the very same rules.
 *
 * Usage (any Vitest test, with `import 'vitest-rag/matchers'`):
 * `expect(output).toAbstain(goldenCase)`; `expect(output).toNotLeakAcrossTenants(goldenCase)`;
 * `expect(output).toHaveNoFabricatedCitations()`; `expect(output).toContainAll(goldenCase)`.
 */
import { expect } from 'vitest';
import { checkAbstains, checkContainsAll, checkNoFabricatedCitations, checkNoTenantLeak, } from "../checks/hard-checks.js";
function toResult(name, outcome, isNot) {
    if (!outcome.applies) {
        // A matcher called explicitly on a case it does not apply to is a usage error, not a pass.
        return { pass: isNot, message: () => `${name}: this check does not apply to the given case` };
    }
    return { pass: outcome.passed, message: () => `${name}: ${outcome.message}` };
}
expect.extend({
    toAbstain(received, goldenCase) {
        return toResult('toAbstain', checkAbstains(received, goldenCase, 'system'), this.isNot);
    },
    toNotLeakAcrossTenants(received, goldenCase) {
        return toResult('toNotLeakAcrossTenants', checkNoTenantLeak(received, goldenCase), this.isNot);
    },
    toHaveNoFabricatedCitations(received) {
        return toResult('toHaveNoFabricatedCitations', checkNoFabricatedCitations(received, 'system'), this.isNot);
    },
    toContainAll(received, goldenCase) {
        return toResult('toContainAll', checkContainsAll(received, goldenCase, 'system'), this.isNot);
    },
});
//# sourceMappingURL=matchers.js.map