/** A message about the whole form (wrong credentials, too many attempts, our records unreachable). */
export function FormMessage({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  ) : null;
}
