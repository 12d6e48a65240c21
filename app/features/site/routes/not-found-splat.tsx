import { notFound } from "~/kernel/http/answers.server";

/** Any URL no other route claims: the 404 page with status 404 (rendered by the root error boundary). */
export function loader() {
  throw notFound();
}

export default function NotFound() {
  return null;
}
