/**
 * The fake's `singletons/save/{name}`: the custom endpoint vendor/cockpit-v1/start.sh
 * installs into a real Cockpit v1 (ADR 42), which has no REST save for singletons. Like it:
 * `data` must be an object (412 otherwise), an unknown singleton is a 404 with an empty
 * body, the given top-level fields are merged into the saved data, and the answer is the
 * whole data.
 */
export function saveSingleton(
  singletons: Record<string, Record<string, unknown>>,
  name: string | undefined,
  params: Record<string, unknown>,
): { status: number; body: unknown } {
  const data = params.data;
  if (data === null || typeof data !== "object" || Array.isArray(data)) return { status: 412, body: { error: "data must be an object" } };
  const saved = name === undefined ? undefined : singletons[name];
  if (!saved || name === undefined) return { status: 404, body: undefined };
  const merged = { ...saved, ...structuredClone(data as Record<string, unknown>) };
  singletons[name] = merged;
  return { status: 200, body: structuredClone(merged) };
}
