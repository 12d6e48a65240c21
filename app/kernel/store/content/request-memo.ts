import type { ContentRepository } from "../port";

/**
 * Within one request, each content set is read once: the root loader and a page's
 * loader may both need the site settings. The content service is built per
 * request, so the memo lives exactly as long as the request.
 */
export function memoiseContentReads(content: ContentRepository): ContentRepository {
  const memo = new Map<string, Promise<unknown>>();
  return new Proxy(content, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const key = `${String(property)}(${JSON.stringify(args)})`;
        let pending = memo.get(key);
        if (!pending) {
          pending = (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          // A failed read may be retried by a later loader of the same request.
          pending.catch(() => memo.delete(key));
          memo.set(key, pending);
        }
        return pending;
      };
    },
  });
}
