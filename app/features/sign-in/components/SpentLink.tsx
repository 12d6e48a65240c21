import { Link } from "@remix-run/react";

/**
 * What a page opened from an e-mailed link shows when the link cannot be used (expired,
 * spent, or not ours): the reason, and one way on. The reset-password and e-mail-change
 * links answer alike.
 */
export function SpentLink({ message, onward }: { message: string; onward: { to: string; label: string } }) {
  return (
    <div className="auth-invalid">
      <p className="form-error" role="alert">
        {message}
      </p>
      <p className="auth-links">
        <Link to={onward.to}>{onward.label}</Link>
      </p>
    </div>
  );
}
