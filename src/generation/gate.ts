/**
 * @deprecated Renamed: the reference pipeline's evidence gate is `src/generation/evidence-gate.ts`
 * (`evaluateEvidenceGate`), so it is never confused with the CI gate (`evaluateGate` in `src/gate/evaluate.ts`).
 * These old names stay for one release so branches that import them still build; import the new ones.
 */
export {
  collectGateEvidence,
  defaultEvidenceGateConfig as defaultGateConfig,
  evaluateEvidenceGate as evaluateGate,
  type EvidenceGateConfig as GateConfig,
  type EvidenceGateDecision as GateDecision,
  type EvidenceGateReason as GateReason,
  type GateEvidence,
} from './evidence-gate.ts'
