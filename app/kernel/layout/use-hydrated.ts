import { useEffect, useState } from "react";

// Once the first render has hydrated, components mounted later can render their
// JavaScript version straight away.
let hydrating = true;

/** False on the server and in the hydrating render; true from then on. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    hydrating = false;
    setHydrated(true);
  }, []);
  return hydrated;
}
