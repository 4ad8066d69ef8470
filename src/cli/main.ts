#!/usr/bin/env node
/** The `fusillade` executable: runs the command line against the real process. */
import { processIo } from "./io.js";
import { runCli } from "./program.js";

process.exitCode = await runCli(process.argv.slice(2), processIo());
