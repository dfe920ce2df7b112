/** Metric families in display order; names not listed follow alphabetically. */
export declare const METRIC_FAMILY_ORDER: readonly string[];
/** Sorts metric names by family (see {@link METRIC_FAMILY_ORDER}), then by k: recall@5 before recall@20. */
export declare function sortMetricNames(names: Iterable<string>): string[];
/** Sorts case types in schema order (normal first); unknown names follow alphabetically. */
export declare function sortCaseTypes(types: Iterable<string>): string[];
