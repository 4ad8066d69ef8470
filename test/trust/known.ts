/**
 * Failures the fuzzer finds in other modules, reported to their owners and not yet fixed (by
 * signature prefix `kind:invariant`). The fuzz budget in `npm test` fails on any failure NOT listed
 * here; remove an entry once its fix lands.
 */
export const KNOWN_FAILURES: { readonly [signature: string]: string } = {};
