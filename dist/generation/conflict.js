import { isStopword, stem } from "./terms.js";
const ISO_DATE = /(?<![\p{L}\p{N}\-_./])(\d{4}-\d{2}-\d{2})(?![\p{N}\-])/gu;
const SUPERSEDED_BEFORE = /\b(?:instead of|rather than|up from|down from|from|previously|formerly|replacing|replaces|was|were|no longer)\s*$/i;
const FROM_TO = /\bfrom\s+(\$)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s+to\s+\$?(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s?(%)|[\s-]+([A-Za-z]+))?/g;
const MENTION = /(?<![\p{L}\p{N}\-_./:])(\$\s?)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:(\s?%)|(?:[\s-]+|\u00a0)([A-Za-z][A-Za-z]*))?/gu;
/**
 * The value mentions of a sentence: numbers with a unit (`5 seats`, `$49`, `99.9%`) and ISO dates (unit
 * `date`, e.g. a removal date); bare numbers, versions and identifiers are skipped.
 */
export function findValueMentions(sentence) {
    const out = [];
    const superseded = (index) => SUPERSEDED_BEFORE.test(sentence.slice(Math.max(0, index - 24), index).replace(/\$$/, ''));
    for (const m of sentence.matchAll(ISO_DATE)) {
        out.push({ value: m[1], unit: 'date', surface: m[1], superseded: superseded(m.index ?? 0) });
    }
    // "from 50 to 75 seats": the 50 is written without its unit and is the replaced value
    for (const m of sentence.matchAll(FROM_TO)) {
        const [, dollar, number, percent, word] = m;
        if (number === undefined)
            continue;
        const value = number.replace(/,/g, '');
        if (dollar !== undefined)
            out.push({ value, unit: '$', surface: `$${number}`, superseded: true });
        else if (percent !== undefined)
            out.push({ value, unit: '%', surface: `${number}%`, superseded: true });
        else if (word !== undefined && !isStopword(word.toLowerCase())) {
            out.push({ value, unit: stem(word.toLowerCase()), surface: `${number} ${word}`, superseded: true });
        }
    }
    for (const m of sentence.replace(ISO_DATE, (d) => ' '.repeat(d.length)).matchAll(MENTION)) {
        const [surface, dollar, number, percent, word] = m;
        if (number === undefined)
            continue;
        // a version-like or identifier-like context ("v4", "4.2.1") is not a quantity
        if (/^\d+\.\d+\.\d+/.test(sentence.slice(m.index ?? 0)))
            continue;
        const value = number.replace(/,/g, '');
        const old = superseded(m.index ?? 0) || /^\s+to\s+\d/.test(sentence.slice((m.index ?? 0) + surface.length));
        if (dollar !== undefined)
            out.push({ value, unit: '$', surface: `$${number}`, superseded: old });
        else if (percent !== undefined)
            out.push({ value, unit: '%', surface: surface.trimEnd(), superseded: old });
        else if (word !== undefined && !isStopword(word.toLowerCase())) {
            out.push({ value, unit: stem(word.toLowerCase()), surface: surface.trimEnd(), superseded: old });
        }
    }
    return out;
}
/**
 * Orders two sources by recency: positive when `a` is newer. Dates (ISO `YYYY-MM-DD`) compare first; a dated
 * source counts as newer than an undated one, because in a help-desk corpus the undated pages are the docs,
 * which lag behind the dated changelog. Then versions compare numerically part by part (`4.10.0 > 4.9.2`).
 * 0 when neither tells them apart.
 */
export function compareRecency(a, b) {
    if (a.date !== undefined && b.date !== undefined && a.date !== b.date)
        return a.date < b.date ? -1 : 1;
    if (a.date !== undefined && b.date === undefined)
        return 1;
    if (a.date === undefined && b.date !== undefined)
        return -1;
    if (a.version !== undefined && b.version !== undefined)
        return compareVersions(a.version, b.version);
    if (a.version !== undefined && b.version === undefined)
        return 1;
    if (a.version === undefined && b.version !== undefined)
        return -1;
    return 0;
}
/** Numeric part-by-part version comparison (`v4.10.0` vs `4.9.2` -> positive); non-numeric parts compare as text. */
export function compareVersions(a, b) {
    const pa = a.replace(/^v/i, '').split(/[.\-+]/);
    const pb = b.replace(/^v/i, '').split(/[.\-+]/);
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
        const x = pa[i] ?? '0';
        const y = pb[i] ?? '0';
        const nx = Number(x);
        const ny = Number(y);
        const c = Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : x.localeCompare(y);
        if (c !== 0)
            return Math.sign(c);
    }
    return 0;
}
const CHANGE_WORDS = /\b(?:now|no longer|instead of|deprecated|removed|replaced|renamed|raised|lowered|increased|decreased|reduced|extended|shortened|changed|discontinued|retired)\b/i;
/**
 * Conflicts without numbers: a changelog sentence that states a change ("SMS codes can no longer be used",
 * "X is now ...", "... was renamed") supersedes a sentence of an older, non-changelog source about the same
 * thing (sharing at least two of `topicTerms`, and no more relevant to the question than the change), e.g. a
 * doc page still describing SMS codes. Only changelog
 * entries qualify, because stating a change is what they are for; a ticket saying "now works" is not one.
 * A sentence with value mentions is left to {@link findConflicts}: "the rate limit is raised from 120 to
 * 300 requests" does not make every older sentence about rate limits stale.
 */
export function findChangeConflicts(candidates, topicTerms) {
    const out = [];
    for (const n of candidates) {
        // a change with values is judged by its values (findConflicts); here only wordings without any
        if (n.kind !== 'changelog' || n.text === undefined || n.mentions.length > 0 || !CHANGE_WORDS.test(n.text))
            continue;
        for (const o of candidates) {
            if (o === n || o.kind === 'changelog' || compareRecency(n.source, o.source) <= 0)
                continue;
            // the change must be about the question at least as much as the sentence it supersedes
            if ((n.score ?? 0) < (o.score ?? 0))
                continue;
            const shared = [...topicTerms].filter((t) => n.terms.has(t) && o.terms.has(t)).length;
            if (shared >= 2)
                out.push({ newer: n.id, older: o.id });
        }
    }
    return out;
}
/**
 * Finds disagreeing pairs among relevant sentences: sentence O from an older source and N from a strictly
 * newer one, where
 * - they share a unit, N states a current value for it, and O's current value is not among N's; when N names
 *   any value it replaces ("instead of 90 days", "from 50 to 75 seats"), O's value must be one of those (else
 *   O talks about something else: "the default window is 7 days" vs "the longest window is now 180 days
 *   instead of 90 days", or the $49 price in "Flight now includes 8 seats instead of 5, at $49");
 * - they talk about the same thing: the query terms (other than the unit) both hold weigh at least half of
 *   the query terms N holds.
 * A ticket never supersedes: it reports one customer's situation, not the product's current facts.
 * Pairs are returned newest-first, then by the caller's order.
 */
export function findConflicts(candidates, topic) {
    const out = [];
    for (const n of candidates) {
        if (n.kind === 'ticket')
            continue;
        for (const o of candidates) {
            if (n === o || compareRecency(n.source, o.source) <= 0)
                continue;
            const conflict = disagreement(n, o, topic);
            if (conflict !== undefined)
                out.push(conflict);
        }
    }
    const byId = new Map(candidates.map((c) => [c.id, c]));
    const recencyOf = (id) => byId.get(id)?.source ?? {};
    return out.sort((a, b) => compareRecency(recencyOf(b.newer), recencyOf(a.newer)) || a.newer - b.newer || a.older - b.older);
}
function sameTopic(n, o, topic, unit) {
    let inNewer = 0;
    let shared = 0;
    topic.terms.forEach((t, i) => {
        if (t === unit || !n.terms.has(t))
            return;
        const w = topic.weights[i] ?? 0;
        inNewer += w;
        if (o.terms.has(t))
            shared += w;
    });
    return shared > 0 && shared >= 0.5 * inNewer;
}
function disagreement(n, o, topic) {
    const replaced = n.mentions.filter((m) => m.superseded);
    for (const oldMention of o.mentions) {
        if (oldMention.superseded)
            continue;
        const unit = oldMention.unit;
        const current = n.mentions.filter((m) => m.unit === unit && !m.superseded);
        if (current.length === 0 || current.some((m) => m.value === oldMention.value))
            continue;
        if (replaced.length > 0 && !replaced.some((m) => m.unit === unit && m.value === oldMention.value))
            continue;
        if (!sameTopic(n, o, topic, unit))
            continue;
        return { newer: n.id, older: o.id, oldMention, newMention: current[0] };
    }
    return undefined;
}
/**
 * Whether an answer states that its sources disagree (the second half of the conflict rule), in the
 * extractive generator's words ("older documentation [2] says 3 seats; the newer source [1] supersedes it")
 * or a model's ("the older docs say otherwise", "this has changed", "is outdated").
 */
export function statesDisagreement(text) {
    const t = text.toLowerCase();
    return (/\b(?:supersede[sd]?|disagree[sd]?|contradict(?:s|ed)?|conflict(?:s|ing)?|out of date|outdated|no longer (?:accurate|correct|current|valid))\b/.test(t) ||
        /\b(?:older|earlier|previous|prior|old)\b[^.]{0,80}\b(?:says|say|said|states|state|stated|lists|listed|mentions|mentioned|shows|showed|differs?|otherwise)\b/.test(t) ||
        /\bhas (?:since )?changed\b/.test(t));
}
//# sourceMappingURL=conflict.js.map