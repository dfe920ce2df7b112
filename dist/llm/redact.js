/**
 * Secret redaction for anything that may be logged or thrown: upstream error texts sometimes echo the key
 * ("Incorrect API key provided: sk-..."), and request dumps carry `Authorization` headers.
 */
const bearerPattern = /(authorization["']?\s*[:=]\s*["']?\s*(?:bearer\s+)?)[^\s"',}]+/gi;
const bareBearerPattern = /\bbearer\s+[A-Za-z0-9._~+/=-]{8,}/gi;
const keyLikePattern = /\b(?:sk|pk|rk)-[A-Za-z0-9_-]{6,}/g;
/** `text` with every given secret, `Authorization` header value and `sk-...`-like token replaced by `[redacted]`. */
export function redactSecrets(text, secrets = []) {
    let out = text;
    for (const secret of secrets) {
        if (secret !== undefined && secret.length >= 4)
            out = out.split(secret).join('[redacted]');
    }
    return out
        .replace(bearerPattern, '$1[redacted]')
        .replace(bareBearerPattern, 'Bearer [redacted]')
        .replace(keyLikePattern, '[redacted]');
}
//# sourceMappingURL=redact.js.map