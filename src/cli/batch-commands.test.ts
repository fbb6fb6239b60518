import { describe, expect, it } from "vitest";
import { batchCommands, UsageError } from "./batch-commands";

describe("batchCommands", () => {
  it("reads one JSON array of arguments per line, skipping blank lines and comments", () => {
    const text = '# people\n["users","create","--email","a@b.test","--name","Å \\"Q\\" B"]\n\n  ["keys","list"]  \n';
    expect(batchCommands(text)).toEqual([
      ["users", "create", "--email", "a@b.test", "--name", 'Å "Q" B'],
      ["keys", "list"],
    ]);
  });

  it("names the line of anything else, and refuses nested batches and db commands", () => {
    expect(() => batchCommands('["keys","list"]\nkeys list')).toThrow(new UsageError('batch line 2: not a JSON array of arguments such as ["keys","list"]'));
    expect(() => batchCommands("[]")).toThrow(UsageError);
    expect(() => batchCommands('["keys", 3]')).toThrow(UsageError);
    expect(() => batchCommands('{"a":1}')).toThrow(UsageError);
    expect(() => batchCommands('["batch","x"]')).toThrow("batch line 1: batch commands cannot run in a batch");
    expect(() => batchCommands('["db","export","x.sql"]')).toThrow("batch line 1: db commands cannot run in a batch");
  });
});
