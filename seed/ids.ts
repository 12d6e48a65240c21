/** Fixed ids for seeded records (24 hex characters, like Cockpit's), so a seed is repeatable. */
export const ID_SPACE = {
  slide: 0x10,
  bearer: 0x11,
  team: 0x12,
  event: 0x13,
  gallery: 0x14,
  news: 0x15,
  document: 0x16,
  eventRecord: 0x17,
  member: 0x20,
  transaction: 0x21,
  ticket: 0x22,
  syntheticMember: 0x30,
  syntheticTransaction: 0x31,
  syntheticTicket: 0x32,
} as const;

export function seedId(space: number, n: number): string {
  return space.toString(16).padStart(2, "0") + n.toString(16).padStart(22, "0");
}

/** A small deterministic PRNG (mulberry32), so synthetic data is the same on every run. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
