export {};
//# sourceMappingURL=task-meta.js.map