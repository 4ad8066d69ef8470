/**
 * Text helpers for SVG output: XML escaping and compact number formatting.
 */

const XML_ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Escapes text for XML content and attribute values (`& < > " '`), and drops characters XML 1.0
 * does not allow.
 * @example escapeXml(`<b>"R&D"</b>`) // "&lt;b&gt;&quot;R&amp;D&quot;&lt;/b&gt;"
 */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "").replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** A number for an SVG attribute: two decimals at most, no `-0`, no exponent. */
export function num(n: number): string {
  if (!Number.isFinite(n)) return "0";
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? "0" : String(r);
}

/** An attribute list from a record; values are escaped; undefined values are left out. */
export function attrs(a: Readonly<Record<string, string | number | undefined>>): string {
  let out = "";
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined) continue;
    out += ` ${k}="${typeof v === "number" ? num(v) : escapeXml(v)}"`;
  }
  return out;
}
