#!/usr/bin/env node
// The `tally` command. The CLI is TypeScript sharing lib/ with the app; tsx compiles it on the fly.
import { register } from "tsx/esm/api";

register({ tsconfig: new URL("../../tsconfig.json", import.meta.url).pathname });
const { main } = await import("./main.ts");
process.exitCode = await main(process.argv.slice(2));
