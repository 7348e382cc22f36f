#!/usr/bin/env node
// The `tally` command. The CLI is TypeScript sharing lib/ with the app: it runs compiled ahead of time
// (./bundle.mjs, rebuilt when a source changes) or, when that is not possible, through tsx.
import { compiledCli } from "./bundle.mjs";

let main;
const compiled = process.env.TALLY_CLI_TSX === "1" ? null : await compiledCli();
if (compiled) ({ main } = await import(compiled));
else {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: new URL("../../tsconfig.json", import.meta.url).pathname });
  ({ main } = await import("./main.ts"));
}
process.exitCode = await main(process.argv.slice(2));
