/**
 * The sign-up form's own fields, texts and fees, without the validation library (the
 * schema is in signup.ts), so the page can use them in the browser.
 */
export const ACCOUNT_FIELDS = ["email", "password", "confirm_password"] as const;
export const SIGNUP_CONSENT_FIELDS = ["agreeTerms", "giftAidConcent", "residentConcent", "paymentConcent"] as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const SIGNUP_MESSAGES = {
  email: "Please enter your email",
  password: "Please enter a password",
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordLong: `Password must be at most ${PASSWORD_MAX} characters`,
  confirmPassword: "Please confirm your password",
  passwordMismatch: "Passwords do not match",
  duplicateEmail: "Email id already exist!",
  rateLimited: "Too many sign-ups from this address. Please try again later.",
} as const;

export const SIGNUP_THANKS = "Thank you for registering. Your application is under review.";

/** Fee wording of the consents (spec §5 and §9); the amounts charged come from site settings. */
export const SIGNUP_FEES = { registration: { single: 10, family: 20 }, subscription: { single: 10, family: 20 } } as const;

/** The intent of the button that re-renders the form for a new membership or child count (no JavaScript). */
export const UPDATE_FIELDS_INTENT = "update-fields";
