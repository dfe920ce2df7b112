/**
 * The 8-bit copy of the vector matrix behind the bounded exact search, and the error bound that makes it exact.
 *
 * Each float32 row r (L2-normalised, or zero) gets a scale `s_r = max|r_i| / 127` and codes
 * `c_i = round(r_i / s_r)` in [-127, 127], so `r^ = s_r * c` is its 8-bit approximation; we keep `||r||` and the
 * residual norm `||r - r^||`. A query q (the same float32 normalised vector the float32 path scores with) is
 * quantized the same way to int16 codes with `Q` levels (q^ = s_q * c_q). The integer dot product `c . c_q` is exact
 * (see {@link queryLevels}), so `a = s_r * s_q * (c . c_q)` is q^ . r^ up to float64 rounding, and
 *
 *   q . r - q^ . r^ = q . (r - r^) + (q - q^) . r^          (exact algebra)
 *   |q . r - a|    <= ||q|| ||r - r^|| + ||q - q^|| ||r^||   (Cauchy-Schwarz, twice; ||r^|| <= ||r|| + ||r - r^||)
 *
 * The float32 path does not return q . r but its float32 evaluation; any summation order of d products is within
 * `gamma_d * sum |q_i r_i| <= gamma_d ||q|| ||r||` of it, gamma_d = d u / (1 - d u), u = 2^-24 (Higham, Accuracy
 * and Stability of Numerical Algorithms, 3.1). So the float32 score lies in `[a - e, a + e]` with
 *
 *   e = ||q|| (||r - r^|| + gamma_d ||r||) + ||q - q^|| (||r|| + ||r - r^||),
 *
 * inflated by a relative 2^-30 and an absolute 2^-40 for the float64 arithmetic that computes a, e and the norms:
 * each of those carries a relative error below d * 2^-53 (< 2^-30 for d < 2^23) or, for the residual, an absolute
 * error below 2^-51 ||r^|| (<= 2^-50 for the unit vectors stored here), far inside the slack.
 * Pure: no I/O.
 */

/** Bytes of one code row: d rounded up to a multiple of 16 (the int8 kernels read 16 bytes per step). */
export function codeStride(d: number): number {
  return Math.ceil(d / 16) * 16
}

/** u = 2^-24, the unit roundoff of float32. */
const unitRoundoff = 2 ** -24

/** gamma_d = d u / (1 - d u): the relative error bound of a float32 dot product of length d in any order. */
export function float32DotGamma(d: number): number {
  return (d * unitRoundoff) / (1 - d * unitRoundoff)
}

/** The relative and absolute slack added to every bound for float64 rounding (see the file comment). */
export const boundSlack = Object.freeze({ relative: 2 ** -30, absolute: 2 ** -40 })

/**
 * Query code levels for dimension d: min(32767, floor((2^31 - 1) / (127 d))), so that |c . c_q| <= 127 * Q * d
 * fits in an i32 and the kernel's wrapping i32 sums are exact. Example: d = 1536 -> 11008; d = 384 -> 32767.
 */
export function queryLevels(d: number): number {
  return Math.max(1, Math.min(32767, Math.floor(0x7fffffff / (127 * Math.max(1, d)))))
}

// Quantizes src[offset, offset + d) to `levels` symmetric levels into target[targetOffset, ...): returns the scale,
// and writes ||x|| and ||x - scale * codes|| to `norms`. Multiplying by the inverse may round a code differently
// than dividing; any code is sound, because the residual is measured against the codes actually stored, and
// |x * inverse| <= levels (+ rounding) keeps |code| <= levels.
function quantizeVector(
  src: Float32Array,
  offset: number,
  d: number,
  levels: number,
  target: Int8Array | Int16Array,
  targetOffset: number,
  norms: Float64Array,
): number {
  let maxAbs = 0
  let norm2 = 0
  for (let i = 0; i < d; i++) {
    const x = src[offset + i] as number
    norm2 += x * x
    const a = Math.abs(x)
    if (a > maxAbs) maxAbs = a
  }
  const scale = maxAbs / levels
  const inverse = maxAbs > 0 ? levels / maxAbs : 0
  let residual2 = 0
  for (let i = 0; i < d; i++) {
    const x = src[offset + i] as number
    const c = Math.round(x * inverse)
    target[targetOffset + i] = c
    const e = x - scale * c
    residual2 += e * e
  }
  norms[0] = Math.sqrt(norm2)
  norms[1] = Math.sqrt(residual2)
  return scale
}

/**
 * Writes the int8 codes of `rows` float32 rows (row-major, d columns) into `codes` (rows x stride, zero padded)
 * and three numbers per row into `rowStats`: the scale s_r, then A_r = ||r - r^|| + gamma_d ||r|| and
 * B_r = ||r|| + ||r - r^|| (the two factors of the error bound). A zero row gets scale 0 and A = B = 0.
 * Example (d = 2): row [0.6, 0.8] -> scale 0.8 / 127, codes [95, 127] (0.6 / 0.0062992 = 95.25 -> 95).
 */
export function quantizeRows(
  matrix: Float32Array,
  d: number,
  rows: number,
  codes: Int8Array,
  rowStats: Float64Array,
): void {
  const stride = codeStride(d)
  const gamma = float32DotGamma(d)
  const norms = new Float64Array(2)
  for (let r = 0; r < rows; r++) {
    const scale = quantizeVector(matrix, r * d, d, 127, codes, r * stride, norms)
    codes.fill(0, r * stride + d, (r + 1) * stride)
    const norm = norms[0] as number
    const residual = norms[1] as number
    rowStats[3 * r] = scale
    rowStats[3 * r + 1] = residual + gamma * norm
    rowStats[3 * r + 2] = norm + residual
  }
}

/** A quantized query: the factors of its side of the error bound. */
export interface QuantizedQuery {
  /** s_q: q^ = s_q * codes. */
  scale: number
  /** ||q|| * (1 + relative slack). */
  normBound: number
  /** ||q - q^|| * (1 + relative slack). */
  residualBound: number
}

/**
 * Quantizes the float32 query `q` (`d` values from `offset`) to int16 codes with {@link queryLevels} levels,
 * written at `target[targetOffset + i]` for i < d (the caller zero-fills any padding).
 */
export function quantizeQuery(
  q: Float32Array,
  offset: number,
  d: number,
  target: Int16Array,
  targetOffset: number,
): QuantizedQuery {
  const norms = new Float64Array(2)
  const scale = quantizeVector(q, offset, d, queryLevels(d), target, targetOffset, norms)
  const grow = 1 + boundSlack.relative
  return { scale, normBound: (norms[0] as number) * grow, residualBound: (norms[1] as number) * grow }
}
