/** The ids of `n` cases chosen from `cases`, stratified by `case_type`, deterministic in `seed`. */
export declare function selectSample(cases: ReadonlyArray<{
    case_id: string;
    case_type: string;
}>, n: number, seed: number): Set<string>;
