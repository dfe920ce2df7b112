/**
 * Per-provider concurrency and requests-per-minute limits, shared by every client in the process through a
 * module-level registry keyed by provider name (the generator, judge and rewriter hitting one provider share
 * one budget). When several registrations of one name declare different limits, the strictest wins (the
 * smallest concurrency, the smallest requests-per-minute), since they all draw on the same upstream quota.
 */
/** Limits of one provider. */
export interface ProviderLimits {
    /** Concurrent in-flight requests. */
    concurrency: number;
    /** Requests started per rolling window (60 s unless `windowMs` says otherwise); `undefined` for no limit. */
    requestsPerMinute?: number | undefined;
    /** The rate window in ms. Default 60,000 (a minute); tests shorten it. */
    windowMs?: number;
}
/** A semaphore plus a rolling-window rate limiter. */
export declare class ProviderLimiter {
    limits: ProviderLimits;
    private active;
    private readonly waiting;
    private readonly startedAt;
    constructor(limits: ProviderLimits);
    /** Requests currently running. */
    get inFlight(): number;
    /** Runs `task` when a slot is free and the minute window has room. */
    run<T>(task: () => Promise<T>): Promise<T>;
    private acquire;
    private release;
    private waitForRate;
}
/** The tighter of two limit sets, field by field. */
export declare function strictest(a: ProviderLimits, b: ProviderLimits): ProviderLimits;
/** The process-wide limiter for provider `name` (created with `limits` on first use). */
export declare function providerLimiter(name: string, limits: ProviderLimits): ProviderLimiter;
/** Forgets every registered limiter (tests; a new run in the same process). */
export declare function resetProviderLimiters(): void;
