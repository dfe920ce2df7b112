/**
 * Result types shared by every search arm.
 */
/** Every arm, in display order. */
export const searchArms = ['bm25', 'vector', 'hybrid', 'flexsearch'];
//# sourceMappingURL=types.js.map