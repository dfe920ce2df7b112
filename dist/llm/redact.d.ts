/**
 * Secret redaction for anything that may be logged or thrown: upstream error texts sometimes echo the key
 * ("Incorrect API key provided: sk-..."), and request dumps carry `Authorization` headers.
 */
/** `text` with every given secret, `Authorization` header value and `sk-...`-like token replaced by `[redacted]`. */
export declare function redactSecrets(text: string, secrets?: readonly (string | undefined)[]): string;
