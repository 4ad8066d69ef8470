import * as z from "zod";

/** A finite number (no NaN, no ±Infinity). */
export const finite = z.number().finite();
/** A finite coordinate or length in inches, kept within a sane magnitude. */
export const inches = z.number().finite().gte(-100_000).lte(100_000);
/** A non-negative whole count. */
export const count = z.int().min(0).max(100_000);

/** Zod schema of a point on the table, in inches. */
export const Vec2Schema = z.strictObject({ x: inches, y: inches });
/** A point on the table, in inches (x right, y up). */
export type Vec2 = z.infer<typeof Vec2Schema>;

/** A facing in degrees, counter-clockwise from +x (any finite value; normalised when used). */
export const facingSchema = z.number().finite().gte(-3600).lte(3600);

/** Zod schema of a base size (frontage × depth) in inches. */
export const BaseSizeSchema = z.strictObject({ w: z.number().finite().positive().lte(100), d: z.number().finite().positive().lte(100) });
/** A base's frontage `w` and depth `d` in inches. */
export type BaseSize = z.infer<typeof BaseSizeSchema>;

/** A JSON value (what an event's details may hold). */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [k: string]: JsonValue };
/** Zod schema of a JSON value with finite numbers. */
export const JsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), finite, z.boolean(), z.null(), z.array(JsonValueSchema), z.record(z.string(), JsonValueSchema)]),
);

/** Recursively readonly version of a type. */
export type DeepReadonly<T> = T extends string | number | boolean | bigint | symbol | null | undefined
  ? T
  : T extends (...args: never[]) => unknown
  ? T
  : T extends readonly unknown[]
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;
