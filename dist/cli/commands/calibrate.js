/**
 * `vitest-rag calibrate`: scores a human-labelled sample with the judge and reports how far it agrees with
 * the humans per criterion (accuracy, Cohen's kappa, confusion matrix), then writes the calibration record
 * the scorecard prints beside every judge metric.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { CliUsageError } from "../command.js";
import { parseCliArgs, stringFlag } from "../args.js";
import { createModelClients } from "../../llm/index.js";
import { defaultCalibrationRecordPath, writeCalibrationRecord } from "../../judge/calibration-record.js";
import { createHeuristicJudge } from "../../judge/heuristic-judge.js";
import { formatProblems } from "../../judge/labels-file.js";
import { loadJudgePromptTemplate } from "../../judge/load-prompt-template.js";
import { createModelJudge } from "../../judge/model-judge.js";
import { runCalibration } from "../../judge/run-calibration.js";
const usage = `Usage: vitest-rag calibrate --labels FILE [--judge heuristic|model] [--models FILE] [--template FILE] [--out FILE]

Scores a human-labelled sample with the judge and reports its agreement with the human labels per
criterion: accuracy, Cohen's kappa and the confusion matrix (rows human, columns judge).
  --labels FILE    JSON Lines, one labelled answer per line:
                   {"id", "query", "context": [{"text", "date"?}], "answer", "reference_answer"?,
                    "labels": {"faithfulness"?: 0|0.5|1, "citation_accuracy"?, "answer_relevance"?, "crag"?}}
  --judge KIND     heuristic (offline, default) or model
  --models FILE    JSON file with the models config (generator and judge chains); needed for --judge model
  --template FILE  the judge prompt template (default: evals/prompts/judge.md)
  --out FILE       where to write the calibration record (default: ${defaultCalibrationRecordPath('heuristic')}
                   or ${defaultCalibrationRecordPath('model')})

Exit code: 0 after writing the record, 1 when the labels file has problems, 2 on a usage error.`;
function parseArgs(argv) {
    const { values } = parseCliArgs(argv, {
        labels: { type: 'string' },
        judge: { type: 'string' },
        models: { type: 'string' },
        template: { type: 'string' },
        out: { type: 'string' },
    });
    const labels = stringFlag(values, 'labels');
    const judge = stringFlag(values, 'judge') ?? 'heuristic';
    if (judge !== 'heuristic' && judge !== 'model')
        throw new CliUsageError(`--judge must be heuristic or model, got ${JSON.stringify(judge)}`);
    if (labels === undefined)
        throw new CliUsageError('--labels FILE is required');
    const models = stringFlag(values, 'models');
    if (judge === 'model' && models === undefined)
        throw new CliUsageError('--judge model needs --models FILE (the generator and judge chains)');
    return { labels, judge, models, template: stringFlag(values, 'template'), out: stringFlag(values, 'out') };
}
function buildJudge(args, io) {
    if (args.judge === 'heuristic')
        return createHeuristicJudge();
    const modelsPath = resolve(io.cwd, args.models ?? '');
    if (!existsSync(modelsPath))
        throw new CliUsageError(`--models ${JSON.stringify(args.models)}: no such file (give the JSON file with the generator and judge chains)`);
    let config;
    try {
        config = JSON.parse(readFileSync(modelsPath, 'utf8'));
    }
    catch (error) {
        throw new CliUsageError(`--models ${JSON.stringify(args.models)}: not valid JSON (${error.message})`);
    }
    const clients = createModelClients(config);
    if (!clients.judge)
        throw new CliUsageError(`${modelsPath} configures no judge; add "judge": {} (the generator chain reversed) or a judge chain`);
    const template = loadJudgePromptTemplate(args.template === undefined ? undefined : resolve(io.cwd, args.template));
    return createModelJudge({
        client: clients.judge,
        template,
        ...(clients.generator ? { generatorModel: clients.generator.model } : {}),
        allowSameModel: config.judge?.allowSameModel ?? false,
    });
}
/** The agreement table as text: one block per criterion with its confusion matrix. */
export function renderAgreement(name, a) {
    const fmt = (x) => (x === null ? 'n/a' : x.toFixed(3));
    const width = Math.max(6, ...a.labels.map((l) => l.length + 1));
    const header = `${'human\\judge'.padEnd(12)}${a.labels.map((l) => l.padStart(width)).join('')}`;
    const rows = a.labels.map((l, i) => `${l.padEnd(12)}${(a.confusion[i] ?? []).map((c) => String(c).padStart(width)).join('')}`);
    return [`${name}: n=${a.n}${a.skipped > 0 ? ` (skipped ${a.skipped})` : ''}  accuracy ${fmt(a.accuracy)}  kappa ${fmt(a.kappa)}`, `  ${header}`, ...rows.map((r) => `  ${r}`)].join('\n');
}
async function run(argv, io) {
    const args = parseArgs(argv);
    const labelsPath = resolve(io.cwd, args.labels);
    if (!existsSync(labelsPath)) {
        io.stderr(`vitest-rag calibrate: no labels file at ${labelsPath} (fix: pass --labels with a JSONL file of labelled answers, e.g. test/fixtures/calibration/halueval-54.jsonl)\n`);
        return 1;
    }
    const judge = buildJudge(args, io);
    const outcome = await runCalibration(labelsPath, judge, relative(io.cwd, labelsPath) || labelsPath);
    if (!outcome.ok) {
        io.stderr(`${formatProblems(outcome.problems)}\nvitest-rag calibrate: ${outcome.problems.length} problem(s) in ${args.labels}; fix them and re-run\n`);
        return 1;
    }
    const outPath = resolve(io.cwd, args.out ?? defaultCalibrationRecordPath(judge.kind));
    await writeCalibrationRecord(outPath, outcome.record);
    const blocks = Object.entries(outcome.record.criteria).map(([name, a]) => renderAgreement(name, a));
    io.stdout(`vitest-rag calibrate: ${outcome.record.rows} labelled rows, ${judge.kind} judge${judge.model ? ` ${judge.model}` : ''} (${judge.promptVersion})\n\n${blocks.join('\n\n')}\n\nwrote ${outPath}\n`);
    return 0;
}
/** `vitest-rag calibrate`. */
export const calibrateCommand = {
    name: 'calibrate',
    summary: "measure the judge's agreement with human labels (accuracy, Cohen's kappa, confusion)",
    usage,
    run,
};
//# sourceMappingURL=calibrate.js.map