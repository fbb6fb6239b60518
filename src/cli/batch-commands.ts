/** What the CLI answers with its usage: a command or argument it does not take. */
export class UsageError extends Error {}

/**
 * The commands of a batch file: one per line, each a JSON array of strings (blank lines and lines starting with
 * `#` skipped). JSON, not shell words, so that an argument holds any character without quoting rules.
 */
export function batchCommands(text: string): string[][] {
  const commands: string[][] = [];
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((a) => typeof a === "string"))
      throw new UsageError(`batch line ${i + 1}: not a JSON array of arguments such as ["keys","list"]`);
    if (parsed[0] === "batch" || parsed[0] === "db") throw new UsageError(`batch line ${i + 1}: ${parsed[0]} commands cannot run in a batch`);
    commands.push(parsed);
  }
  return commands;
}
