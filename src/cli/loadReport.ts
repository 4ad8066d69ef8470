/**
 * Loads the report module, and with it vega and vega-lite: optional peer dependencies, installed
 * only by users who want `--report` / `--svg` charts (they are 1.7 MB that the CLI no longer ships).
 */
import { UsageError } from "./io.js";

/** The versions the charts are written for (vega-lite's v6 schema). */
export const REPORT_PACKAGES = "vega@6 vega-lite@6";

/** Whether an import failed because a package is not installed (Node's ERR_MODULE_NOT_FOUND). */
function missingPackage(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
}

/**
 * The report module (`load` stands in for the import in tests). Throws a {@link UsageError} naming
 * the option and the install command when vega or vega-lite is missing.
 */
export async function loadReport(option: string, load: () => Promise<typeof import("./report.js")> = () => import("./report.js")): Promise<typeof import("./report.js")> {
  try {
    return await load();
  } catch (e) {
    if (missingPackage(e)) throw new UsageError(`${option} draws charts with vega and vega-lite, which are optional: install them with \`npm i ${REPORT_PACKAGES}\``);
    throw e;
  }
}
