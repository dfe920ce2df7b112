/**
 * A small glob for golden-file patterns (`golden/**\/*.golden.jsonl`): `**` (any depth), `*`, `?` and
 * `{a,b}`. Enough for the patterns we document, with no dependency (Node 20 has no fs.glob).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
/** The regular expression a glob pattern stands for, matched against posix paths relative to the root. */
export function globToRegExp(pattern) {
    let re = '';
    for (let i = 0; i < pattern.length; i++) {
        const ch = pattern[i];
        if (ch === '*' && pattern[i + 1] === '*') {
            const slash = pattern[i + 2] === '/';
            re += slash ? '(?:.*/)?' : '.*';
            i += slash ? 2 : 1;
        }
        else if (ch === '*')
            re += '[^/]*';
        else if (ch === '?')
            re += '[^/]';
        else if (ch === '{') {
            const close = pattern.indexOf('}', i);
            const options = pattern.slice(i + 1, close).split(',').map((o) => o.replace(/[.+^$()|[\]\\]/g, '\\$&'));
            re += `(?:${options.join('|')})`;
            i = close;
        }
        else
            re += ch.replace(/[.+^$()|[\]\\]/g, '\\$&');
    }
    return new RegExp(`^${re}$`);
}
/** Absolute paths of the files under `root` matching `pattern`, sorted; `node_modules` and dot folders skipped. */
export function globFiles(root, pattern) {
    const re = globToRegExp(pattern);
    const out = [];
    const walk = (dir) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
            if (entry.name === 'node_modules' || entry.name.startsWith('.'))
                continue;
            const path = join(dir, entry.name);
            if (entry.isDirectory())
                walk(path);
            else if (re.test(relative(root, path).split('\\').join('/')))
                out.push(path);
        }
    };
    walk(root);
    return out.sort();
}
//# sourceMappingURL=glob.js.map