import { verifyCommand } from "./verify.js";
import { calibrateCommand } from "./calibrate.js";
import { scoreRunCommand } from "./score-run.js";
import { searchCommand } from "./search.js";
import { baselineCommands } from "./baseline.js";
import { initCommand } from "./init.js";
/** Every subcommand, in the order `vitest-rag help` lists them. */
export const commands = [
    initCommand,
    verifyCommand,
    calibrateCommand,
    scoreRunCommand,
    searchCommand,
    ...baselineCommands,
];
//# sourceMappingURL=index.js.map