import type { ContentRepository, Store } from "./port";

/**
 * Within one request, each content set is read once: the root loader and a page's
 * loader may both need the site settings. The store is built per request, so
 * the memo lives exactly as long as the request. Writes are never memoised.
 */
export function memoiseContentReads(store: Store): Store {
  const cache = new Map<string, Promise<unknown>>();
  const content = new Proxy(store.content, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const key = `${String(property)}(${JSON.stringify(args)})`;
        let pending = cache.get(key);
        if (!pending) {
          pending = (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          // A failed read may be retried by a later loader of the same request.
          pending.catch(() => cache.delete(key));
          cache.set(key, pending);
        }
        return pending;
      };
    },
  }) as ContentRepository;
  return { ...store, content };
}
