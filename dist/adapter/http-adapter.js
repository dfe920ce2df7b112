/** An HTTP endpoint failed or answered with a non-2xx status. */
export class HttpAdapterError extends Error {
    code = 'VITEST_RAG_HTTP_ADAPTER';
}
/** A {@link RagAdapter} that calls `options.url`. */
export function httpAdapter(options) {
    const env = options.env ?? process.env;
    return {
        name: `http ${new URL(options.url).host}`,
        async run(input) {
            const headers = { 'content-type': 'application/json', accept: 'application/json' };
            for (const [header, envName] of Object.entries(options.headersFromEnv ?? {})) {
                const value = env[envName];
                if (value === undefined)
                    throw new HttpAdapterError(`vitest-rag: header ${header} needs env var ${envName}, which is not set`);
                headers[header] = value;
            }
            let response;
            try {
                response = await fetch(options.url, {
                    method: 'POST',
                    headers,
                    body: JSON.stringify(input),
                    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
                });
            }
            catch (error) {
                throw new HttpAdapterError(`vitest-rag: POST ${options.url} failed for case ${input.caseId}: ${error.message}`);
            }
            const text = await response.text();
            if (!response.ok)
                throw new HttpAdapterError(`vitest-rag: POST ${options.url} answered ${response.status} for case ${input.caseId}: ${text.slice(0, 300)}`);
            try {
                return JSON.parse(text);
            }
            catch {
                throw new HttpAdapterError(`vitest-rag: POST ${options.url} returned non-JSON for case ${input.caseId}: ${text.slice(0, 300)}`);
            }
        },
    };
}
//# sourceMappingURL=http-adapter.js.map