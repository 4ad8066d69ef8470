import type { z } from "zod";
import type { InputIssue } from "./violation.js";

/** Converts zod issues to the library's input issues (path and message, no zod types leak out). */
export function toIssues(error: z.ZodError): InputIssue[] {
  return error.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
    message: i.message,
    code: i.code,
  }));
}
