/**
 * Per-provider concurrency and requests-per-minute limits, shared by every client in the process through a
 * module-level registry keyed by provider name (the generator, judge and rewriter hitting one provider share
 * one budget). When several registrations of one name declare different limits, the strictest wins (the
 * smallest concurrency, the smallest requests-per-minute), since they all draw on the same upstream quota.
 */
const defaultWindowMs = 60_000;
/** A semaphore plus a rolling-window rate limiter. */
export class ProviderLimiter {
    limits;
    active = 0;
    waiting = [];
    startedAt = [];
    constructor(limits) {
        this.limits = limits;
    }
    /** Requests currently running. */
    get inFlight() {
        return this.active;
    }
    /** Runs `task` when a slot is free and the minute window has room. */
    async run(task) {
        await this.acquire();
        try {
            await this.waitForRate();
            return await task();
        }
        finally {
            this.release();
        }
    }
    async acquire() {
        if (this.active < this.limits.concurrency) {
            this.active += 1;
            return;
        }
        // The releasing task hands its slot over directly, so `active` stays counted.
        await new Promise((resolve) => this.waiting.push(resolve));
    }
    release() {
        const next = this.waiting.shift();
        if (next)
            next();
        else
            this.active -= 1;
    }
    async waitForRate() {
        const rpm = this.limits.requestsPerMinute;
        if (rpm === undefined)
            return;
        const windowMs = this.limits.windowMs ?? defaultWindowMs;
        for (;;) {
            const now = Date.now();
            while (this.startedAt.length > 0 && (this.startedAt[0] ?? 0) <= now - windowMs)
                this.startedAt.shift();
            if (this.startedAt.length < rpm) {
                this.startedAt.push(now);
                return;
            }
            const wait = (this.startedAt[0] ?? now) + windowMs - now;
            await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait)));
        }
    }
}
const registry = new Map();
function minDefined(a, b) {
    if (a === undefined)
        return b;
    if (b === undefined)
        return a;
    return Math.min(a, b);
}
/** The tighter of two limit sets, field by field. */
export function strictest(a, b) {
    const windowMs = minDefined(a.windowMs, b.windowMs);
    return {
        concurrency: Math.min(a.concurrency, b.concurrency),
        requestsPerMinute: minDefined(a.requestsPerMinute, b.requestsPerMinute),
        ...(windowMs === undefined ? {} : { windowMs }),
    };
}
/** The process-wide limiter for provider `name` (created with `limits` on first use). */
export function providerLimiter(name, limits) {
    let limiter = registry.get(name);
    if (limiter === undefined) {
        limiter = new ProviderLimiter({ ...limits });
        registry.set(name, limiter);
        return limiter;
    }
    limiter.limits = strictest(limiter.limits, limits);
    return limiter;
}
/** Forgets every registered limiter (tests; a new run in the same process). */
export function resetProviderLimiters() {
    registry.clear();
}
//# sourceMappingURL=limiter.js.map