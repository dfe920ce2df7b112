/**
 * The golden case schema: what one line of a `*.golden.jsonl` file must hold.
 *
 * Schema and type come as pairs (`GoldenCaseSchema` + `GoldenCase`). Validation happens once, at the edge
 * (the golden file parser), and every later stage trusts the inferred type.
 *
 * A case names the SOURCE of its answer with a locator (doc slug + heading, changelog entry, ticket, or
 * document id + character span), never a chunk id or a content hash, so ground truth survives re-chunking.
 *
 * Every object is strict: an unknown key (a typo such as `headng`) is an error, never silently dropped, since a
 * dropped `heading` would quietly widen a locator to the whole doc.
 */
import { z } from 'zod';
/** The kinds of golden case. Each kind turns on a different set of hard assertions. */
export declare const CaseTypeSchema: z.ZodEnum<{
    normal: "normal";
    out_of_scope: "out_of_scope";
    exact_identifier: "exact_identifier";
    multi_turn: "multi_turn";
    stale_conflict: "stale_conflict";
    cross_tenant: "cross_tenant";
}>;
/** One of {@link CaseTypeSchema}'s values. */
export type CaseType = z.infer<typeof CaseTypeSchema>;
/** CRAG question types (Yang et al., 2024), a facet the scorecard aggregates by. */
export declare const QuestionTypeSchema: z.ZodEnum<{
    simple: "simple";
    conditional: "conditional";
    set: "set";
    comparison: "comparison";
    aggregation: "aggregation";
    multi_hop: "multi_hop";
    post_processing: "post_processing";
    false_premise: "false_premise";
}>;
/** One of {@link QuestionTypeSchema}'s values. */
export type QuestionType = z.infer<typeof QuestionTypeSchema>;
/** CRAG popularity facet: how often users ask about the entity. */
export declare const PopularitySchema: z.ZodEnum<{
    head: "head";
    torso: "torso";
    tail: "tail";
}>;
/** CRAG dynamism facet: how fast the true answer changes over time. */
export declare const DynamismSchema: z.ZodEnum<{
    static: "static";
    slow: "slow";
    fast: "fast";
}>;
/** One prior turn of a conversation. */
export declare const TurnSchema: z.ZodObject<{
    role: z.ZodEnum<{
        user: "user";
        assistant: "assistant";
    }>;
    content: z.ZodString;
}, z.core.$strict>;
/** One prior turn of a conversation. */
export type Turn = z.infer<typeof TurnSchema>;
/**
 * A markdown doc section: `slug` is the doc's path under its tenant's `docs/` folder without `.md`
 * (e.g. `billing/seats`); `heading` names a section by its heading text, or by a path of headings joined
 * with ` > ` (e.g. `Plans > Seat limits`) matched against the end of the section's heading path. Without
 * `heading` the locator covers the whole doc.
 */
export declare const DocLocatorSchema: z.ZodObject<{
    kind: z.ZodLiteral<"doc">;
    slug: z.ZodString;
    heading: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
/** A changelog entry, by its id (e.g. `CL-2025-014`). */
export declare const ChangelogLocatorSchema: z.ZodObject<{
    kind: z.ZodLiteral<"changelog">;
    entry: z.ZodString;
}, z.core.$strict>;
/** A support ticket, by its id (e.g. `TCK-1042`). */
export declare const TicketLocatorSchema: z.ZodObject<{
    kind: z.ZodLiteral<"ticket">;
    ticket: z.ZodString;
}, z.core.$strict>;
/**
 * A generic document (imported datasets, BEIR), by id, optionally narrowed to the character span
 * `[start, end)` of its normalised text.
 */
export declare const DocumentLocatorSchema: z.ZodObject<{
    kind: z.ZodLiteral<"document">;
    id: z.ZodString;
    span: z.ZodOptional<z.ZodTuple<[z.ZodNumber, z.ZodNumber], null>>;
}, z.core.$strict>;
/** Where the answer lives: a source, never a chunk. */
export declare const LocatorSchema: z.ZodDiscriminatedUnion<[z.ZodObject<{
    kind: z.ZodLiteral<"doc">;
    slug: z.ZodString;
    heading: z.ZodOptional<z.ZodString>;
}, z.core.$strict>, z.ZodObject<{
    kind: z.ZodLiteral<"changelog">;
    entry: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    kind: z.ZodLiteral<"ticket">;
    ticket: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    kind: z.ZodLiteral<"document">;
    id: z.ZodString;
    span: z.ZodOptional<z.ZodTuple<[z.ZodNumber, z.ZodNumber], null>>;
}, z.core.$strict>], "kind">;
/** Where the answer lives: a source, never a chunk. */
export type Locator = z.infer<typeof LocatorSchema>;
/**
 * An expected source with its graded relevance: 3 (the answer, default), 2 (strong support), 1 (related),
 * 0 (a judged near-miss that the retriever should NOT pull; it counts as non-relevant in every metric).
 * `tenant` defaults to the case's tenant.
 */
export declare const ExpectedSourceSchema: z.ZodObject<{
    locator: z.ZodDiscriminatedUnion<[z.ZodObject<{
        kind: z.ZodLiteral<"doc">;
        slug: z.ZodString;
        heading: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"changelog">;
        entry: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"ticket">;
        ticket: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"document">;
        id: z.ZodString;
        span: z.ZodOptional<z.ZodTuple<[z.ZodNumber, z.ZodNumber], null>>;
    }, z.core.$strict>], "kind">;
    grade: z.ZodDefault<z.ZodNumber>;
    tenant: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
/** An expected source with its graded relevance (0-3). */
export type ExpectedSource = z.infer<typeof ExpectedSourceSchema>;
/** A literal that should appear in the answer, with a weight; scored, never gating. */
export declare const WeightedLiteralSchema: z.ZodObject<{
    text: z.ZodString;
    weight: z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>;
/** Case ids are human-assigned and stable: letters, digits, `-`, `_`, `.` (e.g. `GC-0041`). */
export declare const CaseIdSchema: z.ZodString;
/** Case types that expect no sources and must abstain. */
export declare const ABSTAIN_CASE_TYPES: ReadonlySet<CaseType>;
/**
 * One golden case, with its cross-field rules:
 * - `out_of_scope` and `cross_tenant` cases expect no sources, are not answerable, and so must abstain;
 * - `cross_tenant` needs `forbidden_text` (the other tenant's facts that must never appear);
 * - `multi_turn` needs `history`;
 * - an answerable case names at least one expected source with grade > 0.
 * Uniqueness of `case_id` is a file-level rule, checked by the golden file parser.
 */
export declare const GoldenCaseSchema: z.ZodObject<{
    case_id: z.ZodString;
    case_type: z.ZodEnum<{
        normal: "normal";
        out_of_scope: "out_of_scope";
        exact_identifier: "exact_identifier";
        multi_turn: "multi_turn";
        stale_conflict: "stale_conflict";
        cross_tenant: "cross_tenant";
    }>;
    tenant_id: z.ZodString;
    query: z.ZodString;
    history: z.ZodDefault<z.ZodArray<z.ZodObject<{
        role: z.ZodEnum<{
            user: "user";
            assistant: "assistant";
        }>;
        content: z.ZodString;
    }, z.core.$strict>>>;
    expected_sources: z.ZodDefault<z.ZodArray<z.ZodObject<{
        locator: z.ZodDiscriminatedUnion<[z.ZodObject<{
            kind: z.ZodLiteral<"doc">;
            slug: z.ZodString;
            heading: z.ZodOptional<z.ZodString>;
        }, z.core.$strict>, z.ZodObject<{
            kind: z.ZodLiteral<"changelog">;
            entry: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            kind: z.ZodLiteral<"ticket">;
            ticket: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            kind: z.ZodLiteral<"document">;
            id: z.ZodString;
            span: z.ZodOptional<z.ZodTuple<[z.ZodNumber, z.ZodNumber], null>>;
        }, z.core.$strict>], "kind">;
        grade: z.ZodDefault<z.ZodNumber>;
        tenant: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
    reference_answer: z.ZodDefault<z.ZodString>;
    must_contain: z.ZodDefault<z.ZodArray<z.ZodString>>;
    should_contain: z.ZodDefault<z.ZodArray<z.ZodObject<{
        text: z.ZodString;
        weight: z.ZodDefault<z.ZodNumber>;
    }, z.core.$strict>>>;
    forbidden_text: z.ZodDefault<z.ZodArray<z.ZodString>>;
    notes: z.ZodOptional<z.ZodString>;
    answerable: z.ZodBoolean;
    question_type: z.ZodEnum<{
        simple: "simple";
        conditional: "conditional";
        set: "set";
        comparison: "comparison";
        aggregation: "aggregation";
        multi_hop: "multi_hop";
        post_processing: "post_processing";
        false_premise: "false_premise";
    }>;
    popularity: z.ZodEnum<{
        head: "head";
        torso: "torso";
        tail: "tail";
    }>;
    dynamism: z.ZodEnum<{
        static: "static";
        slow: "slow";
        fast: "fast";
    }>;
    tags: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>;
/** One validated golden case (defaults applied). */
export type GoldenCase = z.infer<typeof GoldenCaseSchema>;
/** A golden case as written in the file, before defaults. */
export type GoldenCaseInput = z.input<typeof GoldenCaseSchema>;
/** Whether a case must abstain (its hard assertion `toAbstain` applies). */
export declare function mustAbstain(c: Pick<GoldenCase, 'case_type'>): boolean;
