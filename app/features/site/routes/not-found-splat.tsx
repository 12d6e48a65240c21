/** Any URL no other route claims: the 404 page with status 404 (rendered by the root error boundary). */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
