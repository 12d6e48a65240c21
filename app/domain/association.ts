/** Fixed facts about the association (the demo's fictional one). */
export const ASSOCIATION = {
  name: "Manchester Mosaic Association",
  shortName: "MMA",
  appName: "MMA App",
} as const;
