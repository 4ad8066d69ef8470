/** mulberry32: a seeded generator of numbers in [0, 1) (see mulberry32.mjs). */
export declare function mulberry32(seed: number): () => number;
