/**
 * Errors at the boundary with the system under test, each with a stable code. Messages name the adapter, the
 * case or the module and what to fix; they never quote a header value or a raw response body.
 */
import type { CodeOf } from '../../shared/util/error-code-types.ts'
import { VitestRagError } from '../../shared/util/errors.ts'

/** An HTTP endpoint failed, answered with a non-2xx status or with non-JSON, or a header env var is unset. */
export class HttpAdapterError extends VitestRagError<CodeOf<'HttpAdapterError'>> {
  constructor(message: string) {
    super('VITEST_RAG_HTTP_ADAPTER', message)
  }
}

/** An adapter returned something that is not a `SystemOutput` (every bad field is listed). */
export class InvalidSystemOutputError extends VitestRagError<CodeOf<'InvalidSystemOutputError'>> {
  constructor(message: string) {
    super('VITEST_RAG_INVALID_OUTPUT', message)
  }
}

/** A recorded-outputs file cannot be read or has bad lines (every one listed), or holds no output for a case. */
export class RecordedOutputsError extends VitestRagError<CodeOf<'RecordedOutputsError'>> {
  constructor(message: string) {
    super('VITEST_RAG_RECORDED_OUTPUTS', message)
  }
}

/** An adapter module exports nothing the harness can run. */
export class AdapterModuleError extends VitestRagError<CodeOf<'AdapterModuleError'>> {
  constructor(message: string) {
    super('VITEST_RAG_ADAPTER_MODULE', message)
  }
}

/**
 * The system under test threw something that is not an `Error` (a string, an object): kept as the case's
 * error with its value in the message, so the record still says what it threw.
 */
export class SystemThrewError extends VitestRagError<CodeOf<'SystemThrewError'>> {
  readonly thrown: unknown
  constructor(thrown: unknown) {
    super(
      'VITEST_RAG_SYSTEM_THREW',
      `the system under test threw ${String(thrown)}, which is not an Error (throw an Error to keep its stack)`,
    )
    this.thrown = thrown
  }
}
