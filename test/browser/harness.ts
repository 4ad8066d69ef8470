/**
 * Browser test harness: finds Debian's chromium, launches it headless with playwright-core, serves
 * files on 127.0.0.1, and bundles the core with esbuild. Tests skip with a clear message when
 * chromium is missing (`apt-get install -y chromium`).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { chromium, type Browser } from "playwright-core";

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, "..", "..");

/** Flags known to work here (TOOLCHAIN.md): no sandbox as root, no background network. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

/** Path of a chromium binary: $CHROMIUM_PATH, else `chromium` / `chromium-browser` on the PATH; null if none. */
export function findChromium(): string | null {
  const env = process.env["CHROMIUM_PATH"];
  if (env !== undefined && env !== "" && existsSync(env)) return env;
  for (const name of ["chromium", "chromium-browser"]) {
    try {
      const p = execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
      if (p !== "" && existsSync(p)) return p;
    } catch {
      // not on the PATH
    }
  }
  return null;
}

/** Why the browser tests skip, or null when chromium is there. */
export const SKIP_REASON: string | null = findChromium() === null ? "chromium not found: install it (apt-get install -y chromium) or set CHROMIUM_PATH; browser tests skipped" : null;

/** Launches headless chromium. */
export async function launch(): Promise<Browser> {
  const executablePath = findChromium();
  if (executablePath === null) throw new Error(SKIP_REASON ?? "no chromium");
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
}

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/** A static file server on 127.0.0.1: `routes` (path → text) first, then files under `dir`. */
export async function serve(dir: string | null, routes: Readonly<Record<string, string>> = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const p = path === "/" ? "/index.html" : path;
    const routed = routes[p];
    const type = TYPES[extname(p)] ?? "application/octet-stream";
    if (routed !== undefined) {
      res.writeHead(200, { "content-type": type }).end(routed);
      return;
    }
    const file = dir === null ? null : normalize(join(dir, p));
    if (file === null || dir === null || !file.startsWith(normalize(dir)) || !existsSync(file)) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": type }).end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const addr = server.address();
  if (addr === null || typeof addr === "string") throw new Error("no port");
  return { url: `http://127.0.0.1:${addr.port}`, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

/** Bundles an entry for the browser (ESM); `minify` for the size budget. */
export async function bundle(entry: { file: string } | { contents: string }, minify: boolean): Promise<string> {
  const r = await build({
    ...("file" in entry ? { entryPoints: [entry.file] } : { stdin: { contents: entry.contents, resolveDir: ROOT, loader: "ts", sourcefile: "entry.ts" } }),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify,
    write: false,
    logLevel: "silent",
    legalComments: "none",
  });
  const out = r.outputFiles[0];
  if (out === undefined) throw new Error("esbuild gave no output");
  return out.text;
}

/** Sizes of a bundle in bytes: raw and gzipped (level 9). */
export function sizes(code: string): { raw: number; gzip: number } {
  const buf = Buffer.from(code, "utf8");
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}
