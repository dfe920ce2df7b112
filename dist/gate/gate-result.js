/**
 * What the gate decides, as data: the verdict, the reasons it failed, every metric comparison it made, and
 * the messages to print (reasons first, then warnings and notes).
 */
export {};
//# sourceMappingURL=gate-result.js.map