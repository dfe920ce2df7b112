import type { SearchTask, SearchTaskResult } from '../messages.ts';
/** Answers one block of queries. */
export default function runSearchTask(task: SearchTask): Promise<SearchTaskResult>;
//# sourceMappingURL=search-worker.d.ts.map