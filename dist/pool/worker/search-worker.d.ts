import type { SearchTask, SearchTaskResult } from '../messages.js';
/** Answers one block of queries. */
export default function runSearchTask(task: SearchTask): Promise<SearchTaskResult>;
