/**
 * The commands the harness's messages tell a user to run, spelled once: the gate, the configuration and the CLI
 * all quote them, and a user copies them from the terminal, so they must read the same everywhere.
 */

/**
 * The command that creates or replaces a baseline, quoted in messages (the gate's missing-baseline note, the
 * config's per-project accept command, `baseline show`).
 */
export const BASELINE_ACCEPT_COMMAND = 'npx vitest-rag baseline accept'
