/**
 * Lines for a gate result. `messages` repeat the reasons and may carry lines a caller prepended (e.g. the
 * reporter's "run interrupted"); those are shown as failures when the gate failed, as notes otherwise.
 */
export function gateLines(gate) {
    const reasonMessages = new Set(gate.reasons.map((r) => r.message));
    const hard = gate.reasons.filter((r) => r.code === 'hard_assertion_failed');
    const lines = [];
    const extra = gate.messages.filter((m) => !reasonMessages.has(m));
    // Lines a caller prepended before the reasons (messages start with them) explain a forced failure.
    const firstReasonIndex = gate.messages.findIndex((m) => reasonMessages.has(m));
    const prepended = gate.pass ? [] : extra.filter((m) => gate.messages.indexOf(m) < (firstReasonIndex === -1 ? Number.POSITIVE_INFINITY : firstReasonIndex));
    for (const text of prepended)
        lines.push({ kind: 'failure', text });
    if (hard.length > 0) {
        const cases = new Set(hard.map((r) => r.caseId)).size;
        lines.push({ kind: 'failure', text: `${hard.length} hard assertion(s) failed in ${cases} case(s) (listed under hard assertions)` });
    }
    for (const reason of gate.reasons)
        if (reason.code !== 'hard_assertion_failed')
            lines.push({ kind: 'failure', text: reason.message });
    for (const text of extra)
        if (!prepended.includes(text))
            lines.push({ kind: 'note', text });
    return lines;
}
//# sourceMappingURL=gate-messages.js.map