import { describe, expect, it } from "vitest";
import * as z from "zod";
import { ActionSchema } from "../../src/engine/actions.js";
import { ACTION_FIELD_DOCS } from "../../src/state/index.js";
import { readFileSync } from "node:fs";

/** Every action type with its fields (besides `type`), read from the schemas themselves. */
function actionFields(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const schema of (ActionSchema as unknown as { options: z.ZodType[] }).options) {
    const js = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, { const?: unknown }> };
    const props = js.properties ?? {};
    out.set(String(props["type"]?.const), Object.keys(props).filter((k) => k !== "type"));
  }
  return out;
}

describe("the actions' field descriptions (fusillade/state ACTION_FIELD_DOCS)", () => {
  const fields = actionFields();

  it("names every action type and only those", () => {
    expect(Object.keys(ACTION_FIELD_DOCS).sort()).toEqual([...fields.keys()].sort());
  });

  it("describes every field of every action, and no field the schema lacks", () => {
    for (const [type, names] of fields) {
      expect(Object.keys(ACTION_FIELD_DOCS[type] ?? {}).sort(), type).toEqual([...names].sort());
      for (const n of names) expect(ACTION_FIELD_DOCS[type]?.[n]?.length ?? 0, `${type}.${n}`).toBeGreaterThan(10);
    }
  });

  it("keeps the texts out of the runtime schemas (the engine bundles stay small)", () => {
    for (const schema of (ActionSchema as unknown as { options: z.ZodType[] }).options) {
      const js = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, { description?: unknown }> };
      for (const [k, p] of Object.entries(js.properties ?? {})) expect(p.description, k).toBeUndefined();
    }
  });

  it("are in schemas/action.json, each on its field of its action", () => {
    const json = JSON.parse(readFileSync(new URL("../../schemas/action.json", import.meta.url), "utf8")) as { oneOf: Array<{ properties: Record<string, { const?: string; description?: string }> }> };
    let described = 0;
    for (const variant of json.oneOf) {
      const docs = ACTION_FIELD_DOCS[variant.properties["type"]!.const!]!;
      for (const [field, p] of Object.entries(variant.properties)) {
        if (field === "type") continue;
        expect(p.description, `${variant.properties["type"]!.const} ${field}`).toBe(docs[field]);
        described++;
      }
    }
    expect(described).toBe(Object.values(ACTION_FIELD_DOCS).reduce((n, d) => n + Object.keys(d).length, 0));
  });
});
