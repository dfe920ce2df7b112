/** Version of the {@link CaseRecord} shape; bump on an incompatible change. */
export const CASE_RECORD_VERSION = 1;
//# sourceMappingURL=case-record.js.map