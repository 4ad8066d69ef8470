import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * The engine's transcendental functions are implementation-defined (Node and Chromium already
 * disagree in the last bits), so the core uses src/math instead. The CLI may use them: it only
 * formats and charts, and nothing it computes feeds a battle.
 */
const ROOT = resolve(import.meta.dirname, "..", "..");
const SRC = join(ROOT, "src");
const ALLOWED_DIRS = ["src/cli/"];
const FORBIDDEN = /\bMath\s*\.\s*(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|exp|expm1|log|log1p|log2|log10|pow|cbrt|hypot)\b/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith(".ts") ? [p] : [];
  });
}

/**
 * The code of a file with comments and the text of string literals blanked (a comment may name
 * `Math.sin`); the `${…}` parts of template literals stay code.
 */
function codeOnly(text: string): string {
  let out = "";
  const holes: number[] = []; // brace depth inside each open `${`
  let i = 0;
  const template = (): void => {
    // at the character after a backtick or a closing `}` of a hole: skip text up to the end or a hole
    while (i < text.length) {
      const c = text[i] as string;
      if (c === "\\") i += 2;
      else if (c === "`") {
        out += "`";
        i++;
        return;
      } else if (c === "$" && text[i + 1] === "{") {
        out += "${";
        i += 2;
        holes.push(0);
        return;
      } else i++;
    }
  };
  while (i < text.length) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 2;
      out += " ";
    } else if (c === '"' || c === "'") {
      i++;
      while (i < text.length && text[i] !== c && text[i] !== "\n") i += text[i] === "\\" ? 2 : 1;
      out += c + c;
      i++;
    } else if (c === "`") {
      out += c;
      i++;
      template();
    } else if (c === "}" && holes.length > 0 && holes[holes.length - 1] === 0) {
      holes.pop();
      out += c;
      i++;
      template();
    } else {
      const top = holes.length - 1;
      if (top >= 0 && (c === "{" || c === "}")) holes[top] = (holes[top] as number) + (c === "{" ? 1 : -1);
      out += c;
      i++;
    }
  }
  return out;
}

/** Every forbidden call in the core, as "file:line: match". */
function offences(): string[] {
  const found: string[] = [];
  for (const file of sources(SRC)) {
    const rel = relative(ROOT, file).split("\\").join("/");
    if (ALLOWED_DIRS.some((d) => rel.startsWith(d))) continue;
    const lines = codeOnly(readFileSync(file, "utf8")).split("\n");
    lines.forEach((line, n) => {
      for (const m of line.matchAll(FORBIDDEN)) found.push(`${rel}:${n + 1}: ${m[0]}`);
      if (/\*\*/.test(line)) found.push(`${rel}:${n + 1}: ** (Math.pow)`);
    });
  }
  return found;
}

describe("the core's arithmetic is the same on every engine", () => {
  it("CORE-GEO-2: no transcendental Math.* or ** in src/ outside src/cli (use src/math)", () => {
    expect(offences()).toEqual([]);
  });

  it("the scan sees calls in code and ignores comments and strings", () => {
    const calls = (code: string): string[] => [...codeOnly(code).matchAll(FORBIDDEN)].map((m) => m[0]);
    expect(calls('const a = Math.atan2(y, x); // Math.sin(t)\n/* Math.exp(1) */ const s = "Math.log(2)" + `${Math.hypot(1, 2)}`;')).toEqual(["Math.atan2", "Math.hypot"]);
    expect(calls('// Math.sin(t)\n/** Math.exp(1) ** 2 */ const s = "Math.log(2) ** 3";')).toEqual([]);
    expect(calls('const t = `a ${f({ k: `Math.sin(${Math.cos(x)})` })} Math.tan(1)`; Math.exp(2);')).toEqual(["Math.cos", "Math.exp"]);
    expect(codeOnly("const p = x ** 2;")).toMatch(/\*\*/);
  });
});
